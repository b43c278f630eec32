import type { OnCommit } from '../../lib/after-commit.js';
import { recipientLocale } from '../../lib/locale.js';
import type { DeliveryDeps, Trx } from './deps.js';
import { noticeMail, noticeText, ORDERS_PATH, type DeliveryNotice } from './notices.js';

/**
 * Rings the buyer's bell in the caller's transaction and mails them once it has committed, in
 * their language: the news exists exactly when what it announces does.
 */
export async function tellBuyer(
  deps: Pick<DeliveryDeps, 'accounts' | 'notifications' | 'mailLater' | 'publicUrl'>,
  trx: Trx,
  onCommit: OnCommit,
  told: { buyerId: string; lineId: string; notice: DeliveryNotice },
): Promise<void> {
  const [contact] = await deps.accounts.contactsOf(trx, [told.buyerId]);
  const locale = recipientLocale(contact?.locale);
  const kind = told.notice.kind === 'decided' ? 'refusal_decided' : 'delivery_failed';
  await deps.notifications.notify(trx, onCommit, [
    {
      userId: told.buyerId,
      kind,
      subject: told.lineId,
      ...noticeText(told.notice, locale),
      link: ORDERS_PATH,
    },
  ]);
  if (contact)
    deps.mailLater(onCommit, {
      ...noticeMail(deps.publicUrl, contact.email, contact.username, told.notice, locale),
      about: { userId: told.buyerId, kind },
    });
}
