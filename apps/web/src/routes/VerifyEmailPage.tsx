import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MSG } from '@souq/shared';
import { ApiError, post } from '../api/client';
import { PageTitle } from '../components/PageTitle';
import { Spinner } from '../components/Spinner';
import { useRefreshSession } from '../features/auth/session';

type State = { status: 'checking' } | { status: 'done' } | { status: 'failed'; message: string };

/** Where the emailed link lands. The token is spent by a POST, so a mail scanner's GET cannot use it up. */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ status: 'checking' });
  const refresh = useRefreshSession();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    post('/api/auth/verify-email', { token })
      .then(async () => {
        setState({ status: 'done' });
        await refresh();
      })
      .catch((error: unknown) => setState({ status: 'failed', message: error instanceof ApiError ? error.message : MSG.tokenInvalid }));
  }, [token, refresh]);

  return (
    <section className="auth-card auth-card--center">
      {state.status === 'checking' && <Spinner label="Verifying your email…" />}
      {state.status === 'done' && (
        <>
          <PageTitle>Email verified</PageTitle>
          <p className="notice notice--ok" data-testid="verify-result">{MSG.emailVerified}</p>
          <Link to="/" className="btn btn--primary">
            Start shopping
          </Link>
        </>
      )}
      {state.status === 'failed' && (
        <>
          <PageTitle>We could not verify your email</PageTitle>
          <p className="notice notice--error" data-testid="verify-result">{state.message}</p>
          <p className="muted">Log in and use “Resend verification” at the top of the page to get a new link.</p>
        </>
      )}
    </section>
  );
}
