import { PageTitle } from '../components/PageTitle';
import { RequireAuth } from '../features/auth/RequireAuth';

export default function EditProfilePage() {
  return (
    <RequireAuth>
      <PageTitle>Edit profile</PageTitle>
    </RequireAuth>
  );
}
