import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MSG } from '@souq/shared';
import { ApiError } from '../api/client';
import { PageTitle } from '../components/PageTitle';
import { Spinner } from '../components/Spinner';
import { useVerifyEmail } from '../features/auth/api';
import { useT } from '../i18n';

/** Where the emailed link lands. The token is spent by a POST, so a mail scanner's GET cannot use it up. */
export default function VerifyEmailPage() {
  const { t, m } = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyEmail();
  const { mutate } = verify;
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  return (
    <section className="auth-card auth-card--center">
      {(verify.isIdle || verify.isPending) && <Spinner label={t('auth.verify.verifying')} />}
      {verify.isSuccess && (
        <>
          <PageTitle>{t('auth.verify.verified')}</PageTitle>
          <p className="notice notice--ok" data-testid="verify-result">
            {m(MSG.emailVerified)}
          </p>
          <Link to="/" className="btn btn--primary">
            {t('auth.verify.startShopping')}
          </Link>
        </>
      )}
      {verify.isError && (
        <>
          <PageTitle>{t('auth.verify.failed')}</PageTitle>
          <p className="notice notice--error" data-testid="verify-result">
            {m(verify.error instanceof ApiError ? verify.error.message : MSG.tokenInvalid)}
          </p>
          <p className="muted">{t('auth.verify.failedHint', { action: m(MSG.resendVerification) })}</p>
        </>
      )}
    </section>
  );
}
