import { EmptyState } from '../components/EmptyState';
import { PageTitle } from '../components/PageTitle';

export default function LiveListPage() {
  return (
    <>
      <PageTitle subtitle="Watch sellers live, chat, and bid in real time.">Live Auctions</PageTitle>
      <EmptyState title="No active streams available">
        <p className="muted">Check back later for new live auctions or start your own!</p>
      </EmptyState>
    </>
  );
}
