import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AUTH_CHANNEL, type AuthPopupMessage } from '../features/auth/GoogleButton';

/** The Google popup ends here: tell the page that opened it, then close. */
export default function PopupDonePage() {
  const [params] = useSearchParams();
  const error = params.get('error');

  useEffect(() => {
    const message: AuthPopupMessage = { type: 'souq:google', error };
    const channel = new BroadcastChannel(AUTH_CHANNEL);
    channel.postMessage(message);
    channel.close();
    if (error) console.warn('google sign-in:', error);
    const timer = setTimeout(() => window.close(), 300);
    return () => clearTimeout(timer);
  }, [error]);

  return (
    <section className="auth-card auth-card--center">
      <p className={error ? 'notice notice--error' : 'notice notice--ok'}>
        {error ?? 'You are signed in. You can close this window.'}
      </p>
      <Link to="/">Continue to Souq</Link>
    </section>
  );
}
