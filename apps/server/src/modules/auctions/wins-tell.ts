import type { Kysely, Transaction } from 'kysely';
import { auctionPath, type Locale } from '@souq/shared';
import type { DB } from '../../db/schema.js';
import { committing, type OnCommit } from '../../lib/after-commit.js';
import type { Clock } from '../../lib/clock.js';
import type { MailLater } from '../../lib/mail-later.js';
import { tellPeople, type Contact } from '../../lib/tell-people.js';
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
  words: (locale: Locale) => Words;
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
  const tell = (trx: Trx, onCommit: OnCommit, news: Tell[]): Promise<void> =>
    tellPeople(
      { ...ports, mailLater: deps.mailLater },
      trx,
      onCommit,
      news.map((n) => ({
        ...n,
        mail: n.mail
          ? (contact: Contact, locale: Locale) =>
              winsMail(deps.publicUrl, contact.email, n.words(locale), n.link, locale)
          : undefined,
      })),
    );

  const inTransaction = <T>(work: (trx: Trx, onCommit: OnCommit) => Promise<T>) => committing(db, work);

  return { tell, inTransaction };
}

export type WinsTell = ReturnType<typeof createWinsTell>;
