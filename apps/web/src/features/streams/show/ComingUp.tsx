import { formatMoney, type Lot } from '@souq/shared';
import { ProductThumb } from './ProductThumb';
import { useT } from '../../../i18n';
import { comingUp } from '../live-state';

/** "Coming up": the next lots still waiting on the run sheet, so viewers know what to stay for. */
export function ComingUp({ lots, count = 3 }: { lots: readonly Lot[]; count?: number }) {
  const { t, locale } = useT();
  const next = comingUp(lots, count);
  return (
    <section className="coming-up card" aria-labelledby="coming-up-title" data-testid="coming-up">
      <h2 id="coming-up-title">{t('show.comingUp.title')}</h2>
      {next.length === 0 ? (
        <p className="muted">{t('show.comingUp.empty')}</p>
      ) : (
        <ol className="coming-up__list">
          {next.map((lot) => (
            <li key={lot.id} className="coming-up__lot" data-testid="coming-up-lot">
              <ProductThumb image={lot.product.image} size={48} />
              <span className="coming-up__text">
                <bdi>{lot.product.title}</bdi>
                <span className="muted">
                  {t('show.comingUp.from', { amount: formatMoney(lot.startingBid, locale) })}
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
