import { AdminLayout } from '../app/AdminLayout';
import { AuditLog } from '../features/admin/AuditLog';
import { useT } from '../i18n';

/** /admin/audit: every staff action, for staff (issue 31). */
export default function AdminAuditPage() {
  const { t } = useT();
  return (
    <AdminLayout title={t('admin.audit.title')}>
      <AuditLog />
    </AdminLayout>
  );
}
