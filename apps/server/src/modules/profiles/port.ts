import type { ProfilesService } from './service.js';

/** What later modules may ask of profiles (ADR 0007). */
export const PROFILES_PORT = [
  // catalog: a seller's post count moves in the product's own transaction
  'adjustPostsCount',
  // feed: whom a person follows
  'followedIds',
  'followedAmong',
  // streams: a host's followers are told when a scheduled show goes live (issue 30)
  'followerIds',
  // orders: the seller's legal name, address and TRN, copied into each invoice as it is issued (issue 32)
  'taxDetailsOf',
] as const satisfies ReadonlyArray<keyof ProfilesService>;

export type ProfilesPort = Pick<ProfilesService, (typeof PROFILES_PORT)[number]>;
