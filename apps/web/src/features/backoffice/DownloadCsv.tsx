import './backoffice.css';
import { useT } from '../../i18n';
import { CSV_PATHS, type CsvKind } from './api';

/**
 * "Download CSV" above My Orders or Sales: a link the browser downloads (the server names the file
 * and streams it), not a fetch, so a seller's 10,000 lines never pass through the page's memory.
 */
export function DownloadCsv({ kind }: { kind: CsvKind }) {
  const { t } = useT();
  return (
    <div className="csv-download">
      <a className="btn btn--ghost btn--small" href={CSV_PATHS[kind]} download data-testid={`download-${kind}-csv`}>
        {t('backoffice.csv.download')}
      </a>
      <span className="muted">{t(kind === 'orders' ? 'backoffice.csv.ordersHint' : 'backoffice.csv.salesHint')}</span>
    </div>
  );
}
