import { PageTitle } from '../components/PageTitle';

export default function LiveViewerPage() {
  return <PageTitle>Live stream</PageTitle>;
}
