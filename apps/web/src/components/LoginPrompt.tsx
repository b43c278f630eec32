import { Link, useLocation } from 'react-router';
import { MSG } from '@souq/shared';
import { useT } from '../i18n';

interface Props {
  /** What needs a login, in the exact words shown (a shared message is put in the page's language). */
  message?: string;
  /** The first button's label; 'Log in' in the page's language by default. */
  action?: string;
  /** Where the login page brings the person back to; this page (with its query) by default. */
  from?: string;
  testId?: string;
  /** Offered as 'Not now' where the prompt covers something (the feed's photo). */
  onDismiss?: () => void;
}

/**
 * An inline "log in first" in place of the action that needs it (never an alert): the message,
 * the way to the login page and to sign-up, both bringing the person back here.
 */
export function LoginPrompt({ message = MSG.mustBeLoggedIn, action, from, testId = 'login-prompt', onDismiss }: Props) {
  const { pathname, search } = useLocation();
  const { t, m } = useT();
  const back = from ?? pathname + search;
  return (
    <div className="bid-login" data-testid={testId}>
      <p className="bid-login__message" role="status">
        {m(message)}
      </p>
      <div className="bid-login__actions">
        <Link to="/login" state={{ from: back }} className="btn btn--primary">
          {action ?? t('components.login.action')}
        </Link>
        <Link to="/login?mode=register" state={{ from: back }} className="btn btn--ghost">
          {t('components.login.signUp')}
        </Link>
        {onDismiss && (
          <button type="button" className="btn btn--ghost bid-login__dismiss" onClick={onDismiss}>
            {t('components.login.notNow')}
          </button>
        )}
      </div>
    </div>
  );
}

/** 'You must be logged in to place a bid.' (the exact words) and the way to the login page, which brings the bidder back here. */
export function LoginToBid({ from, onDismiss }: { from?: string; onDismiss?: () => void }) {
  const { t } = useT();
  return (
    <LoginPrompt
      message={MSG.bidLoginRequired}
      action={t('components.login.toBid')}
      from={from}
      testId="login-to-bid"
      onDismiss={onDismiss}
    />
  );
}
