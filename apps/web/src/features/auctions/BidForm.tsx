import { MSG, bidCapReached, filsToAmount, formatMoney } from '@souq/shared';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { MoneyInput } from '../../components/MoneyInput';
import { LoginToBid } from '../../components/LoginPrompt';
import { useT } from '../../i18n';
import { bidFieldText } from './bid-check';
import { QuickBids } from './QuickBids';
import { useBid, type BidProps } from './useBid';

/**
 * The bid: pre-filled with the minimum (and following it while untouched), three quick amounts,
 * an optional maximum the server bids up to, and the server's answer in words.
 */
export function BidForm({ auction, allowed, onResult, onEnded }: BidProps) {
  const i18n = useT();
  const { t, m, locale } = i18n;
  const minimum = auction.minimumBid;
  const { form, amount, chosenFils, outcome, needsLogin, canRetry, submit } = useBid({
    auction,
    allowed,
    onResult,
    onEnded,
  });
  const { fields, error, pending } = form;
  const maxAmount = form.values.maxAmount;

  if (needsLogin) return <LoginToBid />;
  if (bidCapReached(auction.currentBid)) {
    return (
      <p className="muted" role="status" data-testid="bid-cap-reached">
        {m(MSG.bidCapReached)}
      </p>
    );
  }

  const below = chosenFils !== null && chosenFils < minimum && !fields.amount;
  return (
    <form className="bid-form" noValidate onSubmit={submit} data-testid="bid-form">
      {auction.amLeading && <p className="hint bid-form__leading">{t('auctions.bid.leading')}</p>}
      <QuickBids
        minimum={minimum}
        chosenFils={chosenFils}
        disabled={pending}
        onPick={(fils) => {
          form.setValues((v) => ({ ...v, amount: filsToAmount(fils) }));
          form.setFields({});
        }}
      />
      <Field
        label={t('auctions.bid.yourBid')}
        error={bidFieldText(fields.amount, i18n)}
        hint={t(below ? 'auctions.bid.minimumNow' : 'auctions.bid.enterAtLeast', {
          minimum: formatMoney(minimum, locale),
        })}
      >
        {(c) => (
          <MoneyInput
            {...c}
            name="amount"
            value={amount}
            disabled={pending}
            onChange={(e) => form.edit('amount', e.target.value)}
          />
        )}
      </Field>
      <Field
        label={t('auctions.bid.max')}
        optional
        error={bidFieldText(fields.maxAmount, i18n)}
        hint={t('auctions.bid.maxHint')}
      >
        {(c) => (
          <MoneyInput
            {...c}
            name="maxAmount"
            value={maxAmount}
            disabled={pending}
            placeholder={t('auctions.bid.noMax')}
            onChange={(e) => form.edit('maxAmount', e.target.value)}
          />
        )}
      </Field>
      <FormError message={error} />
      {canRetry && <p className="hint bid-form__retry">{t('auctions.bid.retry')}</p>}
      <button
        type="submit"
        className="btn btn--primary btn--block bid-form__submit"
        disabled={pending}
        data-testid="place-bid"
      >
        {pending && <span className="spinner__wheel spinner__wheel--small" aria-hidden="true" />}
        {pending
          ? t('auctions.bid.placing')
          : chosenFils !== null
            ? t('auctions.bid.placeAmount', { amount: formatMoney(chosenFils, locale) })
            : t('auctions.bid.place')}
      </button>
      <p
        className={`bid-form__outcome${outcome ? (outcome.leading ? ' notice notice--ok' : ' notice notice--warn') : ''}`}
        role="status"
        data-testid="bid-outcome"
      >
        {outcome && m(outcome.message)}
      </p>
    </form>
  );
}
