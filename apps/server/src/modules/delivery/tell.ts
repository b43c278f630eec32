import type { OnCommit } from '../../lib/after-commit.js';
import { tellPeople } from '../../lib/tell-people.js';
import type { DeliveryDeps, Trx } from './deps.js';
import { noticeMail, noticeText, ORDERS_PATH, type DeliveryNotice } from './notices.js';

/** Tells the buyer, by bell and by mail, in their language (lib/tell-people.ts). */
export function tellBuyer(
  deps: Pick<DeliveryDeps, 'accounts' | 'notifications' | 'mailLater' | 'publicUrl'>,
  trx: Trx,
  onCommit: OnCommit,
  told: { buyerId: string; lineId: string; notice: DeliveryNotice },
): Promise<void> {
  return tellPeople(deps, trx, onCommit, [
    {
      userId: told.buyerId,
      kind: told.notice.kind === 'decided' ? 'refusal_decided' : 'delivery_failed',
      subject: told.lineId,
      link: ORDERS_PATH,
      words: (locale) => noticeText(told.notice, locale),
      mail: (contact, locale) => noticeMail(deps.publicUrl, contact.email, contact.username, told.notice, locale),
    },
  ]);
}
