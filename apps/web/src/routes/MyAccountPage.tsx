import { useParams } from 'react-router';
import { headerName } from '@souq/shared';
import { PageTitle } from '../components/PageTitle';
import { RequireAuth } from '../features/auth/RequireAuth';
import { useSession } from '../features/auth/session';

function OwnAccount() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="profile-head">
      <img src={user.profilePic} alt="" width={96} height={96} className="avatar avatar--large" />
      <div>
        <PageTitle subtitle={user.email}>{headerName(user)}</PageTitle>
      </div>
    </div>
  );
}

export default function MyAccountPage() {
  const { ownerID } = useParams();
  if (ownerID) return <PageTitle>Seller profile</PageTitle>;
  return (
    <RequireAuth>
      <OwnAccount />
    </RequireAuth>
  );
}
