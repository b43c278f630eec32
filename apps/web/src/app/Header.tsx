import { useEffect } from 'react';
import { Link, NavLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { isCategory, type Category } from '@souq/shared';
import { setSocketUser } from '../api/socket';
import { CategoryBar } from '../components/CategoryBar';
import { SearchBar } from '../components/SearchBar';
import { AccountMenu } from '../features/auth/AccountMenu';
import { useSession } from '../features/auth/session';
import { VerificationBanner } from '../features/auth/VerificationBanner';
import { NotificationBell } from '../features/notifications/NotificationBell';

const TABS = [
  { to: '/', label: 'E-commerce', end: true },
  { to: '/foryou', label: 'For You Page', end: false },
  { to: '/auction', label: 'Auction', end: false },
  { to: '/live', label: 'Live Auction', end: false },
];

export function Header() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { user, loading } = useSession();
  const userId = user?.id ?? null;
  // The socket is authenticated by the cookie it connected with: follow sign-ins without a reload.
  useEffect(() => {
    if (!loading) setSocketUser(userId);
  }, [loading, userId]);
  const category = params.get('category');
  const selected: Category | null = isCategory(category) ? category : null;
  // The auction list filters by category too; everywhere else the bar filters the shop.
  const base = pathname.toLowerCase().startsWith('/auction') ? '/auction' : '/';

  return (
    <header className="site-header">
      <VerificationBanner />
      <div className="site-header__top container">
        <Link to="/" className="logo" aria-label="Souq home">
          <img src="/images/favicon.svg" alt="" width={32} height={32} />
          <span>Souq</span>
        </Link>
        <SearchBar />
        <div className="site-header__actions">
          {user && <NotificationBell key={user.id} />}
          <AccountMenu />
        </div>
      </div>
      <nav className="tabs container" aria-label="Sections">
        {TABS.map((tab) => (
          <NavLink key={tab.to} to={tab.to} end={tab.end} className={({ isActive }) => `tabs__tab${isActive ? ' tabs__tab--active' : ''}`}>
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <div className="container">
        <CategoryBar
          key={selected ?? 'all'}
          selected={selected}
          onSelect={(c) => navigate(c ? `${base}?category=${encodeURIComponent(c)}` : base)}
        />
      </div>
    </header>
  );
}
