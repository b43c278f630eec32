import { Link } from 'react-router';
import { useT } from '../../i18n';

/** "Log in", bringing the person back to this show (the chat's and the run sheet's invitation). */
export function ShowLoginLink({ streamId }: { streamId: string }) {
  const { t } = useT();
  return (
    <Link to="/Login" state={{ from: `/livestream/${streamId}` }}>
      {t('live.viewer.loginLink')}
    </Link>
  );
}
