import { mailLater } from '../../lib/mail-later.js';
import type { AccountsPort } from '../accounts/port.js';
import { defineModule } from '../module.js';
import type { NotificationsPort } from '../notifications/port.js';
import type { OrdersPort } from '../orders/port.js';
import type { LateShipmentFlow } from './port.js';
import { createProblems } from './problems.js';
import { createRatings } from './ratings.js';
import { aftersaleRoutes } from './routes.js';
import { joinAftersale } from './service.js';
import { tellingSteps } from './tell.js';

/** New problem photos are private from the start, so once a day is plenty to look for old public ones. */
const PRIVATISE_CHECK_MS = 86_400_000;
/** How often the late-shipping and unanswered-problem jobs look for deadlines that just passed (at most). */
const LATE_CHECK_MS = 60_000;

/**
 * After a sale (issue 31): the shipping deadline and the buyer's late cancel, seller ratings and
 * standing, problems on delivered lines and the staff who decide them (ADR 0038). Nothing after it
 * calls it, so it has no port; the lines it works on are orders', reached through orders' port.
 */
export const aftersaleModule = defineModule(
  ['accounts', 'orders', 'notifications'],
  (
    ctx,
    needs: {
      accounts: Pick<AccountsPort, 'contactsOf' | 'recordStaffAction'>;
      orders: Pick<OrdersPort, 'buyerLine' | 'shippingRecord'>;
      notifications: Pick<NotificationsPort, 'notify'>;
      lateShipment: LateShipmentFlow;
    },
  ) => {
    const told = {
      accounts: needs.accounts,
      notifications: needs.notifications,
      mailLater: mailLater(ctx.mailer, ctx.log, 'after-sale mail failed'),
      publicUrl: ctx.config.publicUrl,
    };
    // The shipping deadline is a flow (flows/late-shipment.ts): the lines are orders', the telling ours.
    const shipping = needs.lateShipment(tellingSteps({ ...told, db: ctx.db }));
    const ratings = createRatings({
      db: ctx.db,
      clock: ctx.clock,
      orders: needs.orders,
      avatarUrl: ctx.media.avatarUrl,
    });
    const problems = createProblems({
      ...told,
      db: ctx.db,
      clock: ctx.clock,
      orders: needs.orders,
      media: ctx.media,
      answerMs: ctx.config.aftersale.problemAnswerMs,
    });
    const service = joinAftersale(ctx.db, shipping, ratings, problems);
    return {
      service,
      routes: aftersaleRoutes(service),
      jobs: [
        { name: 'aftersale.tell-late', everyMs: LATE_CHECK_MS, run: () => shipping.tellLate() },
        // The same pattern for problems the seller let pass unanswered: sleep until the next deadline.
        { name: 'aftersale.tell-unanswered', everyMs: LATE_CHECK_MS, run: () => problems.tellUnanswered() },
        // Photos from before problems' photos were private: moved at start-up; later runs find none.
        { name: 'aftersale.privatise-photos', everyMs: PRIVATISE_CHECK_MS, run: () => problems.privatisePhotos() },
      ],
      referencedUploads: () => problems.referencedUploads(),
    };
  },
);
