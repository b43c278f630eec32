import { Link } from 'react-router';
import type { SessionUser } from '@souq/shared';
import { useT } from '../../i18n';

interface Props {
  user: SessionUser | null;
  /** Where login brings the visitor back to. */
  back: { from: string } | undefined;
  onLogout: () => void;
}

/** The account menu's choices: the signed-in person's pages, or signing up and in. */
export function AccountMenuItems({ user, back, onLogout }: Props) {
  const { t } = useT();
  if (!user) {
    return (
      <Link role="menuitem" to="/login" state={back}>
        {t('auth.menu.signupLogin')}
      </Link>
    );
  }
  return (
    <>
      <Link role="menuitem" to="/settings">
        {t('auth.menu.settings')}
      </Link>
      <Link role="menuitem" to="/MyAccount">
        {t('auth.menu.myAccount')}
      </Link>
      <Link role="menuitem" to="/livestream-host">
        {t('auth.menu.goLive')}
      </Link>
      <Link role="menuitem" to="/AddProduct">
        {t('auth.menu.addProduct')}
      </Link>
      {user.staff && (
        <Link role="menuitem" to="/admin">
          {t('auth.menu.admin')}
        </Link>
      )}
      <button role="menuitem" type="button" onClick={onLogout}>
        {t('auth.menu.logout')}
      </button>
    </>
  );
}
