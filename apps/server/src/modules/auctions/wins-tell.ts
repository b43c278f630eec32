import type { Kysely, Transaction } from 'kysely';
import { auctionPath } from '@souq/shared';
import type { DB } from '../../db/schema.js';
import { committing, type OnCommit } from '../../lib/after-commit.js';
import type { Clock } from '../../lib/clock.js';
import { recipientLocale } from '../../lib/locale.js';
import type { MailLater } from '../../lib/mail-later.js';
import type { AccountsPort } from '../accounts/port.js';
import type { CatalogPort } from '../catalog/port.js';
import type { NewNotification, NotificationsPort } from '../notifications/port.js';
import type { OrdersPort } from '../orders/port.js';
import type { Strikes } from './strikes.js';
import { winsMail, type Words } from './wins-news.js';

export interface WinsDeps {
  db: Kysely<DB>;
  clock: Clock;
  ports: {
    accounts: Pick<AccountsPort, 'contactsOf'>;
    catalog: Pick<CatalogPort, 'forAuction'>;
    orders: Pick<
      OrdersPort,
      'answerCancel' | 'askCancel' | 'createForSecondChance' | 'orderOf' | 'orderOfAuction' | 'partiesOf' | 'saleOf'
    >;
    notifications: Pick<NotificationsPort, 'notify'>;
  };
  strikes: Strikes;
  mailLater: MailLater;
  publicUrl: string;
  avatarUrl: (key: string | null) => string;
  secondChanceMs: number;
}

export type Trx = Transaction<DB>;

export const MY_ORDERS = '/MyAccount?tab=orders';
export const MY_SALES = '/MyAccount?tab=sales';

/** One piece of news for one person: their bell, and a mail too when `mail` is set. */
export interface Tell {
  userId: string;
  kind: NewNotification['kind'];
  subject: string;
  link: string;
  words: (locale: 'en' | 'ar') => Words;
  mail?: boolean;
}

/** What an order is about, in a line: its first line's title (a show order names its first win). */
export const titleOf = (parties: { title: string }[]) => parties[0]?.title ?? '';
export const sellersOf = (parties: { seller_id: string }[]) => [...new Set(parties.map((p) => p.seller_id))];
/** The seller's page for what was won: the auction (second chance, relist), or their sales. */
export const sellerLink = (parties: { auction_id: string | null }[]) =>
  parties.length === 1 && parties[0]!.auction_id ? auctionPath(parties[0]!.auction_id) : MY_SALES;

/**
 * Every change to a won order tells someone, and the news must be stored with the change and
 * mailed only once it has committed: each part of the wins works through this pair.
 */
export function createWinsTell(deps: Pick<WinsDeps, 'db' | 'ports' | 'mailLater' | 'publicUrl'>) {
  const { db, ports } = deps;

  /** Bells in each person's language, stored in the transaction; mails sent after it commits. */
  async function tell(trx: Trx, onCommit: OnCommit, news: Tell[]): Promise<void> {
    if (!news.length) return;
    const contacts = new Map(
      (await ports.accounts.contactsOf(trx, [...new Set(news.map((n) => n.userId))])).map((c) => [c.id, c]),
    );
    const worded = news.map((n) => ({ n, locale: recipientLocale(contacts.get(n.userId)?.locale) }));
    await ports.notifications.notify(
      trx,
      onCommit,
      worded.map(({ n, locale }) => ({
        userId: n.userId,
        kind: n.kind,
        subject: n.subject,
        link: n.link,
        ...n.words(locale),
      })),
    );
    for (const { n, locale } of worded) {
      const contact = contacts.get(n.userId);
      if (n.mail && contact)
        deps.mailLater(onCommit, {
          ...winsMail(deps.publicUrl, contact.email, n.words(locale), n.link, locale),
          about: { userId: n.userId, kind: n.kind },
        });
    }
  }

  const inTransaction = <T>(work: (trx: Trx, onCommit: OnCommit) => Promise<T>) => committing(db, work);

  return { tell, inTransaction };
}

export type WinsTell = ReturnType<typeof createWinsTell>;
