import { AdminLayout } from '../app/AdminLayout';
import { CodQueue } from '../features/delivery/CodQueue';
import { useT } from '../i18n';

/** Staff's cash-on-delivery page (issue 46), at /admin/cod, in the staff pages' frame. */
export default function AdminCodPage() {
  const { t } = useT();
  return (
    <AdminLayout title={t('delivery.admin.title')}>
      <p className="muted">{t('delivery.admin.intro')}</p>
      <CodQueue />
    </AdminLayout>
  );
}
