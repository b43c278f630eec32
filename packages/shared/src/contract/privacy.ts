import { DataExportSchema, DeleteAccountSchema, PrivacyStatusSchema, StaffDataRightsSchema } from '../api/privacy.js';
import { IdParams, OkSchema, endpoint } from './endpoint.js';

const tag = 'Privacy';

/**
 * Data rights (issue 45, ADR 0046): Settings → Privacy, and staff acting for a person who asked
 * by email. A suspended person keeps both rights (`openWhileSuspended: 'own'`).
 */
export const privacy = {
  status: endpoint({
    method: 'GET',
    path: '/api/me/privacy',
    summary: 'My latest data export, and what stops my account being deleted now',
    tag,
    access: 'user',
    responses: { 200: PrivacyStatusSchema },
    errors: ['UNAUTHENTICATED'],
  }),
  requestExport: endpoint({
    method: 'POST',
    path: '/api/me/data-export',
    summary: 'Ask for a ZIP of everything Souq keeps about me; it is built in the background and the link is mailed',
    tag,
    access: 'user',
    openWhileSuspended: 'own',
    responses: { 202: DataExportSchema },
    errors: ['UNAUTHENTICATED', 'RATE_LIMITED'],
  }),
  downloadExport: endpoint({
    method: 'GET',
    path: '/api/me/data-export/:id',
    summary: 'Download my data export (its owner only, until it expires)',
    tag,
    access: 'user',
    params: IdParams,
    responses: {},
    other: { 200: { description: 'The ZIP: JSON files, a README and the photos', contentType: 'application/zip' } },
    errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
  }),
  deleteAccount: endpoint({
    method: 'POST',
    path: '/api/me/delete',
    summary: 'Delete my account (confirmed with my password, or my email for a Google-only account)',
    tag,
    access: 'user',
    openWhileSuspended: 'own',
    body: DeleteAccountSchema,
    responses: { 200: OkSchema },
    errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'CONFLICT', 'FORBIDDEN'],
    example: { confirmation: 'my password' },
  }),
  staffExport: endpoint({
    method: 'POST',
    path: '/api/admin/data-rights/export',
    summary: "Build a person's data export when they ask by email; the link goes to their own address",
    tag,
    access: 'staff',
    body: StaffDataRightsSchema,
    responses: { 202: DataExportSchema },
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'VALIDATION_FAILED', 'NOT_FOUND'],
    example: { email: 'amira@example.com', reason: 'Asked by email on 29 November' },
  }),
  staffErase: endpoint({
    method: 'POST',
    path: '/api/admin/data-rights/erase',
    summary: "Erase a person's account when they ask by email (refused, with the reason, while things are open)",
    tag,
    access: 'staff',
    body: StaffDataRightsSchema,
    responses: { 200: OkSchema },
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT'],
    example: { email: 'amira@example.com', reason: 'Asked by email on 29 November' },
  }),
};
