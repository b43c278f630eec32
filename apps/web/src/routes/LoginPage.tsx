import { Navigate } from 'react-router';
import { Spinner } from '../components/Spinner';
import { AuthForm } from '../features/auth/AuthForm';
import { useSession } from '../features/auth/session';

export default function LoginPage() {
  const { user, loading } = useSession();
  if (loading) return <Spinner label="Loading…" />;
  if (user) return <Navigate to="/" replace />;
  return <AuthForm />;
}
