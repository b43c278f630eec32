import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared';
import { startAuction } from '../apps/server/test/auction-support.js';
import { insertProduct } from '../apps/server/test/catalog-support.js';
import { grantStaff } from '../apps/server/src/modules/accounts/staff.js';
import { describeInBrowser, fitsWidth, signedInSuite, useBrowser } from './support/harness.js';
import { axeClean } from './support/page-checks.js';

const TITLE = 'Designer handbag, first copy';

/**
 * Issue 31 in the browser: a listing reported from its page, hidden from /admin by staff and gone
 * from the shop; a suspended bidder refused with the message. One database: the rules are the
 * server suites' (both databases); this is the journey through the pages.
 */
describeInBrowser('reports handled by staff', () => {
  const browser = useBrowser();

  describe('on sqlite', () => {
    const suite = signedInSuite(browser, ['seller', 'buyer', 'staff'] as const, 'admin');
    const { users, signedIn } = suite;
    const app = () => suite.app;

    async function session(who: keyof typeof users): Promise<string> {
      return `souq_sid=${(await suite.server.accounts.createSession(users[who].id)).token}`;
    }

    beforeAll(async () => {
      // The same function `npm run staff:grant` runs.
      expect(await grantStaff(suite.server.database.db, users.staff.email)).toBe(true);
    });

    it('a reported listing is hidden from /admin and leaves the shop', async () => {
      const productId = await insertProduct(app(), users.seller.id, { title: TITLE });
      await insertProduct(app(), users.seller.id, { title: 'Leather wallet' });

      const buyer = await signedIn('buyer');
      await buyer.goto(`/product/${productId}`);
      await buyer.getByTestId('report-product').click();
      const dialog = buyer.getByTestId('report-dialog');
      await dialog.getByRole('heading', { name: 'Report this listing' }).waitFor();
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await dialog.getByText(MSG.reportReasonRequired).waitFor();
      await dialog.getByLabel('Counterfeit or fake').check();
      await dialog.getByLabel(/Details/).fill('The logo is misspelt.');
      await axeClean(buyer);
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await dialog.getByText('Thank you. Souq staff will look at your report.').waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();

      // Someone who is not staff is refused, with the reason.
      await buyer.goto('/admin');
      await buyer.getByTestId('admin-refused').getByText(MSG.staffOnly).waitFor();

      const staff = await signedIn('staff');
      await staff.goto('/');
      await staff.getByRole('button', { name: 'Account menu' }).click();
      await staff.getByRole('menuitem', { name: 'Admin' }).click();
      const group = staff.getByTestId('report-group').filter({ hasText: TITLE });
      await group.getByText('The logo is misspelt.').waitFor();
      await group.getByText(users.seller.username).first().waitFor();
      await axeClean(staff);
      await fitsWidth(staff);
      await group.getByRole('button', { name: 'Hide listing' }).click();
      const act = staff.getByTestId('admin-action-dialog');
      await act.getByLabel(/Reason/).fill('Counterfeit branding');
      await act.getByRole('button', { name: 'Hide listing' }).click();
      await staff.getByText('No open reports.').waitFor();
      await staff.getByRole('navigation', { name: 'Staff pages' }).getByRole('link', { name: 'Audit log' }).click();
      await staff.getByTestId('audit-line').filter({ hasText: 'Counterfeit branding' }).waitFor();

      await buyer.goto('/');
      await buyer.getByTestId('product-card').filter({ hasText: 'Leather wallet' }).waitFor();
      expect(await buyer.getByText(TITLE).count()).toBe(0);
      const seller = await signedIn('seller');
      await seller.goto(`/product/${productId}`);
      await seller.getByTestId('hidden-notice').getByText('Counterfeit branding').waitFor();
    });

    it('a suspended bidder sees why and is refused with the message', async () => {
      const { id: auctionId } = await startAuction(app(), users.seller, { startingBid: 10_000 });
      const reported = await suite.server.reports.create((await suite.server.accounts.userById(users.seller.id))!, {
        targetKind: 'user',
        targetId: users.buyer.id,
        reason: 'spam',
      });
      const until = new Date(Date.now() + 2 * 86_400_000).toISOString();
      await suite.server.reports.act((await suite.server.accounts.userById(users.staff.id))!, reported.id, {
        action: 'suspend',
        reason: 'Shill bidding',
        until,
      });
      // The suspension ended their sessions; they sign in again.
      users.buyer.cookie = await session('buyer');
      const buyer = await signedIn('buyer');
      await buyer.goto(`/auction/${auctionId}`);
      await buyer
        .getByTestId('suspension-banner')
        .getByText(/Shill bidding/)
        .waitFor();
      await buyer.getByTestId('place-bid').click();
      await buyer.getByText(MSG.accountSuspended).first().waitFor();
      await fitsWidth(buyer);
    });
  });
});
