import { AuditLogQuerySchema, AuditLogSchema } from '../api/admin.js';
import { endpoint } from './endpoint.js';

const tag = 'Staff';

/** What only Souq's staff may call (issue 31); `/admin` in the browser. */
export const admin = {
  audit: endpoint({
    method: 'GET',
    path: '/api/admin/audit',
    summary: 'The staff audit log, newest first',
    tag,
    access: 'staff',
    query: AuditLogQuerySchema,
    responses: { 200: AuditLogSchema },
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  }),
};
