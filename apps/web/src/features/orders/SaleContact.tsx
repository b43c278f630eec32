import type { Sale } from '@souq/shared';
import { PersonName } from '../../components/PersonName';
import { RichText } from '../../components/RichText';
import { FulfilmentBadge } from './FulfilmentBadge';
import { useEmirateName } from './labels';

/** Where the sale stands, and who to deliver to and call for the cash once the buyer gave an address. */
export function SaleContact({ sale }: { sale: Sale }) {
  const emirateName = useEmirateName();
  return (
    <div className="sale-card__contact">
      <FulfilmentBadge status={sale.status} />
      {sale.delivery ? (
        <address>
          <strong>
            <PersonName username={sale.buyer.username} />
          </strong>{' '}
          ·{' '}
          <a href={`tel:${sale.delivery.phone}`} dir="ltr">
            {sale.delivery.phone}
          </a>
          <br />
          <RichText
            id="orders.sales.deliverTo"
            values={{ emirate: emirateName(sale.emirate) }}
            parts={{ street: <bdi>{sale.delivery.street}</bdi>, area: <bdi>{sale.delivery.area}</bdi> }}
          />
        </address>
      ) : (
        <p className="muted">
          <RichText
            id="orders.sales.awaiting"
            parts={{
              buyer: (
                <strong>
                  <PersonName username={sale.buyer.username} />
                </strong>
              ),
            }}
          />
        </p>
      )}
    </div>
  );
}
