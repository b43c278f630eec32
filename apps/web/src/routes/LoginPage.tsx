import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../components/Spinner';
import { AuthForm, returnPath } from '../features/auth/AuthForm';
import { useSession } from '../features/auth/api';

export default function LoginPage() {
  const { user, loading } = useSession();
  const { state } = useLocation();
  if (loading) return <Spinner label="Loading…" />;
  if (user) return <Navigate to={returnPath(state)} replace />;
  return <AuthForm />;
}
