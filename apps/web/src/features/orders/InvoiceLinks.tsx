import { invoicePdfPath, type InvoiceRef } from '@souq/shared';
import { RichText } from '../../components/RichText';
import { useT } from '../../i18n';
import './invoices.css';

/**
 * An order's invoices and credit notes (issue 32, ADR 0042) as download links: plain links, so the
 * PDF goes to disk with the session cookie and never through the page. The server names the file.
 */
export function InvoiceLinks({ documents }: { documents: InvoiceRef[] }) {
  const { t } = useT();
  if (!documents.length) return null;
  return (
    <ul className="invoice-links" aria-label={t('orders.invoices.label')} data-testid="invoices">
      {documents.map((d) => (
        <li key={d.id}>
          <a
            className="btn btn--ghost btn--small"
            href={invoicePdfPath(d.id)}
            download
            data-testid={`invoice-${d.kind}`}
          >
            <RichText id={`orders.invoices.${d.kind}`} parts={{ number: <bdi dir="ltr">{d.number}</bdi> }} />
          </a>
        </li>
      ))}
    </ul>
  );
}
