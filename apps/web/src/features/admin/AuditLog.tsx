import { useState } from 'react';
import type { StaffAction } from '@souq/shared';
import { formatGulfShort } from '../../components/dates';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadMore } from '../../components/LoadMore';
import { Skeleton } from '../../components/Skeleton';
import { useT } from '../../i18n';
import { useAuditLog } from './api';
import { RestoreDialog } from './RestoreDialog';
import { AUDIT_ACTION } from './words';
import { PersonName } from '../../components/PersonName';

/** What staff did, newest first: who, what, to which thing, why and when; a hide or suspension can be undone from here. */
export function AuditLog() {
  const { t } = useT();
  const log = useAuditLog();
  if (log.isPending)
    return (
      <div role="status" aria-label={t('admin.loading')}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="admin-audit__skeleton" height={48} />
        ))}
      </div>
    );
  if (log.isError)
    return <ErrorState title={t('admin.audit.error')} message={log.error.message} onRetry={() => void log.refetch()} />;
  const actions = log.data.pages.flatMap((p) => p.actions);
  if (actions.length === 0)
    return (
      <EmptyState title={t('admin.audit.empty')}>
        <p className="muted">{t('admin.audit.emptyHint')}</p>
      </EmptyState>
    );
  return (
    <>
      <ul className="admin-audit">
        {actions.map((a) => (
          <AuditLine key={a.id} action={a} />
        ))}
      </ul>
      {log.hasNextPage && <LoadMore loading={log.isFetchingNextPage} onMore={() => void log.fetchNextPage()} />}
    </>
  );
}

function AuditLine({ action: a }: { action: StaffAction }) {
  const { t, locale } = useT();
  const [restoring, setRestoring] = useState(false);
  const key = AUDIT_ACTION[a.action];
  const undoable =
    (a.action === 'hide_listing' && (a.targetKind === 'product' || a.targetKind === 'auction')) ||
    (a.action === 'suspend_account' && a.targetKind === 'user');
  return (
    <li className="admin-audit__line card" data-testid="audit-line">
      <div>
        <strong>{key ? t(key) : a.action}</strong> ·{' '}
        <span dir="auto">
          <PersonName username={a.staff} />
        </span>{' '}
        · <time dateTime={a.createdAt}>{formatGulfShort(a.createdAt, locale)}</time>
        <p className="muted admin-audit__target">
          {a.targetKind} <code>{a.targetId}</code>
        </p>
        <p dir="auto">{a.reason}</p>
      </div>
      {undoable && (
        <button type="button" className="btn btn--ghost" aria-haspopup="dialog" onClick={() => setRestoring(true)}>
          {t('admin.restore.button')}
        </button>
      )}
      {restoring && (
        <RestoreDialog
          targetKind={a.targetKind as 'product' | 'auction' | 'user'}
          targetId={a.targetId}
          onClose={() => setRestoring(false)}
        />
      )}
    </li>
  );
}
