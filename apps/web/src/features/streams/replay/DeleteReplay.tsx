import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Modal } from '../../../components/Modal';
import { useT } from '../../../i18n';
import { useDeleteReplay } from '../host-api';

/** The host's "Delete replay", asked once in a dialog; afterwards the show has its clips only. */
export function DeleteReplay({ streamId }: { streamId: string }) {
  const { t, m } = useT();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const remove = useDeleteReplay(streamId);
  return (
    <>
      <button type="button" className="btn btn--ghost" onClick={() => setAsking(true)} data-testid="delete-replay">
        {t('replay.delete')}
      </button>
      {asking && (
        <Modal
          title={t('replay.deleteTitle')}
          onClose={() => setAsking(false)}
          error={remove.error ? m(remove.error.message) : null}
          confirm={{
            cancelLabel: t('replay.keep'),
            confirmLabel: t('replay.delete'),
            danger: true,
            busy: remove.isPending,
            onConfirm: () => remove.mutate(undefined, { onSuccess: () => navigate('/live', { replace: true }) }),
          }}
        >
          <p>{t('replay.deleteBody')}</p>
        </Modal>
      )}
    </>
  );
}
