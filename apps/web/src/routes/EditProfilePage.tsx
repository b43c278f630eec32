import { useNavigate } from 'react-router';
import { PageTitle } from '../components/PageTitle';
import { Spinner } from '../components/Spinner';
import { RequireAuth } from '../features/auth/RequireAuth';
import { useSession } from '../features/auth/api';
import { EditProfileForm } from '../features/profiles/EditProfileForm';
import { useProfile } from '../features/profiles/api';

function EditProfile() {
  const { user } = useSession();
  const profile = useProfile(user?.id);
  const navigate = useNavigate();
  if (!user || profile.isPending) return <Spinner label="Loading…" />;
  if (!profile.data) return null;
  return (
    <div className="narrow">
      <PageTitle>Edit profile</PageTitle>
      <EditProfileForm
        profile={profile.data}
        email={user.email}
        onSaved={() => navigate('/MyAccount', { state: { notice: 'Your profile is saved.' } })}
      />
    </div>
  );
}

export default function EditProfilePage() {
  return (
    <RequireAuth>
      <EditProfile />
    </RequireAuth>
  );
}
