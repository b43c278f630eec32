import { headerName, type SessionUser } from '@souq/shared';
import { useT } from '../../i18n';

/** The signed-in person's name in the header, with whether their email is verified. */
export function AccountName({ user }: { user: SessionUser }) {
  const { t } = useT();
  return (
    <span className="account__name" data-testid="header-user">
      <span className="account__text" dir="auto">
        {headerName(user)}
      </span>
      {user.emailVerified ? (
        <svg
          className="icon icon--verified"
          viewBox="0 0 24 24"
          role="img"
          aria-label={t('auth.menu.emailVerified')}
          data-testid="verified-icon"
        >
          <title>{t('auth.menu.emailVerified')}</title>
          <path
            fill="currentColor"
            d="M12 1 9.4 3.3 6 3l-.9 3.3L2 8l1.2 3.2L2 14.5l3.1 1.7.9 3.3 3.4-.3L12 21.5l2.6-2.3 3.4.3.9-3.3 3.1-1.7-1.2-3.3L22 8l-3.1-1.7L18 3l-3.4.3zm-1.4 14.8-4-4 1.4-1.4 2.6 2.6 5.6-5.6 1.4 1.4z"
          />
        </svg>
      ) : (
        <svg
          className="icon icon--unverified"
          viewBox="0 0 24 24"
          role="img"
          aria-label={t('auth.menu.emailNotVerified')}
          data-testid="unverified-icon"
        >
          <title>{t('auth.menu.emailNotVerified')}</title>
          <path fill="currentColor" d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-2h2zm0-4h-2V7h2z" />
        </svg>
      )}
    </span>
  );
}
