import { z } from 'zod';

/** What the browser knows about the signed-in user (GET /api/auth/me). */
export const SessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  displayName: z.string().nullable(),
  emailVerified: z.boolean(),
  profilePic: z.string(),
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const MeResponseSchema = z.object({ user: SessionUserSchema.nullable() });
export type MeResponse = z.infer<typeof MeResponseSchema>;

export const ProvidersResponseSchema = z.object({
  google: z.object({ enabled: z.boolean(), reason: z.string().optional() }),
});
export type ProvidersResponse = z.infer<typeof ProvidersResponseSchema>;
