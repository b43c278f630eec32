import type { FieldErrors } from '@souq/shared';
import { TextField } from '../../components/TextField';

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
  return (
    <>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        {...form.bind('password')}
        error={form.fields.password}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        {...form.bind('confirmPassword')}
        error={form.fields.confirmPassword}
      />
    </>
  );
}
