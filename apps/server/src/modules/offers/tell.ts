import type { OnCommit } from '../../lib/after-commit.js';
import { recipientLocale } from '../../lib/locale.js';
import type { OffersDeps, Trx } from './deps.js';
import { KIND, newsMail, newsText, OFFERS_PATH, type OfferNews } from './notices.js';
import type { OfferRow } from './queries.js';

export type Telling = Pick<OffersDeps, 'accounts' | 'notifications' | 'mailLater' | 'publicUrl'>;

/**
 * Tells one side of an offer a step the other side (or the clock) took: the bell in the caller's
 * transaction, the mail once it has committed, both in the person's language, naming the other one.
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
  const contacts = await deps.accounts.contactsOf(trx, [userId, otherId]);
  const contact = contacts.find((c) => c.id === userId);
  const about = { title: offer.title, amount, other: contacts.find((c) => c.id === otherId)?.username ?? '' };
  const locale = recipientLocale(contact?.locale);
  await deps.notifications.notify(trx, onCommit, [
    { userId, kind: KIND[news], subject: offer.id, ...newsText(news, about, locale), link: OFFERS_PATH },
  ]);
  if (contact)
    deps.mailLater(onCommit, {
      ...newsMail(deps.publicUrl, contact.email, contact.username, news, about, locale),
      about: { userId, kind: KIND[news] },
    });
}
