import { useEffect, useState } from 'react';
import { pathOf } from '../../api/client';
import { API } from '../../api/contract';
import { useT } from '../../i18n';
import { useProviders } from './api';

export const AUTH_CHANNEL = 'souq-auth';
export interface AuthPopupMessage {
  type: 'souq:google';
  error: string | null;
}

/** 'Login using Google' in a popup (ADR 0004); the popup reports back on a BroadcastChannel. */
export function GoogleButton({ onDone, onError }: { onDone: () => void; onError: (message: string) => void }) {
  const { t, m } = useT();
  const providers = useProviders();
  const [waiting, setWaiting] = useState(false);
  const google = providers.data?.google;

  useEffect(() => {
    if (!waiting) return;
    const channel = new BroadcastChannel(AUTH_CHANNEL);
    channel.onmessage = (event: MessageEvent<AuthPopupMessage>) => {
      if (event.data?.type !== 'souq:google') return;
      setWaiting(false);
      if (event.data.error) onError(event.data.error);
      else onDone();
    };
    return () => channel.close();
  }, [waiting, onDone, onError]);

  function open() {
    const width = 480;
    const height = 640;
    const left = window.screenX + (window.outerWidth - width) / 2;
    const top = window.screenY + (window.outerHeight - height) / 2;
    const popup = window.open(
      pathOf(API.accounts.googleStart),
      'souq-google',
      `popup,width=${width},height=${height},left=${left},top=${top}`,
    );
    if (!popup) {
      console.warn('google sign-in: popup-blocked');
      onError(t('auth.google.popupBlocked'));
      return;
    }
    setWaiting(true);
  }

  const disabled = !google?.enabled;
  return (
    <div className="google">
      <button type="button" className="btn btn--google" disabled={disabled || waiting} onClick={open}>
        <svg viewBox="0 0 48 48" className="icon" aria-hidden="true">
          <path
            fill="#EA4335"
            d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.2C12.5 13.6 17.8 9.5 24 9.5z"
          />
          <path
            fill="#4285F4"
            d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.7 6c4.5-4.2 6.9-10.3 6.9-17.7z"
          />
          <path
            fill="#FBBC05"
            d="M10.6 28.5c-.5-1.4-.8-3-.8-4.5s.3-3.1.8-4.5l-7.9-6.2C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.2z"
          />
          <path
            fill="#34A853"
            d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.7-6c-2.2 1.5-5 2.3-8.2 2.3-6.2 0-11.5-4.1-13.4-9.8l-7.9 6.2C6.6 42.6 14.6 48 24 48z"
          />
        </svg>
        {waiting ? t('auth.google.waiting') : t('auth.google.login')}
      </button>
      {google && !google.enabled && <p className="hint">{google.reason && m(google.reason)}</p>}
    </div>
  );
}
