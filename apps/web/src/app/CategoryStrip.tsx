import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { isCategory, type Category } from '@souq/shared';
import { CategoryBar } from '../components/CategoryBar';

/** The category bar under the header: it scrolls away with the page rather than staying on a phone's small screen. */
export function CategoryStrip() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const category = params.get('category');
  const selected: Category | null = isCategory(category) ? category : null;
  // The auction list filters by category too; everywhere else the bar filters the shop.
  const base = pathname.toLowerCase().startsWith('/auction') ? '/auction' : '/';
  // The feed and the live screens fill the screen with one thing; a shop filter has no place there.
  if (/^\/(foryou|live)/i.test(pathname)) return null;
  return (
    <div className="container category-strip">
      <CategoryBar
        key={selected ?? 'all'}
        selected={selected}
        onSelect={(c) => navigate(c ? `${base}?category=${encodeURIComponent(c)}` : base)}
      />
    </div>
  );
}
