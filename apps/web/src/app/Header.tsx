import { useEffect } from 'react';
import { Link, NavLink } from 'react-router';
import { setSocketUser } from '../api/socket';
import { SearchBar } from '../components/SearchBar';
import { LogoMark } from '../components/Logo';
import { AccountMenu } from '../features/auth/AccountMenu';
import { useSession } from '../features/auth/api';
import { HeaderCart } from '../features/cart/CartBadge';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { useAwayOnScroll } from './useAwayOnScroll';

const TABS = [
  { to: '/', label: 'E-commerce', end: true },
  { to: '/foryou', label: 'For You Page', end: false },
  { to: '/auction', label: 'Auction', end: false },
  { to: '/live', label: 'Live Auction', end: false },
];

/**
 * What stays on screen while scrolling: the logo, search, account, and the four sections. On a
 * phone that is two rows (about 100 px); the verification banner and the category bar sit outside
 * it and scroll away with the page (issue 11).
 */
export function Header() {
  const { user, loading } = useSession();
  const away = useAwayOnScroll();
  const userId = user?.id ?? null;
  // The socket is authenticated by the cookie it connected with: follow sign-ins without a reload.
  useEffect(() => {
    if (!loading) setSocketUser(userId);
  }, [loading, userId]);

  return (
    <header className={`site-header${away ? ' site-header--away' : ''}`}>
      <div className="site-header__top container">
        <Link to="/" className="logo" aria-label="Souq home">
          <LogoMark />
          <span>Souq</span>
        </Link>
        <SearchBar />
        <div className="site-header__actions">
          {user && <NotificationBell key={user.id} />}
          <AccountMenu />
          <HeaderCart />
        </div>
      </div>
      <nav className="tabs container" aria-label="Sections">
        {TABS.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            end={tab.end}
            className={({ isActive }) => `tabs__tab${isActive ? ' tabs__tab--active' : ''}`}
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
    </header>
  );
}
