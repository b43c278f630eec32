import { defineModule } from '../module.js';
import type { StaffActions } from './port.js';
import { reportsRoutes } from './routes.js';
import { createReportsService } from './service.js';

/**
 * Reports, and staff's actions on them (issue 31): it needs no module's port, only the staff-action
 * flow (flows/staff-action.ts), which acts on the reported things through the modules that own them.
 */
export const reportsModule = defineModule([], (ctx, needs: { staffActions: StaffActions }) => {
  const service = createReportsService({ db: ctx.db, clock: ctx.clock, staffActions: needs.staffActions });
  return { service, routes: reportsRoutes(service) };
});
