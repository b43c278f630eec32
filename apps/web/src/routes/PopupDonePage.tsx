import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AUTH_CHANNEL, type AuthPopupMessage } from '../features/auth/GoogleButton';
import { useT } from '../i18n';

/** The Google popup ends here: tell the page that opened it, then close. */
export default function PopupDonePage() {
  const { t, m } = useT();
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
        {error ? m(error) : t('auth.popup.signedIn')}
      </p>
      <Link to="/">{t('auth.popup.continue')}</Link>
    </section>
  );
}
