import { z } from 'zod';
import {
  ReportActedSchema,
  ReportActionSchema,
  ReportInputSchema,
  ReportQueueSchema,
  RestoreSchema,
} from '../api/reports.js';
import { IdParams, OkSchema, endpoint } from './endpoint.js';

const tag = 'Reports';

/** Reports by anyone signed in, and what staff do about them (issue 31; `/admin` in the browser). */
export const reports = {
  create: endpoint({
    method: 'POST',
    path: '/api/reports',
    summary: 'Report a product, auction, profile, review or chat message (once per thing)',
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
    tag,
    access: 'staff',
    responses: { 200: ReportQueueSchema },
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  }),
  act: endpoint({
    method: 'POST',
    path: '/api/admin/reports/:id/action',
    summary: 'Act on a report: hide, remove, suspend or dismiss; resolves every open report on the thing',
    tag,
    access: 'staff',
    params: IdParams,
    body: ReportActionSchema,
    responses: { 200: ReportActedSchema },
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT'],
    example: { action: 'hide', reason: 'Counterfeit watch' },
  }),
  restore: endpoint({
    method: 'POST',
    path: '/api/admin/restore',
    summary: 'Show a hidden listing again, or end a suspension',
    tag,
    access: 'staff',
    body: RestoreSchema,
    responses: { 200: OkSchema },
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT'],
  }),
};
