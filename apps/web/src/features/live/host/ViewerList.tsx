import { useId, useState } from 'react';
import type { UserBrief } from '@souq/shared';
import { Modal } from '../../../components/Modal';
import { Skeleton } from '../../../components/Skeleton';
import { useT } from '../../../i18n';
import { useViewerList } from '../host-api';

interface Props {
  streamId: string;
  hostId: string;
  onMute(user: UserBrief): Promise<void>;
  onRemove(user: UserBrief): Promise<void>;
}

/** Who is watching (the socket's `stream:viewer-list`, host and moderators), with mute and remove. */
export function ViewerList({ streamId, hostId, onMute, onRemove }: Props) {
  const { t, m } = useT();
  const titleId = useId();
  const list = useViewerList(streamId);
  const [removing, setRemoving] = useState<UserBrief | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const load = () => void list.refetch();

  const viewers = list.data?.viewers.filter((v) => v.id !== hostId) ?? [];

  return (
    <section className="card host-panel" aria-labelledby={titleId} data-testid="viewer-list">
      <div className="host-panel__head">
        <h2 id={titleId}>{t('host.viewers.title')}</h2>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={load}
          disabled={list.isFetching}
          data-testid="refresh-viewers"
        >
          {t('host.viewers.refresh')}
        </button>
      </div>
      {list.isPending && (
        <div role="status" aria-label={t('host.viewers.title')}>
          <Skeleton height={44} />
          <Skeleton height={44} style={{ marginBlockStart: 8 }} />
        </div>
      )}
      {list.isError && (
        <p className="form-error" role="alert">
          {t('host.viewers.loadError')} {m(list.error.message)}
        </p>
      )}
      {list.data && (
        <>
          {viewers.length === 0 ? (
            <p className="muted">{t('host.viewers.empty')}</p>
          ) : (
            <ul className="host-list">
              {viewers.map((user) => (
                <li key={user.id} className="host-list__item" data-testid="viewer">
                  <span className="host-list__main">
                    <bdi>{user.username}</bdi>
                  </span>
                  <button
                    type="button"
                    className="btn btn--ghost"
                    disabled={busy === user.id}
                    aria-label={t('host.viewers.mute', { user: user.username })}
                    onClick={() => {
                      setBusy(user.id);
                      void onMute(user).finally(() => setBusy(null));
                    }}
                  >
                    {t('host.viewers.muteShort')}
                  </button>
                  <button
                    type="button"
                    className="btn btn--danger"
                    aria-label={t('host.viewers.remove', { user: user.username })}
                    onClick={() => setRemoving(user)}
                  >
                    {t('host.viewers.removeShort')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {list.data.guests > 0 && <p className="muted">{t('host.viewers.guests', { count: list.data.guests })}</p>}
        </>
      )}
      {removing && (
        <RemoveDialog
          user={removing}
          onClose={() => setRemoving(null)}
          onRemove={async (user) => {
            await onRemove(user);
            load();
          }}
        />
      )}
    </section>
  );
}

function RemoveDialog({
  user,
  onRemove,
  onClose,
}: {
  user: UserBrief;
  onRemove(user: UserBrief): Promise<void>;
  onClose(): void;
}) {
  const { t, m } = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal
      title={t('live.chat.removeTitle', { user: user.username })}
      onClose={onClose}
      testId="remove-viewer-dialog"
      actions={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('live.chat.cancel')}
          </button>
          <button
            type="button"
            className="btn btn--danger"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              onRemove(user).then(onClose, (e: unknown) => {
                setBusy(false);
                setError((e as Error).message);
              });
            }}
          >
            {t('live.chat.removeConfirm')}
          </button>
        </>
      }
    >
      <p>{t('live.chat.removeBody')}</p>
      {error && (
        <p className="form-error" role="alert">
          {m(error)}
        </p>
      )}
    </Modal>
  );
}
