import { Link, useLocation } from 'react-router';
import { MSG } from '@souq/shared';

/** Spec §5: 'You must be logged in to place a bid.' and the way to the login page, which brings the bidder back here. */
export function LoginToBid() {
  const { pathname } = useLocation();
  return (
    <div className="bid-login" data-testid="login-to-bid">
      <p className="bid-login__message" role="status">
        {MSG.bidLoginRequired}
      </p>
      <div className="bid-login__actions">
        <Link to="/login" state={{ from: pathname }} className="btn btn--primary">
          Log in to bid
        </Link>
        <Link to="/login?mode=register" state={{ from: pathname }} className="btn btn--ghost">
          Create an account
        </Link>
      </div>
    </div>
  );
}
