import type { StreamDetail } from '@souq/shared';
import { richT, useT } from '../../i18n';

/** "On sale: …" under the bid banner: the lot on screen (a single-product stream's one product). */
export function OnSaleLine({ stream }: { stream: Pick<StreamDetail, 'lot' | 'product'> }) {
  const { t } = useT();
  const title = stream.lot?.product.title ?? stream.product.title;
  return (
    <p className="muted live__product">
      {richT(t, 'live.onSale', {
        title: (
          <strong>
            <bdi>{title}</bdi>
          </strong>
        ),
      })}
    </p>
  );
}
