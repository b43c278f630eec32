import { mapsLink, type Sale } from '@souq/shared';
import { PersonName } from '../../components/PersonName';
import { RichText } from '../../components/RichText';
import { FulfilmentBadge } from './FulfilmentBadge';
import { AddressParts } from '../../components/address/AddressParts';
import { useEmirateName } from '../../components/address/emirates';
import { useT } from '../../i18n';

/** Where the sale stands, and who to deliver to and call for the cash once the buyer gave an address. */
export function SaleContact({ sale }: { sale: Sale }) {
  const emirateName = useEmirateName();
  const { t } = useT();
  return (
    <div className="sale-card__contact">
      <FulfilmentBadge status={sale.status} />
      {sale.delivery ? (
        <address>
          <strong>
            <PersonName username={sale.buyer.username} />
          </strong>{' '}
          ·{' '}
          <a href={`tel:${sale.delivery.phoneE164 ?? sale.delivery.phone}`} dir="ltr">
            {sale.delivery.phone}
          </a>
          <br />
          {sale.delivery.building && (
            <>
              <AddressParts
                parts={[
                  sale.delivery.building,
                  sale.delivery.flat && t('addresses.flat', { flat: sale.delivery.flat }),
                ]}
              />
              <br />
            </>
          )}
          <RichText
            id="orders.sales.deliverTo"
            values={{ emirate: emirateName(sale.emirate) }}
            parts={{ street: <bdi>{sale.delivery.street}</bdi>, area: <bdi>{sale.delivery.area}</bdi> }}
          />
          {sale.delivery.landmark && (
            <>
              <br />
              <span className="muted">
                <bdi>{sale.delivery.landmark}</bdi>
              </span>
            </>
          )}
          <FindTheDoor delivery={sale.delivery} />
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

/** What takes the courier to the door: the pin in the phone's maps app, and Dubai's Makani number. */
function FindTheDoor({ delivery }: { delivery: NonNullable<Sale['delivery']> }) {
  const { t } = useT();
  if (!delivery.location && !delivery.makani) return null;
  return (
    <span className="sale-card__find" data-testid="find-the-door">
      <br />
      {delivery.location && (
        <a href={mapsLink(delivery.location)} target="_blank" rel="noreferrer" data-testid="open-in-maps">
          {t('orders.address.openInMaps')}
        </a>
      )}
      {delivery.location && delivery.makani && ' · '}
      {delivery.makani && (
        <span data-testid="makani">
          {t('addresses.makaniLabel')} <bdi dir="ltr">{delivery.makani}</bdi>
        </span>
      )}
    </span>
  );
}
