import { useId, useState } from 'react';
import type { UserBrief } from '@souq/shared';
import { Skeleton } from '../../../components/Skeleton';
import { useT } from '../../../i18n';
import { useViewerList } from '../host-api';
import { RemoveViewerDialog } from '../RemoveViewerDialog';
import { PersonRow } from './PersonRow';

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
                <PersonRow key={user.id} user={user} testId="viewer">
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
                </PersonRow>
              ))}
            </ul>
          )}
          {list.data.guests > 0 && <p className="muted">{t('host.viewers.guests', { count: list.data.guests })}</p>}
        </>
      )}
      {removing && (
        <RemoveViewerDialog
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
