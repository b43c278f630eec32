import { PageTitle } from '../components/PageTitle';

export default function AuctionPage() {
  return <PageTitle>Auction not found</PageTitle>;
}
