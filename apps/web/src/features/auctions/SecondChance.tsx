import { Link } from 'react-router';
import type { AuctionDetail } from '@souq/shared';
import { formatGulfDateTime } from '../../components/dates';
import { FormError } from '../../components/FormError';
import { Money } from '../../components/Money';
import { richT, useT } from '../../i18n';
import { useAnswerSecondChance, useOfferSecondChance } from './api';

/**
 * A sold auction whose winner did not complete the order (issue 31): the seller's second-chance
 * offer to the runner-up, and the runner-up's one tap to accept or decline. Shown only to those two.
 */
export function SecondChance({ auction }: { auction: AuctionDetail }) {
  const { t, locale } = useT();
  const offerIt = useOfferSecondChance(auction.id);
  const answer = useAnswerSecondChance(auction.id);
  const offer = auction.secondChance;
  const error = offerIt.error ?? answer.error;

  if (offer?.toMe) {
    return (
      <section className="card second-chance" aria-labelledby="second-chance-title" data-testid="second-chance">
        <h2 id="second-chance-title">{t('wins.offer.title')}</h2>
        {offer.status === 'open' && (
          <>
            <p>
              {richT(
                t,
                'wins.offer.toMe',
                { amount: <Money fils={offer.amount} /> },
                { date: formatGulfDateTime(offer.expiresAt, locale) },
              )}
            </p>
            <div className="second-chance__actions">
              <button
                type="button"
                className="btn btn--primary"
                disabled={answer.isPending}
                onClick={() => answer.mutate({ offerId: offer.id, accept: true })}
                data-testid="accept-offer"
              >
                {t('wins.offer.accept')}
              </button>
              <button
                type="button"
                className="btn btn--ghost"
                disabled={answer.isPending}
                onClick={() => answer.mutate({ offerId: offer.id, accept: false })}
                data-testid="decline-offer"
              >
                {t('wins.offer.decline')}
              </button>
            </div>
          </>
        )}
        {offer.status === 'accepted' && (
          <p className="notice notice--ok" role="status" data-testid="offer-accepted">
            {t('wins.offer.youAccepted')} <Link to="/MyAccount?tab=orders">{t('wins.offer.viewOrders')}</Link>
          </p>
        )}
        {offer.status === 'declined' && <p className="muted">{t('wins.offer.youDeclined')}</p>}
        {offer.status === 'expired' && <p className="muted">{t('wins.offer.lapsed')}</p>}
        <FormError message={error ? error.message : null} />
      </section>
    );
  }

  const lostSale = auction.status === 'sold' && (offer || auction.runnerUp || auction.canRelist);
  if (!auction.isOwner || !lostSale) return null;
  // The seller's side: whom they may offer it to, or how their offer stands.
  const user = (username: string) => (
    <strong>
      <bdi>{username}</bdi>
    </strong>
  );
  return (
    <section className="card second-chance" aria-labelledby="second-chance-title" data-testid="second-chance">
      <h2 id="second-chance-title">{t('wins.offer.title')}</h2>
      {offer ? (
        <p role="status" data-testid="offer-status">
          {richT(
            t,
            offer.status === 'open'
              ? 'wins.offer.open'
              : offer.status === 'accepted'
                ? 'wins.offer.accepted'
                : offer.status === 'declined'
                  ? 'wins.offer.declined'
                  : 'wins.offer.expired',
            { user: user(offer.bidder.username) },
            { date: formatGulfDateTime(offer.expiresAt, locale) },
          )}
        </p>
      ) : auction.runnerUp ? (
        <>
          <p>
            {richT(t, 'wins.offer.runnerUp', {
              user: user(auction.runnerUp.bidder.username),
              amount: <Money fils={auction.runnerUp.amount} />,
            })}
          </p>
          <button
            type="button"
            className="btn btn--primary"
            disabled={offerIt.isPending}
            onClick={() => offerIt.mutate()}
            data-testid="send-offer"
          >
            {t('wins.offer.send')}
          </button>
        </>
      ) : (
        <p>{t('wins.offer.noRunnerUp')}</p>
      )}
      <FormError message={error ? error.message : null} />
    </section>
  );
}
