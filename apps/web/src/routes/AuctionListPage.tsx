import { useSearchParams } from 'react-router';
import { EmptyState } from '../components/EmptyState';
import { PageTitle } from '../components/PageTitle';

export default function AuctionListPage() {
  const [params] = useSearchParams();
  const category = params.get('category');
  return (
    <>
      <PageTitle subtitle="Timed auctions: the highest bid when the clock runs out wins.">Auctions</PageTitle>
      <EmptyState title={category ? `No auctions available in the ${category} category` : 'No auctions available...'} />
    </>
  );
}
