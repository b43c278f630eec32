import { z } from 'zod';
import { Timestamp } from './scalars.js';

/** One line of the staff audit log (issue 31): who did what to which thing, why and when. */
export const StaffActionSchema = z.object({
  id: z.string(),
  staff: z.string().meta({ description: "The staff member's username." }),
  action: z.string(),
  targetKind: z.string(),
  targetId: z.string(),
  reason: z.string(),
  createdAt: Timestamp,
});
export type StaffAction = z.infer<typeof StaffActionSchema>;

export const AuditLogSchema = z.object({
  actions: z.array(StaffActionSchema),
  /** Pass as `before` for the next, older page; null at the end. */
  next: z.string().nullable(),
});
export type AuditLog = z.infer<typeof AuditLogSchema>;

export const AuditLogQuerySchema = z.object({
  before: z
    .string()
    .max(200)
    .optional()
    .describe("The previous page's `next`, to read the older actions after it; omit for the newest page."),
});
