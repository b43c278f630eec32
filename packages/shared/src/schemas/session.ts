import { z } from 'zod';
import { LOCALES } from '../i18n/locale.js';
import { MSG } from '../messages.js';
import { Timestamp } from '../api/scalars.js';

/** What the browser knows about the signed-in user (GET /api/auth/me). */
export const SessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  displayName: z.string().nullable(),
  emailVerified: z.boolean(),
  profilePic: z.string(),
  hasPassword: z.boolean(),
  createdAt: Timestamp,
  /** The language the account chose (issue 29), for the browser to apply after sign-in; null until chosen. */
  locale: z.enum(LOCALES).nullable(),
  /** Souq staff (issue 31): the browser shows the way to /admin; the server checks it on every staff route. */
  staff: z.boolean(),
  /** Why and until when staff suspended this account (issue 31); null when it is not suspended. */
  suspension: z.object({ until: Timestamp, reason: z.string() }).nullable(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const MeResponseSchema = z.object({ user: SessionUserSchema.nullable() });
/** PUT /api/me/locale: the account's language, for its mail and notifications. */
export const SetLocaleSchema = z.object({ locale: z.enum(LOCALES, { error: MSG.chooseLanguage }) });
export type SetLocaleInput = z.infer<typeof SetLocaleSchema>;

export type MeResponse = z.infer<typeof MeResponseSchema>;

export const ProvidersResponseSchema = z.object({
  google: z.object({ enabled: z.boolean(), reason: z.string().optional() }),
});
export type ProvidersResponse = z.infer<typeof ProvidersResponseSchema>;
