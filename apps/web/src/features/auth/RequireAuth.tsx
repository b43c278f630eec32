import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { useSession } from './api';

/** Pages that only make sense signed in redirect to the login page, which brings the person back. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useSession();
  const location = useLocation();
  if (loading) return <Spinner label="Loading…" />;
  if (!user) return <Navigate to="/Login" replace state={{ from: location.pathname }} />;
  return children;
}
