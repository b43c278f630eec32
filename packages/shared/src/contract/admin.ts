import { AuditLogQuerySchema, AuditLogSchema } from '../api/admin.js';
import { endpoint } from './endpoint.js';

const tag = 'Staff';

/** What only Souq's staff may call (issue 31); `/admin` in the browser. */
export const admin = {
  audit: endpoint({
    method: 'GET',
    path: '/api/admin/audit',
    summary: 'The staff audit log, newest first',
    description:
      "The staff audit log: each action staff took (hiding or restoring a listing, removing content, suspending, dismissing a report, deciding a dispute, acting on a data-rights request, erasing an account) with who took it, on what, why and when. Newest first, 50 a page: pass the answer's `next` as `before` for the next, older page; `next` is null on the last.",
    tag,
    access: 'staff',
    query: AuditLogQuerySchema,
    responses: { 200: AuditLogSchema },
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  }),
};
