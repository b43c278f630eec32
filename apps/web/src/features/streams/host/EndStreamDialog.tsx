import { Modal } from '../../../components/Modal';
import { useT } from '../../../i18n';
import { useEndStream } from '../api';

/** Asks before ending the stream, saying whether a bid stands. */
export function EndStreamDialog({ streamId, hasBid, onClose }: { streamId: string; hasBid: boolean; onClose(): void }) {
  const { t } = useT();
  const end = useEndStream(streamId);
  return (
    <Modal
      title={t('live.host.endTitle')}
      onClose={onClose}
      testId="end-stream-dialog"
      error={end.error?.message}
      confirm={{
        cancelLabel: t('live.host.keep'),
        confirmLabel: t('live.host.end'),
        danger: true,
        busy: end.isPending,
        onConfirm: () => end.mutate(undefined, { onSuccess: onClose }),
      }}
    >
      <p>{t(hasBid ? 'live.host.endWithBid' : 'live.host.endNoBid')}</p>
    </Modal>
  );
}
