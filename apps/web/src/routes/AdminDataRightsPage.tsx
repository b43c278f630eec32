import { AdminLayout } from '../app/AdminLayout';
import { StaffDataRights } from '../features/privacy/StaffDataRights';
import { useT } from '../i18n';

/** /admin/data-rights: a person's export or erasure, when they ask staff by email (issue 45). */
export default function AdminDataRightsPage() {
  const { t } = useT();
  return (
    <AdminLayout title={t('privacy.staff.title')}>
      <StaffDataRights />
    </AdminLayout>
  );
}
