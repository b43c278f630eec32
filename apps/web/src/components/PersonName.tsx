import { isErasedUsername } from '@souq/shared';
import { useT } from '../i18n';

/** A person's username as a page shows it; an erased account (issue 45) shows "Deleted account". */
export function PersonName({ username }: { username: string }) {
  const { t } = useT();
  if (isErasedUsername(username)) return <span className="muted">{t('components.deletedAccount')}</span>;
  return <bdi>{username}</bdi>;
}
