import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ResetPasswordSchema } from '@souq/shared';
import { FormError } from '../components/FormError';
import { PageTitle } from '../components/PageTitle';
import { bySchema } from '../components/form-check';
import { useForm } from '../components/useForm';
import { NewPasswordFields } from '../features/auth/NewPasswordFields';
import { useResetPassword } from '../features/auth/api';
import { useT } from '../i18n';

export default function ResetPasswordPage() {
  const { t, m } = useT();
  const [params] = useSearchParams();
  const form = useForm({
    initial: { token: params.get('token') ?? '', password: '', confirmPassword: '' },
    check: bySchema(ResetPasswordSchema),
  });
  const [message, setMessage] = useState<string | null>(null);
  const reset = useResetPassword();
  const say = (text: string | null) => text && m(text);
  return (
    <section className="auth-card">
      <PageTitle>{t('auth.reset.title')}</PageTitle>
      {message ? (
        <>
          <p className="notice notice--ok" role="status">
            {m(message)}
          </p>
          <Link to="/login" className="btn btn--primary btn--block">
            {t('auth.reset.login')}
          </Link>
        </>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            void form.submit(e, async (data) => {
              setMessage((await reset.mutateAsync(data)).message);
            });
          }}
        >
          <NewPasswordFields form={form} />
          <FormError message={say(form.fields.token ?? form.error)} />
          <button type="submit" className="btn btn--primary btn--block" disabled={form.pending}>
            {t('auth.reset.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
