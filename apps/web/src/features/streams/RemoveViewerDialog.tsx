import { useState } from 'react';
import type { UserBrief } from '@souq/shared';
import { Modal } from '../../components/Modal';
import { useT } from '../../i18n';

/** Asks before a viewer is removed from the show (chat and viewer list alike); a refusal stays in the dialog. */
export function RemoveViewerDialog({
  user,
  onRemove,
  onClose,
}: {
  user: UserBrief;
  onRemove(user: UserBrief): Promise<void>;
  onClose(): void;
}) {
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal
      title={t('live.chat.removeTitle', { user: user.username })}
      onClose={onClose}
      testId="remove-viewer-dialog"
      error={error}
      confirm={{
        cancelLabel: t('live.chat.cancel'),
        confirmLabel: t('live.chat.removeConfirm'),
        danger: true,
        busy,
        onConfirm: () => {
          setBusy(true);
          onRemove(user).then(onClose, (e: unknown) => {
            setBusy(false);
            setError((e as Error).message);
          });
        },
      }}
    >
      <p>{t('live.chat.removeBody')}</p>
    </Modal>
  );
}
