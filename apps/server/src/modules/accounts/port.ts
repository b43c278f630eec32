import type { AccountsService } from './service.js';

/** What later modules may ask of accounts (ADR 0007). */
export const ACCOUNTS_PORT = [
  // profiles: a username is unique across every account
  'isUsernameTaken',
  // streams: who a socket's chat line comes from, and a rehearsal's simulated bidders (issue 47)
  'userById',
  'simulatedBidders',
  // auctions (outbid mail), flows/auction-close.ts: where to mail people
  'contactsOf',
  // trust, orders (issue 31): every staff action is written to the audit log in its own transaction
  'recordStaffAction',
  // reports (issue 31): staff suspend an account (its sessions end) and let it back
  'suspend',
  'unsuspend',
  // auctions (issue 31): until when a person's strikes suspend their bidding, kept on their row
  'raiseBiddingSuspension',
  // privacy (issue 45): deleting one's account is confirmed with the password
  'passwordMatches',
  // push (issue 48): a device's subscription belongs to the sign-in that made it
  'sessionIdOf',
] as const satisfies ReadonlyArray<keyof AccountsService>;

export type AccountsPort = Pick<AccountsService, (typeof ACCOUNTS_PORT)[number]>;
