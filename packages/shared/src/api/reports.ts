import { z } from 'zod';
import { MSG } from '../messages.js';
import { idString, plainText } from '../text.js';
import { Timestamp } from './scalars.js';

/** What a person can report (issue 31): a listing (product or auction), a profile, a review or a live chat line. */
export const REPORT_TARGETS = ['product', 'auction', 'user', 'review', 'message'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

/** The short list of reasons; the browser words each one (Lingui), the server stores the key. */
export const REPORT_REASONS = ['counterfeit', 'prohibited', 'misleading', 'abusive', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_TEXT_MAX = 500;
export const STAFF_REASON_MAX = 500;

/** POST /api/reports: one report per person per thing. */
export const ReportInputSchema = z.object({
  targetKind: z.enum(REPORT_TARGETS, { error: MSG.reportTargetMissing }),
  targetId: idString(MSG.reportTargetMissing),
  reason: z.enum(REPORT_REASONS, { error: MSG.reportReasonRequired }),
  text: plainText({
    required: MSG.reportTextLength,
    min: [0, MSG.reportTextLength],
    max: [REPORT_TEXT_MAX, MSG.reportTextLength],
    multiline: true,
  }).optional(),
});
export type ReportInput = z.infer<typeof ReportInputSchema>;

/** Every staff action says why (the audit log keeps it; a hidden listing's owner reads it). */
export const staffReason = plainText({
  required: MSG.reasonRequired,
  max: [STAFF_REASON_MAX, MSG.staffReasonLength],
  multiline: true,
});

/**
 * What staff do about a report, to the thing it names: hide a listing, remove a review or chat
 * line, suspend the person behind it (until a time), or dismiss it. Each resolves every open
 * report on that thing.
 */
export const REPORT_ACTIONS = ['hide', 'remove', 'suspend', 'dismiss'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const ReportActionSchema = z.object({
  action: z.enum(REPORT_ACTIONS, { error: MSG.reportActionInvalid }),
  reason: staffReason,
  /** For 'suspend': when the suspension ends (ISO time, in the future). */
  until: z.iso.datetime({ offset: true, error: MSG.suspendUntilInvalid }).optional(),
});
export type ReportActionInput = z.infer<typeof ReportActionSchema>;

/** Undoing an action: a hidden listing shown again, a suspended account let back. */
export const RESTORE_TARGETS = ['product', 'auction', 'user'] as const;
export const RestoreSchema = z.object({
  targetKind: z.enum(RESTORE_TARGETS, { error: MSG.reportTargetMissing }),
  targetId: idString(MSG.reportTargetMissing),
  reason: staffReason,
});
export type RestoreInput = z.infer<typeof RestoreSchema>;

const Person = z.object({ id: z.string(), username: z.string(), profilePic: z.string() });

/** One chat line shown around the reported one. */
export const ContextLineSchema = z.object({
  id: z.string(),
  username: z.string(),
  text: z.string(),
  createdAt: Timestamp,
  reported: z.boolean(),
  deleted: z.boolean(),
});

/** The reported thing as staff see it; `gone` when it no longer exists. */
export const ReportedThingSchema = z.object({
  kind: z.enum(REPORT_TARGETS),
  id: z.string(),
  gone: z.boolean(),
  /** A listing's title, a review's or chat line's text, a profile's username. */
  title: z.string(),
  /** A listing's first photo, a profile's picture; null otherwise. */
  image: z.string().nullable(),
  /** Where the thing is seen in the app (its page), or null. */
  link: z.string().nullable(),
  /** Who is answerable for it: the seller, the reviewer, the sender, the profile's owner. */
  owner: Person.nullable(),
  /** A hidden listing or removed review or line: when and why. */
  hiddenAt: Timestamp.nullable(),
  /** A review's rating, 1–5. */
  rating: z.number().nullable(),
  /** For a chat line: the lines around it. */
  around: z.array(ContextLineSchema),
});
export type ReportedThing = z.infer<typeof ReportedThingSchema>;

export const OpenReportSchema = z.object({
  id: z.string(),
  reporter: z.string().meta({ description: "The reporter's username." }),
  reason: z.enum(REPORT_REASONS),
  text: z.string(),
  createdAt: Timestamp,
});

/** The open reports on one thing, with the thing in context. */
export const ReportGroupSchema = z.object({ thing: ReportedThingSchema, reports: z.array(OpenReportSchema) });
export type ReportGroup = z.infer<typeof ReportGroupSchema>;

export const ReportQueueSchema = z.object({ groups: z.array(ReportGroupSchema) });
export type ReportQueue = z.infer<typeof ReportQueueSchema>;

export const ReportActedSchema = z.object({ resolved: z.number().int() });

/** Why and until when a person is suspended (their session's `suspension`). */
export const SuspensionSchema = z.object({ until: Timestamp, reason: z.string() });
export type Suspension = z.infer<typeof SuspensionSchema>;
