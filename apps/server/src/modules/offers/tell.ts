import type { OnCommit } from '../../lib/after-commit.js';
import { tellPeople } from '../../lib/tell-people.js';
import type { OffersDeps, Trx } from './deps.js';
import { KIND, newsMail, newsText, OFFERS_PATH, type OfferNews } from './notices.js';
import type { OfferRow } from './queries.js';

export type Telling = Pick<OffersDeps, 'accounts' | 'notifications' | 'mailLater' | 'publicUrl'>;

/**
 * Tells one side of an offer a step the other side (or the clock) took, by bell and by mail, in
 * the person's language (lib/tell-people.ts), naming the other one.
 */
export async function tell(
  deps: Telling,
  trx: Trx,
  onCommit: OnCommit,
  offer: Pick<OfferRow, 'id' | 'buyer_id' | 'seller_id' | 'title'>,
  to: 'buyer' | 'seller',
  news: OfferNews,
  amount: number,
): Promise<void> {
  const [userId, otherId] = to === 'buyer' ? [offer.buyer_id, offer.seller_id] : [offer.seller_id, offer.buyer_id];
  // Both people in one read: the news names the other one, and goes to this one's inbox.
  const both = await deps.accounts.contactsOf(trx, [userId, otherId]);
  const other = both.find((c) => c.id === otherId);
  const about = { title: offer.title, amount, other: other?.username ?? '' };
  await tellPeople(
    deps,
    trx,
    onCommit,
    [
      {
        userId,
        kind: KIND[news],
        subject: offer.id,
        link: OFFERS_PATH,
        words: (locale) => newsText(news, about, locale),
        mail: (contact, locale) => newsMail(deps.publicUrl, contact.email, contact.username, news, about, locale),
      },
    ],
    both,
  );
}
