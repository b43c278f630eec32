import { useState } from 'react';
import { Link } from 'react-router';
import { ForgotPasswordSchema } from '@souq/shared';
import { FormError } from '../components/FormError';
import { PageTitle } from '../components/PageTitle';
import { TextField } from '../components/TextField';
import { bySchema } from '../components/form-check';
import { useForm } from '../components/useForm';
import { useRequestPasswordReset } from '../features/auth/api';

export default function ForgotPasswordPage() {
  const form = useForm({ initial: { email: '' }, check: bySchema(ForgotPasswordSchema) });
  const [message, setMessage] = useState<string | null>(null);
  const requestReset = useRequestPasswordReset();
  return (
    <section className="auth-card">
      <PageTitle subtitle="Enter the email you signed up with and we'll send you a link to choose a new password.">
        Forgot password?
      </PageTitle>
      {message ? (
        <p className="notice notice--ok" role="status">
          {message}
        </p>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            void form.submit(e, async (data) => setMessage((await requestReset.mutateAsync(data)).message));
          }}
        >
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            {...form.bind('email')}
            error={form.fields.email}
          />
          <FormError message={form.error} />
          <button type="submit" className="btn btn--primary btn--block" disabled={form.pending}>
            Send reset link
          </button>
        </form>
      )}
      <p className="auth-card__aside">
        <Link to="/login">Back to login</Link>
      </p>
    </section>
  );
}
