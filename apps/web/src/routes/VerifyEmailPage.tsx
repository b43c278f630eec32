import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MSG } from '@souq/shared';
import { ApiError } from '../api/client';
import { PageTitle } from '../components/PageTitle';
import { Spinner } from '../components/Spinner';
import { useVerifyEmail } from '../features/auth/api';

/** Where the emailed link lands. The token is spent by a POST, so a mail scanner's GET cannot use it up. */
export default function VerifyEmailPage() {
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
      {(verify.isIdle || verify.isPending) && <Spinner label="Verifying your email…" />}
      {verify.isSuccess && (
        <>
          <PageTitle>Email verified</PageTitle>
          <p className="notice notice--ok" data-testid="verify-result">
            {MSG.emailVerified}
          </p>
          <Link to="/" className="btn btn--primary">
            Start shopping
          </Link>
        </>
      )}
      {verify.isError && (
        <>
          <PageTitle>We could not verify your email</PageTitle>
          <p className="notice notice--error" data-testid="verify-result">
            {verify.error instanceof ApiError ? verify.error.message : MSG.tokenInvalid}
          </p>
          <p className="muted">Log in and use “Resend verification” at the top of the page to get a new link.</p>
        </>
      )}
    </section>
  );
}
