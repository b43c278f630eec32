import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AppNotification, NotificationList } from '@souq/shared';
import { call } from '../../api/client';
import { API } from '../../api/contract';

export const notificationKeys = { all: ['notifications'] as const };
/** The server keeps the latest 30 in the list. */
const KEPT = 30;

export function useNotifications(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.all,
    queryFn: ({ signal }) => call(API.notifications.list, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** The count goes to zero at once; the server is told behind it. */
export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => call(API.notifications.markAllRead), onMutate: () => setAllRead(client) });
}

/**
 * A notification from the socket. Unread news about the same auction is merged by the server
 * into one row with the same id, so it replaces that row and moves to the top.
 */
export function addNotification(client: QueryClient, notification: AppNotification, unread: number): void {
  client.setQueryData<NotificationList>(notificationKeys.all, (list) => ({
    items: [notification, ...(list?.items ?? []).filter((n) => n.id !== notification.id)].slice(0, KEPT),
    unread,
  }));
}

/** Opening the bell reads everything: the count goes to zero at once, the rows keep their highlight until next time. */
export function setAllRead(client: QueryClient): void {
  client.setQueryData<NotificationList>(notificationKeys.all, (list) => list && { ...list, unread: 0 });
}
