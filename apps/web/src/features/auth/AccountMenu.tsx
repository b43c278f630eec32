import { Link, useLocation } from 'react-router';
import { useT } from '../../i18n';
import { AccountMenuItems } from './AccountMenuItems';
import { AccountName } from './AccountName';
import { useLogout, useSession } from './api';
import { useMenuButton } from './useMenuButton';

/** Header's right side: 'Login' and the profile menu when logged out; name, badge and menu when in. */
export function AccountMenu() {
  const { t } = useT();
  const { user, loading } = useSession();
  const signOut = useLogout();
  const { open, setOpen, box, items, trigger, moveFocus } = useMenuButton();
  const location = useLocation();
  // Login brings the visitor back here (not from the login page itself).
  const back = /^\/login/i.test(location.pathname) ? undefined : { from: `${location.pathname}${location.search}` };

  if (loading) return <div className="account account--loading" aria-hidden="true" />;

  function logout() {
    setOpen(false);
    signOut.mutate();
  }

  return (
    <div className="account" ref={box}>
      {user ? (
        <AccountName user={user} />
      ) : (
        <Link to="/login" state={back} className="account__login">
          {/* A phone's header has room for the person, not the word: the word stays the link's name. */}
          <svg className="account__login-icon" viewBox="0 0 24 24" aria-hidden="true">
            <path
              fill="currentColor"
              d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm0 2c-4.4 0-9 2.2-9 5v3h18v-3c0-2.8-4.6-5-9-5z"
            />
          </svg>
          <span className="account__login-word">{t('auth.menu.login')}</span>
        </Link>
      )}
      <button
        ref={trigger}
        type="button"
        className={`account__avatar${user ? '' : ' account__avatar--guest'}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('auth.menu.label')}
        onClick={() => setOpen((o) => !o)}
      >
        {user ? (
          <img src={user.profilePic} alt="" width={32} height={32} />
        ) : (
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path
              fill="currentColor"
              d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm0 2c-4.4 0-9 2.2-9 5v3h18v-3c0-2.8-4.6-5-9-5z"
            />
          </svg>
        )}
      </button>
      {open && (
        // Any choice in the menu closes it.
        <div className="menu" role="menu" ref={items} onClick={() => setOpen(false)} onKeyDown={moveFocus}>
          <AccountMenuItems user={user} back={back} onLogout={logout} />
        </div>
      )}
    </div>
  );
}
