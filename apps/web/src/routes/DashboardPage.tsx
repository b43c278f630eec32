import { Navigate } from 'react-router';
import { PageTitle } from '../components/PageTitle';
import { Spinner } from '../components/Spinner';
import { useSession } from '../features/auth/api';
import { Dashboard } from '../features/dashboard/Dashboard';
import { DeliveryStatsPanel } from '../features/delivery/DeliveryStatsPanel';
import { useT } from '../i18n';

/**
 * /dashboard: the signed-in seller's own figures (issue 32). Its own chunk, as every page is, and
 * the only one that imports uPlot: the charting code never reaches a first visit.
 */
export default function DashboardPage() {
  const { user, loading } = useSession();
  const { t } = useT();
  if (loading) return <Spinner label={t('account.loading')} />;
  if (!user) return <Navigate to="/Login" replace />;
  return (
    <>
      <PageTitle subtitle={t('dashboard.subtitle')}>{t('dashboard.title')}</PageTitle>
      <Dashboard />
      <DeliveryStatsPanel />
    </>
  );
}
