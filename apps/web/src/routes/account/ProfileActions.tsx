import { Link } from 'react-router';
import type { PublicProfile } from '@souq/shared';
import { useSession } from '../../features/auth/api';
import { useRequireVerified } from '../../features/auth/gates';
import { FollowButton } from '../../features/profiles/FollowButton';
import { ReportButton } from '../../features/reports/ReportButton';
import { useT } from '../../i18n';

/** Beside the profile: its owner edits it or opens the dashboard or their offers; anyone else follows or reports them. */
export function ProfileActions({ profile, own }: { profile: PublicProfile; own: boolean }) {
  const { t } = useT();
  const { user } = useSession();
  const requireVerified = useRequireVerified();
  return own ? (
    <>
      <Link to="/EditProfile" className="btn btn--ghost btn--small">
        {t('account.editProfile')}
      </Link>
      <Link to="/dashboard" className="btn btn--ghost btn--small" data-testid="open-dashboard">
        {t('dashboard.open')}
      </Link>
      <Link to="/offers" className="btn btn--ghost btn--small" data-testid="open-offers">
        {t('offers.open')}
      </Link>
    </>
  ) : (
    <>
      <FollowButton profile={profile} allowed={requireVerified} />
      {user && <ReportButton kind="user" id={profile.id} compact />}
    </>
  );
}
