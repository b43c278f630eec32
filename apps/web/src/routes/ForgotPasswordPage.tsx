import { useState } from 'react';
import { Link } from 'react-router';
import { ForgotPasswordSchema } from '@souq/shared';
import { FormError } from '../components/FormError';
import { PageTitle } from '../components/PageTitle';
import { TextField } from '../components/TextField';
import { bySchema } from '../components/form-check';
import { useForm } from '../components/useForm';
import { useRequestPasswordReset } from '../features/auth/api';
import { useT } from '../i18n';

export default function ForgotPasswordPage() {
  const { t, m } = useT();
  const form = useForm({ initial: { email: '' }, check: bySchema(ForgotPasswordSchema) });
  const [message, setMessage] = useState<string | null>(null);
  const requestReset = useRequestPasswordReset();
  return (
    <section className="auth-card">
      <PageTitle subtitle={t('auth.forgot.lead')}>{t('auth.forgot.title')}</PageTitle>
      {message ? (
        <p className="notice notice--ok" role="status">
          {m(message)}
        </p>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            void form.submit(e, async (data) => setMessage((await requestReset.mutateAsync(data)).message));
          }}
        >
          <TextField
            label={t('auth.form.email')}
            type="email"
            dir="ltr"
            autoComplete="email"
            {...form.bind('email')}
            error={form.fields.email && m(form.fields.email)}
          />
          <FormError message={form.error && m(form.error)} />
          <button type="submit" className="btn btn--primary btn--block" disabled={form.pending}>
            {t('auth.forgot.send')}
          </button>
        </form>
      )}
      <p className="auth-card__aside">
        <Link to="/login">{t('auth.forgot.back')}</Link>
      </p>
    </section>
  );
}
