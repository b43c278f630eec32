import type { ChatMessage, UserBrief } from '@souq/shared';
import { formatGulfClock } from '../../../components/dates';
import { useT } from '../../../i18n';
import { useDeleteMessage, useRemoveViewer } from '../api';
import { useMute } from '../host-api';

/** The host's hand on the chat and the room: delete a line, remove or mute a viewer, each told in `onNotice`. */
export function useHostModeration(streamId: string, onNotice: (text: string) => void) {
  const { t, m, locale } = useT();
  const deleteMessage = useDeleteMessage(streamId);
  const removeViewer = useRemoveViewer(streamId);
  const mute = useMute(streamId);

  return {
    onDelete: (message: ChatMessage) => {
      deleteMessage.mutate(message.id, { onError: (e) => onNotice(m(e.message)) });
    },
    onRemove: async (user: UserBrief) => {
      await removeViewer.mutateAsync(user.id);
      onNotice(t('live.host.removed', { user: user.username }));
    },
    // Five minutes' silence; ChatPanel shows it per author once its moderation takes onMute.
    onMute: async (user: UserBrief) => {
      try {
        const { until } = await mute.mutateAsync(user.id);
        onNotice(t('host.viewers.muted', { user: user.username, time: m(formatGulfClock(until, locale)) }));
      } catch (e) {
        onNotice(m((e as Error).message));
      }
    },
  };
}
