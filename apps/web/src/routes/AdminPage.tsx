import { AdminLayout } from '../app/AdminLayout';
import { ReportQueue } from '../features/admin/ReportQueue';
import { useT } from '../i18n';

/** /admin: the open reports, for staff (issue 31). */
export default function AdminPage() {
  const { t } = useT();
  return (
    <AdminLayout title={t('admin.reports.title')}>
      <ReportQueue />
    </AdminLayout>
  );
}
