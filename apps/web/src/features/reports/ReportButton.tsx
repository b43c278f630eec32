import { useState } from 'react';
import type { ReportTarget } from '@souq/shared';
import { useT } from '../../i18n';
import { ReportDialog } from './ReportDialog';

/** "Report": opens the report dialog for one thing. Pages show it to signed-in people only. */
export function ReportButton({ kind, id, compact }: { kind: ReportTarget; id: string; compact?: boolean }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`btn btn--ghost report-button${compact ? ' report-button--compact' : ''}`}
        aria-haspopup="dialog"
        data-testid={`report-${kind}`}
        onClick={() => setOpen(true)}
      >
        <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
          <path fill="currentColor" d="M5 3h2v18H5zm3 1h10l-2 4 2 4H8z" />
        </svg>
        <span className={compact ? 'sr-only' : undefined}>{t('reports.button')}</span>
      </button>
      {open && <ReportDialog kind={kind} id={id} onClose={() => setOpen(false)} />}
    </>
  );
}
