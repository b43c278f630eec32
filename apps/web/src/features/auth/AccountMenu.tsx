import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { headerName } from '@souq/shared';
import { useT } from '../../i18n';
import { useLogout, useSession } from './api';

/** Header's right side: 'Login' and the profile menu when logged out; name, badge and menu when in. */
export function AccountMenu() {
  const { t } = useT();
  const { user, loading } = useSession();
  const signOut = useLogout();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const items = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  // Login brings the visitor back here (not from the login page itself).
  const back = /^\/login/i.test(location.pathname) ? undefined : { from: `${location.pathname}${location.search}` };

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => !box.current?.contains(e.target as Node) && setOpen(false);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      trigger.current?.focus();
    };
    // Opened from the keyboard or not, the first item takes focus so the arrows work at once.
    items.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (loading) return <div className="account account--loading" aria-hidden="true" />;

  /** Up and down (and Home, End) move between the items, as in any menu (WAI-ARIA menu pattern). */
  function moveFocus(e: React.KeyboardEvent<HTMLDivElement>) {
    const all = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
    const at = all.indexOf(document.activeElement as HTMLElement);
    const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 }[e.key];
    if (next === undefined || all.length === 0) return;
    e.preventDefault();
    all[(next + all.length) % all.length]?.focus();
  }

  function logout() {
    setOpen(false);
    signOut.mutate();
  }

  return (
    <div className="account" ref={box}>
      {user ? (
        <span className="account__name" data-testid="header-user">
          <span className="account__text" dir="auto">
            {headerName(user)}
          </span>
          {user.emailVerified ? (
            <svg
              className="icon icon--verified"
              viewBox="0 0 24 24"
              role="img"
              aria-label={t('auth.menu.emailVerified')}
              data-testid="verified-icon"
            >
              <title>{t('auth.menu.emailVerified')}</title>
              <path
                fill="currentColor"
                d="M12 1 9.4 3.3 6 3l-.9 3.3L2 8l1.2 3.2L2 14.5l3.1 1.7.9 3.3 3.4-.3L12 21.5l2.6-2.3 3.4.3.9-3.3 3.1-1.7-1.2-3.3L22 8l-3.1-1.7L18 3l-3.4.3zm-1.4 14.8-4-4 1.4-1.4 2.6 2.6 5.6-5.6 1.4 1.4z"
              />
            </svg>
          ) : (
            <svg
              className="icon icon--unverified"
              viewBox="0 0 24 24"
              role="img"
              aria-label={t('auth.menu.emailNotVerified')}
              data-testid="unverified-icon"
            >
              <title>{t('auth.menu.emailNotVerified')}</title>
              <path fill="currentColor" d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-2h2zm0-4h-2V7h2z" />
            </svg>
          )}
        </span>
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
          {user ? (
            <>
              <Link role="menuitem" to="/settings">
                {t('auth.menu.settings')}
              </Link>
              <Link role="menuitem" to="/MyAccount">
                {t('auth.menu.myAccount')}
              </Link>
              <Link role="menuitem" to="/livestream-host">
                {t('auth.menu.goLive')}
              </Link>
              <Link role="menuitem" to="/AddProduct">
                {t('auth.menu.addProduct')}
              </Link>
              {user.staff && (
                <Link role="menuitem" to="/admin">
                  {t('auth.menu.admin')}
                </Link>
              )}
              <button role="menuitem" type="button" onClick={logout}>
                {t('auth.menu.logout')}
              </button>
            </>
          ) : (
            <Link role="menuitem" to="/login" state={back}>
              {t('auth.menu.signupLogin')}
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
