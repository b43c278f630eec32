import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { StreamDetail } from '@souq/shared';
import { onSocketEvent } from '../../../api/socket';
import { streamKeys } from '../api';

/**
 * The run sheet and Buy It Now as the socket tells them (`show:lots`, `show:pins`, each whole),
 * written into the cached stream the host page renders. Harmless if the shared room hook
 * (useStreamRoom) learns to do the same: both write the same whole lists.
 */
export function useShowFeed(id: string) {
  const client = useQueryClient();
  useEffect(() => {
    const patch = (step: (d: StreamDetail) => StreamDetail) =>
      client.setQueryData<StreamDetail>(streamKeys.detail(id), (d) => d && step(d));
    const stops = [
      onSocketEvent('show:lots', ({ streamId, lots }) => streamId === id && patch((d) => ({ ...d, lots }))),
      onSocketEvent('show:pins', ({ streamId, pins }) => streamId === id && patch((d) => ({ ...d, pins }))),
    ];
    return () => stops.forEach((stop) => stop());
  }, [client, id]);
}
