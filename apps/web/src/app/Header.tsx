import { Link, NavLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { isCategory, type Category } from '@souq/shared';
import { CategoryBar } from '../components/CategoryBar';
import { SearchBar } from '../components/SearchBar';
import { AccountMenu } from '../features/auth/AccountMenu';
import { VerificationBanner } from '../features/auth/VerificationBanner';

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
        <AccountMenu />
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
