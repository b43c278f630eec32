import { accounts } from './accounts.js';
import { addresses } from './addresses.js';
import { admin } from './admin.js';
import { aftersale } from './aftersale.js';
import { reports } from './reports.js';
import { savedSearches } from './saved-searches.js';
import { auctions } from './auctions.js';
import { catalog } from './catalog.js';
import { dashboard } from './dashboard.js';
import { delivery } from './delivery.js';
import type { Endpoint } from './endpoint.js';
import { feed } from './feed.js';
import { notifications } from './notifications.js';
import { offers } from './offers.js';
import { orders } from './orders.js';
import { privacy } from './privacy.js';
import { profiles } from './profiles.js';
import { push } from './push.js';
import { reviews } from './reviews.js';
import { giveaways } from './giveaways.js';
import { replays } from './replays.js';
import { shows } from './shows.js';
import { streams } from './streams.js';
import { system } from './system.js';
import { wins } from './wins.js';

export * from './endpoint.js';
export { GiveawayDrawSchema, type GiveawayDraw } from './giveaways.js';

/** Every HTTP endpoint the server answers, by module. */
export const API = {
  accounts,
  addresses,
  admin,
  reports,
  auctions,
  catalog,
  feed,
  notifications,
  push,
  orders,
  profiles,
  reviews,
  // A stream and the show it runs (lots, pins, moderation): one concept, one name (docs/architecture.md).
  streams: { ...streams, ...shows, ...giveaways, ...replays },
  system,
  aftersale,
  wins,
  savedSearches,
  delivery,
  offers,
  dashboard,
  privacy,
};

/** The same, as one list. */
export const ENDPOINTS: readonly Endpoint[] = Object.values(API).flatMap((group) => Object.values(group) as Endpoint[]);

/** One sentence per tag the endpoints use, for the document's tag list. */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  Accounts:
    "Registration, signing in with a password or with Google, sessions, email verification, passwords and the account's language.",
  Addresses:
    'The address book: delivery addresses a courier can find (building, landmark, a pin, a Makani number and a Gulf mobile), one of them the default.',
  Delivery:
    'Cash on delivery at the door: attempts the seller records, the buyer’s replies and disputes, cancelling as "Delivery failed", the limits that keep COD open, and the seller’s delivery record.',
  Staff:
    'What only Souq staff may call: the audit log of staff actions, and the queue of escalated problems with their decisions.',
  'After a sale':
    'What follows a sale: cancelling a line shipped late, rating sellers and their replies, seller standing, and problems from opening to escalation.',
  Auctions:
    "Timed auctions: the list, an auction and its bids, putting a product up for auction, bidding with an optional maximum, cancelling and relisting, and the server's clock.",
  Catalog:
    "The shop's products: browsing and search, the product page, selling, editing and deleting, likes, the seller's invoice file and page views.",
  Dashboard:
    "The seller's own figures, one endpoint per chart: sales, orders by status, best products, auctions and shows.",
  Offers:
    'Offers on fixed-price items: the seller’s terms (a hidden floor, units to sell), making, countering, accepting and declining offers, and checking out an accepted one.',
  Feed: 'The For You feed of products and auctions ranked for each person, and the signals (items opened, not interested) that shape it.',
  Notifications:
    "The bell: a person's latest notifications, and marking them read; which news rings the bell, comes by email or as a push message, and this device's push subscription.",
  Orders:
    "Pricing a cart, placing cash-on-delivery orders, giving a won order its address, the buyer's orders and the seller's sales, fulfilment, CSV exports, and invoices and credit notes.",
  Privacy:
    "Data rights: a person's export of their data and the erasure of their account, and staff acting on a request made by email.",
  Profiles:
    "Public profiles and a seller's products, one's own profile, photo and tax details, the products one likes, and following people.",
  Reports:
    'Reporting products, auctions, profiles, reviews and chat messages to staff, and what staff do about the reports.',
  Reviews: "Product reviews, each a text with a rating from 1 to 5: reading a product's reviews and writing one.",
  'Saved searches': 'Saved searches, and the alerts that new listings matching them set off.',
  'Live shows':
    'Shows on a live stream: scheduling and going live, the run sheet of lots, pre-bids, Buy It Now, reminders, moderators, mutes and muted words, and the clips of sold lots.',
  Live: "Live streams: the list, a stream's page and how to join its video, starting and ending one, and removing chat messages and viewers.",
  Service: 'The instance itself: liveness and readiness probes, and this document with its browsable reference.',
  'Unpaid wins':
    "Winners who do not pay: the winner's request to cancel and the seller's answer, second-chance offers to the runner-up, and unpaid-item strikes.",
};

/** Each endpoint's name in the contract, `group.name` (`catalog.detail`): its OpenAPI operationId. */
export const OPERATION_IDS: ReadonlyMap<Endpoint, string> = new Map(
  Object.entries(API).flatMap(([group, endpoints]) =>
    Object.entries(endpoints as Record<string, Endpoint>).map(([name, e]) => [e, `${group}.${name}`] as const),
  ),
);
export * from './openapi.js';
