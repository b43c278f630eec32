import type { FieldErrors } from '@souq/shared';
import { TextField } from '../../components/TextField';
import { useT } from '../../i18n';

/** What the two fields need of a form (useForm) whose values include a new password and its confirmation. */
interface PasswordForm {
  bind(name: 'password' | 'confirmPassword'): {
    name: string;
    value: string;
    onChange: (e: { target: { value: string } }) => void;
  };
  fields: FieldErrors;
}

/** "New password" and "Confirm Password", as setting and resetting a password both ask for them. */
export function NewPasswordFields({ form }: { form: PasswordForm }) {
  const { t, m } = useT();
  const say = (message: string | undefined) => (message ? m(message) : undefined);
  return (
    <>
      <TextField
        label={t('auth.form.newPassword')}
        type="password"
        autoComplete="new-password"
        {...form.bind('password')}
        error={say(form.fields.password)}
      />
      <TextField
        label={t('auth.form.confirmPassword')}
        type="password"
        autoComplete="new-password"
        {...form.bind('confirmPassword')}
        error={say(form.fields.confirmPassword)}
      />
    </>
  );
}
