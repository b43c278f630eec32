import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../components/Spinner';
import { AuthForm, returnPath } from '../features/auth/AuthForm';
import { useSession } from '../features/auth/api';
import { useT } from '../i18n';

export default function LoginPage() {
  const { t } = useT();
  const { user, loading } = useSession();
  const { state } = useLocation();
  if (loading) return <Spinner label={t('auth.loading')} />;
  if (user) return <Navigate to={returnPath(state)} replace />;
  return <AuthForm />;
}
