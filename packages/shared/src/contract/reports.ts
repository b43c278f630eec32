import { z } from 'zod';
import {
  ReportActedSchema,
  ReportActionSchema,
  ReportInputSchema,
  ReportQueueSchema,
  RestoreSchema,
} from '../api/reports.js';
import { OkSchema, endpoint, idParams } from './endpoint.js';

const tag = 'Reports';
const ReportIdParams = idParams("The report's id (`groups[].reports[].id` in the queue).");

/** Reports by anyone signed in, and what staff do about them (issue 31; `/admin` in the browser). */
export const reports = {
  create: endpoint({
    method: 'POST',
    path: '/api/reports',
    summary: 'Report a product, auction, profile, review or chat message (once per thing)',
    description:
      "Reports a product, auction, profile, review or chat message to staff with a reason (counterfeit, prohibited, misleading, abusive, spam or other) and optional words. One report per person per thing (a second is 409 `CONFLICT`), and none of one's own things (403 `FORBIDDEN`). Answers the report's id.",
    tag,
    access: 'verified',
    body: ReportInputSchema,
    responses: { 201: z.object({ id: z.string() }) },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'VALIDATION_FAILED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
    example: { targetKind: 'product', targetId: '00000000-0000-4000-8000-000000000000', reason: 'counterfeit' },
  }),
  queue: endpoint({
    method: 'GET',
    path: '/api/admin/reports',
    summary: 'Open reports, grouped by the thing reported, with it in context',
    description:
      'Open reports (at most 300, the longest-waiting first) grouped by the thing reported, each group with the thing in context: the listing or profile, the review, or the chat message with the lines around it.',
    tag,
    access: 'staff',
    responses: { 200: ReportQueueSchema },
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  }),
  act: endpoint({
    method: 'POST',
    path: '/api/admin/reports/:id/action',
    summary: 'Act on a report: hide, remove, suspend or dismiss; resolves every open report on the thing',
    description:
      'Staff act on a report with a reason: `hide` a product or auction, `remove` a review or chat message, `suspend` the person behind it until `until` (their sessions end, their auctions are cancelled and their shows end), or `dismiss` it. Every open report on the same thing is resolved with it and the action goes to the staff audit log; answers how many reports it resolved. A report already handled is 409 `CONFLICT`.',
    tag,
    access: 'staff',
    params: ReportIdParams,
    body: ReportActionSchema,
    responses: { 200: ReportActedSchema },
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT'],
    example: { action: 'hide', reason: 'Counterfeit watch' },
  }),
  restore: endpoint({
    method: 'POST',
    path: '/api/admin/restore',
    summary: 'Show a hidden listing again, or end a suspension',
    description:
      "Staff undo an action, with a reason: show a hidden product or auction again, or end an account's suspension now. It goes to the staff audit log; 409 `CONFLICT` when there is nothing to undo.",
    tag,
    access: 'staff',
    body: RestoreSchema,
    responses: { 200: OkSchema },
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT'],
  }),
};
