import { MSG } from '@souq/shared';
import { PageTitle } from '../components/PageTitle';
import { DisputeList } from '../features/aftersale/DisputeList';
import { RequireAuth } from '../features/auth/RequireAuth';
import { useSession } from '../features/auth/api';
import { useT } from '../i18n';

/**
 * /admin/disputes (issue 31): escalated problems for Souq staff to decide. The server refuses
 * everyone else; the page says so rather than showing an empty list.
 */
function Disputes() {
  const { t, m } = useT();
  const { user } = useSession();
  if (!user) return null;
  return (
    <>
      <PageTitle>{t('aftersale.dispute.title')}</PageTitle>
      {user.staff ? <DisputeList /> : <p role="alert">{m(MSG.staffOnly)}</p>}
    </>
  );
}

export default function AdminDisputesPage() {
  return (
    <RequireAuth>
      <Disputes />
    </RequireAuth>
  );
}
