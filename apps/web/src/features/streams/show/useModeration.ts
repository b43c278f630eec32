import { useMemo } from 'react';
import type { Moderation } from '../ChatPanel';
import { useDeleteMessage, useRemoveViewer } from '../api';
import { useMuteViewer } from './api';

/**
 * The chat's moderation for the host and their moderators (detail.canModerate): delete a line,
 * mute its writer for 5 minutes, remove them from the show. The server checks who may.
 */
export function useModeration(streamId: string): Moderation {
  const remove = useRemoveViewer(streamId);
  const del = useDeleteMessage(streamId);
  const mute = useMuteViewer(streamId);
  return useMemo(
    () => ({
      onDelete: (message) => del.mutate(message.id),
      onRemove: async (user) => void (await remove.mutateAsync(user.id)),
      onMute: async (user) => void (await mute.mutateAsync(user.id)),
    }),
    // The mutations' functions are stable; their objects change on every state change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [del.mutate, remove.mutateAsync, mute.mutateAsync],
  );
}
