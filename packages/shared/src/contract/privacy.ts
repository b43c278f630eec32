import { DataExportSchema, DeleteAccountSchema, PrivacyStatusSchema, StaffDataRightsSchema } from '../api/privacy.js';
import { OkSchema, endpoint, idParams } from './endpoint.js';

const tag = 'Privacy';
const ExportIdParams = idParams("The data export's id.");

/**
 * Data rights (issue 45, ADR 0046): Settings → Privacy, and staff acting for a person who asked
 * by email. A suspended person keeps both rights (`openWhileSuspended: 'own'`).
 */
export const privacy = {
  status: endpoint({
    method: 'GET',
    path: '/api/me/privacy',
    summary: 'My latest data export, and what stops my account being deleted now',
    description:
      'My latest data export still of use (pending, ready with its download link and expiry, or failed), and what stops my account being deleted now: open orders, sales to ship, shows, running auctions or leading bids.',
    tag,
    access: 'user',
    responses: { 200: PrivacyStatusSchema },
    errors: ['UNAUTHENTICATED'],
  }),
  requestExport: endpoint({
    method: 'POST',
    path: '/api/me/data-export',
    summary: 'Ask for a ZIP of everything Souq keeps about me; it is built in the background and the link is mailed',
    description:
      "Asks for a ZIP of everything Souq keeps about me; it is built in the background, and when it is ready a notification and an email say so and it can be downloaded for 7 days. Asking again within an hour, or while one is being built, answers that export. Answers 202 with the export's state.",
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
    description:
      "Downloads my ready data export (JSON files, a README and my photos) until it expires, 7 days after it was built; someone else's export, or an expired one, is 404. Never cached.",
    tag,
    access: 'user',
    params: ExportIdParams,
    responses: {},
    other: { 200: { description: 'The ZIP: JSON files, a README and the photos', contentType: 'application/zip' } },
    errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
  }),
  deleteAccount: endpoint({
    session: 'ends',
    method: 'POST',
    path: '/api/me/delete',
    summary: 'Delete my account (confirmed with my password, or my email for a Google-only account)',
    description:
      'Erases my account, confirmed with my password (or my email address for an account that signs in only with Google). What identifies me goes, photos and files included, while invoices and order amounts the law requires are kept under a deleted-account name; every session ends and the cookie is cleared. While something is still owed to or by others (see `GET /api/me/privacy`) it is 409 `CONFLICT`, and a staff account is refused (403).',
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
    description:
      "Staff build the data export of the person with this email, who asked for it by email; the download is for that person alone, told by notification and email, never for staff. The request and its reason go to the staff audit log; answers 202 with the export's state.",
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
    description:
      "Staff erase the account with this email at the person's request, as the person's own deletion does, and the erasure and its reason go to the staff audit log. While something is still owed to or by others it is 409 `CONFLICT` naming it; staff accounts cannot be erased (403).",
    tag,
    access: 'staff',
    body: StaffDataRightsSchema,
    responses: { 200: OkSchema },
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT'],
    example: { email: 'amira@example.com', reason: 'Asked by email on 29 November' },
  }),
};
