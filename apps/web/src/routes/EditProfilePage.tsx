import { useNavigate } from 'react-router';
import { PageTitle } from '../components/PageTitle';
import { Spinner } from '../components/Spinner';
import { RequireAuth } from '../features/auth/RequireAuth';
import { useSession } from '../features/auth/api';
import { EditProfileForm } from '../features/profiles/EditProfileForm';
import { useProfile } from '../features/profiles/api';
import { useT } from '../i18n';

function EditProfile() {
  const { t } = useT();
  const { user } = useSession();
  const profile = useProfile(user?.id);
  const navigate = useNavigate();
  if (!user || profile.isPending) return <Spinner label={t('profiles.loading')} />;
  if (!profile.data) return null;
  return (
    <div className="narrow">
      <PageTitle>{t('profiles.edit.title')}</PageTitle>
      <EditProfileForm
        profile={profile.data}
        email={user.email}
        onSaved={() => navigate('/MyAccount', { state: { notice: t('profiles.edit.saved') } })}
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
