import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { useT } from '../../i18n';
import { useSession } from './api';

/** Pages that only make sense signed in redirect to the login page, which brings the person back. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useT();
  const { user, loading } = useSession();
  const location = useLocation();
  if (loading) return <Spinner label={t('auth.loading')} />;
  if (!user) return <Navigate to="/Login" replace state={{ from: location.pathname }} />;
  return children;
}
