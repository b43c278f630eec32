import { EmptyState } from '../components/EmptyState';
import { PageTitle } from '../components/PageTitle';

export default function ForYouPage() {
  return (
    <>
      <PageTitle>For You</PageTitle>
      <EmptyState title="No items available at the moment">
        <p className="muted">Please check back later!</p>
      </EmptyState>
    </>
  );
}
