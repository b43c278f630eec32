import { useEffect } from 'react';
import { Link, NavLink } from 'react-router';
import { setSocketUser } from '../api/socket';
import { SearchBar } from '../components/SearchBar';
import { LogoMark } from '../components/Logo';
import { AccountMenu } from '../features/auth/AccountMenu';
import { useSession } from '../features/auth/api';
import { HeaderCart } from '../features/cart/CartBadge';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { useT, type MessageKey } from '../i18n';
import { useAwayOnScroll } from './useAwayOnScroll';
import { LanguageSwitch } from './LanguageSwitch';

const TABS: { to: string; label: MessageKey; end: boolean }[] = [
  { to: '/', label: 'app.tab.shop', end: true },
  { to: '/foryou', label: 'app.tab.forYou', end: false },
  { to: '/auction', label: 'app.tab.auction', end: false },
  { to: '/live', label: 'app.tab.live', end: false },
];

/**
 * What stays on screen while scrolling: the logo, search, account, and the four sections. On a
 * phone that is two rows (about 100 px); the verification banner and the category bar sit outside
 * it and scroll away with the page (issue 11).
 */
export function Header() {
  const { user, loading } = useSession();
  const away = useAwayOnScroll();
  const { t } = useT();
  const userId = user?.id ?? null;
  // The socket is authenticated by the cookie it connected with: follow sign-ins without a reload.
  useEffect(() => {
    if (!loading) setSocketUser(userId);
  }, [loading, userId]);

  return (
    <header className={`site-header${away ? ' site-header--away' : ''}`}>
      <div className="site-header__top container">
        <Link to="/" className="logo" aria-label={t('app.home')}>
          <LogoMark />
          <span>Souq</span>
        </Link>
        <SearchBar />
        <div className="site-header__actions">
          {user && <NotificationBell key={user.id} />}
          <LanguageSwitch />
          <AccountMenu />
          <HeaderCart />
        </div>
      </div>
      <nav className="tabs container" aria-label={t('app.sections')}>
        {TABS.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            end={tab.end}
            className={({ isActive }) => `tabs__tab${isActive ? ' tabs__tab--active' : ''}`}
          >
            {t(tab.label)}
          </NavLink>
        ))}
      </nav>
    </header>
  );
}
