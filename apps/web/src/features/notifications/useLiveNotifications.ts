import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { subscribeNotifications } from '../../api/socket';
import { playOutbidSound } from '../../components/outbid-sound';
import { addNotification, notificationKeys } from './api';

/** The bell follows the socket: each notification lands in the list at once; being outbid also chimes. */
export function useLiveNotifications(onArrive: () => void): void {
  const client = useQueryClient();
  useEffect(
    () =>
      subscribeNotifications({
        onMessage({ notification, unread }) {
          addNotification(client, notification, unread);
          if (notification.kind === 'outbid') playOutbidSound();
          onArrive();
        },
        onResync(dropped) {
          if (dropped) void client.invalidateQueries({ queryKey: notificationKeys.all });
        },
      }),
    [client, onArrive],
  );
}
