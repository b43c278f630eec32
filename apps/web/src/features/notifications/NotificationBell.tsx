import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useT } from '../../i18n';
import { notificationKeys, useMarkAllRead, useNotifications } from './api';
import { NotificationList } from './NotificationList';
import { useLiveNotifications } from './useLiveNotifications';

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
          <NotificationList list={list} onLeave={() => close(false)} />
        </div>
      )}
    </div>
  );
}
