import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { AppNotification, NotificationList } from '@souq/shared';
import { api, post } from '../../api/client';

export const notificationsKey = ['notifications'] as const;
/** The server keeps the latest 30 in the list. */
const KEPT = 30;

export function useNotifications(enabled: boolean) {
  return useQuery({ queryKey: notificationsKey, queryFn: ({ signal }) => api<NotificationList>('/api/notifications', { signal }), enabled, staleTime: 60_000 });
}

export const markAllRead = () => post<{ unread: 0 }>('/api/notifications/read');

/**
 * A notification from the socket. Unread news about the same auction is merged by the server
 * into one row with the same id, so it replaces that row and moves to the top.
 */
export function addNotification(client: QueryClient, notification: AppNotification, unread: number): void {
  client.setQueryData<NotificationList>(notificationsKey, (list) => ({
    items: [notification, ...(list?.items ?? []).filter((n) => n.id !== notification.id)].slice(0, KEPT),
    unread,
  }));
}

/** Opening the bell reads everything: the count goes to zero at once, the rows keep their highlight until next time. */
export function setAllRead(client: QueryClient): void {
  client.setQueryData<NotificationList>(notificationsKey, (list) => list && { ...list, unread: 0 });
}
