import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ResetPasswordSchema } from '@souq/shared';
import { FormError } from '../components/FormError';
import { PageTitle } from '../components/PageTitle';
import { bySchema } from '../components/form-check';
import { useForm } from '../components/useForm';
import { NewPasswordFields } from '../features/auth/NewPasswordFields';
import { useResetPassword } from '../features/auth/api';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const form = useForm({
    initial: { token: params.get('token') ?? '', password: '', confirmPassword: '' },
    check: bySchema(ResetPasswordSchema),
  });
  const [message, setMessage] = useState<string | null>(null);
  const reset = useResetPassword();
  return (
    <section className="auth-card">
      <PageTitle>Choose a new password</PageTitle>
      {message ? (
        <>
          <p className="notice notice--ok" role="status">
            {message}
          </p>
          <Link to="/login" className="btn btn--primary btn--block">
            Login
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
          <FormError message={form.fields.token ?? form.error} />
          <button type="submit" className="btn btn--primary btn--block" disabled={form.pending}>
            Set new password
          </button>
        </form>
      )}
    </section>
  );
}
