import { PageTitle } from '../components/PageTitle';
import { RequireAuth } from '../features/auth/RequireAuth';

export default function LiveHostPage() {
  return (
    <RequireAuth>
      <PageTitle>Go Live</PageTitle>
    </RequireAuth>
  );
}
