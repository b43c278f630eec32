import { AdminLayout } from '../app/AdminLayout';
import { DisputeList } from '../features/aftersale/DisputeList';
import { useT } from '../i18n';

/** /admin/disputes (issue 31): escalated problems for Souq staff to decide, in the staff pages' frame. */
export default function AdminDisputesPage() {
  const { t } = useT();
  return (
    <AdminLayout title={t('aftersale.dispute.title')}>
      <DisputeList />
    </AdminLayout>
  );
}
