import { Link } from 'react-router';
import type { AppNotification } from '@souq/shared';
import { serverNow } from '../../api/server-clock';
import { formatAgo, formatGulfDateTime } from '../../components/dates';
import { Skeleton } from '../../components/Skeleton';
import { useT } from '../../i18n';
import type { useNotifications } from './api';

/**
 * The server stores each notification as English text (title and body, with the auction's title,
 * amounts and names inside): shown through m(), which leaves it as it is until the server writes
 * them in the reader's language.
 */
function Item({ n, onOpen }: { n: AppNotification; onOpen: () => void }) {
  const { t, m, locale } = useT();
  return (
    <li>
      <Link
        to={n.link}
        className={`bell__item bell__item--${n.kind}${n.read ? '' : ' bell__item--new'}`}
        onClick={onOpen}
        data-testid="notification"
      >
        <span className="bell__dot" aria-hidden="true" />
        <span className="bell__text">
          <strong>{m(n.title)}</strong>
          <span>{m(n.body)}</span>
          <time dateTime={n.createdAt} title={formatGulfDateTime(n.createdAt, locale)} className="muted">
            {formatAgo(n.createdAt, serverNow(), locale)}
          </time>
        </span>
        {!n.read && <span className="sr-only">{t('notifications.new')}</span>}
      </Link>
    </li>
  );
}

interface Props {
  list: ReturnType<typeof useNotifications>;
  /** Following a link leaves the page under the bell, so the panel closes without taking focus back. */
  onLeave: () => void;
}

/** Inside the bell's panel: its title and the latest news, or why there is none. */
export function NotificationList({ list, onLeave }: Props) {
  const { t } = useT();
  return (
    <>
      <h2 className="bell__title">{t('notifications.title')}</h2>
      {list.isPending && (
        <div className="bell__loading" aria-label={t('notifications.loading')} role="status">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={48} />
          ))}
        </div>
      )}
      {list.isError && (
        <div className="bell__empty" role="alert">
          <p>{t('notifications.error')}</p>
          <button type="button" className="btn btn--ghost" onClick={() => void list.refetch()}>
            {t('notifications.retry')}
          </button>
        </div>
      )}
      {list.data && list.data.items.length === 0 && (
        <div className="bell__empty">
          <p>{t('notifications.empty')}</p>
          <p className="muted">{t('notifications.emptyHint')}</p>
          <Link to="/auction" className="btn btn--ghost" onClick={onLeave}>
            {t('notifications.browse')}
          </Link>
        </div>
      )}
      {list.data && list.data.items.length > 0 && (
        <ul className="bell__list">
          {list.data.items.map((n) => (
            <Item key={n.id} n={n} onOpen={onLeave} />
          ))}
        </ul>
      )}
    </>
  );
}
