import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { AppNotification } from '@souq/shared';
import { serverNow } from '../../api/server-clock';
import { formatAgo, formatGulfDateTime } from '../../components/dates';
import { Skeleton } from '../../components/Skeleton';
import { useT } from '../../i18n';
import { notificationKeys, useMarkAllRead, useNotifications } from './api';
import { useLiveNotifications } from './useLiveNotifications';

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

/**
 * The header's bell (signed in only): the unread count, live from the socket; opening it shows
 * the latest news and marks it all read. A button with aria-expanded; Escape or a click outside
 * closes it and focus goes back to the button.
 */
export function NotificationBell() {
  const { t } = useT();
  const client = useQueryClient();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const openRef = useRef(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const list = useNotifications(true);
  const markRead = useMarkAllRead().mutate;

  // News arriving while the list is open is read as it arrives.
  const onArrive = useCallback(() => openRef.current && markRead(), [markRead]);
  useLiveNotifications(onArrive);

  const close = useCallback(
    (returnFocus: boolean) => {
      openRef.current = false;
      setOpen(false);
      if (returnFocus) button.current?.focus();
      // Next time the rows show as read.
      void client.invalidateQueries({ queryKey: notificationKeys.all });
    },
    [client],
  );

  useEffect(() => {
    if (!open) return;
    panel.current?.focus({ preventScroll: true });
    const onDown = (e: PointerEvent) => !box.current?.contains(e.target as Node) && close(false);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close(true);
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close]);

  function toggle() {
    if (open) return close(false);
    openRef.current = true;
    setOpen(true);
    if ((list.data?.unread ?? 0) > 0) markRead();
  }

  const unread = list.data?.unread ?? 0;
  return (
    <div className="bell" ref={box}>
      <button
        ref={button}
        type="button"
        className="bell__button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={
          unread > 0 ? t('notifications.unread', { count: unread, n: String(unread) }) : t('notifications.title')
        }
        onClick={toggle}
        data-testid="bell"
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1z"
          />
        </svg>
        {unread > 0 && (
          <span className="bell__count" data-testid="bell-count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          ref={panel}
          className="bell__panel"
          role="region"
          aria-label={t('notifications.title')}
          tabIndex={-1}
          data-testid="bell-panel"
        >
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
              <Link to="/auction" className="btn btn--ghost" onClick={() => close(false)}>
                {t('notifications.browse')}
              </Link>
            </div>
          )}
          {list.data && list.data.items.length > 0 && (
            <ul className="bell__list">
              {list.data.items.map((n) => (
                <Item key={n.id} n={n} onOpen={() => close(false)} />
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
