import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { useT } from '../../i18n';
import { useSession } from './api';

/**
 * Pages that only make sense signed in redirect to the login page, which brings the person back.
 * `notice` is the spec's reason for that page (a shared message, e.g. MSG.streamLoginRequired): the
 * login page shows it (RouteNotice) in the page's language, never in a browser alert box.
 */
export function RequireAuth({ children, notice }: { children: ReactNode; notice?: string }) {
  const { t } = useT();
  const { user, loading } = useSession();
  const location = useLocation();
  if (loading) return <Spinner label={t('auth.loading')} />;
  if (!user) {
    const reason = notice ? { notice, tone: 'error' } : {};
    return <Navigate to="/Login" replace state={{ from: location.pathname, ...reason }} />;
  }
  return children;
}
