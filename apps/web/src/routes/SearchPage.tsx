import { useSearchParams } from 'react-router';
import { EmptyState } from '../components/EmptyState';
import { PageTitle } from '../components/PageTitle';

export default function SearchPage() {
  const [params] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  return (
    <>
      <PageTitle>{q ? `Results for “${q}”` : 'Search'}</PageTitle>
      <div className="toolbar">
        <label className="select">
          <span>Sort by</span>
          <select defaultValue="name">
            <option value="name">Name</option>
            <option value="price">Price</option>
            <option value="rating">Rating</option>
          </select>
        </label>
        <label className="select">
          <span>Order</span>
          <select defaultValue="asc">
            <option value="asc">Ascending</option>
            <option value="desc">Descending</option>
          </select>
        </label>
      </div>
      <EmptyState title="No products found" />
    </>
  );
}
