import { Link, useLocation } from 'react-router';
import { MSG } from '@souq/shared';

interface Props {
  /** What needs a login, in the exact words shown. */
  message?: string;
  /** The first button's label. */
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
export function LoginPrompt({
  message = MSG.mustBeLoggedIn,
  action = 'Log in',
  from,
  testId = 'login-prompt',
  onDismiss,
}: Props) {
  const { pathname, search } = useLocation();
  const back = from ?? pathname + search;
  return (
    <div className="bid-login" data-testid={testId}>
      <p className="bid-login__message" role="status">
        {message}
      </p>
      <div className="bid-login__actions">
        <Link to="/login" state={{ from: back }} className="btn btn--primary">
          {action}
        </Link>
        <Link to="/login?mode=register" state={{ from: back }} className="btn btn--ghost">
          Create an account
        </Link>
        {onDismiss && (
          <button type="button" className="btn btn--ghost bid-login__dismiss" onClick={onDismiss}>
            Not now
          </button>
        )}
      </div>
    </div>
  );
}

/** 'You must be logged in to place a bid.' (the exact words) and the way to the login page, which brings the bidder back here. */
export function LoginToBid({ from, onDismiss }: { from?: string; onDismiss?: () => void }) {
  return (
    <LoginPrompt
      message={MSG.bidLoginRequired}
      action="Log in to bid"
      from={from}
      testId="login-to-bid"
      onDismiss={onDismiss}
    />
  );
}
