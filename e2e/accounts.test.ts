import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestLink } from '../apps/server/test/outbox.js';
import {
  DIALECTS,
  describeInBrowser,
  useBrowser,
  openPage,
  screenshot,
  startServer,
  type RunningServer,
} from './support/harness.js';

describeInBrowser('accounts in the browser', () => {
  const browser = useBrowser();

  describe.each(DIALECTS)('on %s', (dialect) => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer(dialect);
    });
    afterAll(() => server?.close());

    it('signs up, resends, verifies from the emailed link, logs out and back in', async () => {
      const { page, context, errors } = await openPage(browser(), server.url);
      const email = `sara.${dialect}@example.com`;

      await page.goto('/Login');
      await page.getByRole('button', { name: 'Register' }).click();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('desert-rose');
      await page.getByLabel('Confirm Password').fill('desert-rose');
      await page.getByLabel('Username').fill(`sara_${dialect}`);
      await page.getByLabel('Phone').fill('+971 50 123 4567');
      await page.getByRole('button', { name: 'Register', exact: true }).last().click();

      await expect.poll(() => page.evaluate(() => location.pathname)).toBe('/');
      await page.getByText('Your email is not verified').waitFor();
      await page.getByTestId('unverified-icon').waitFor();
      await screenshot(page, `signup-unverified-${dialect}`);

      await page.getByRole('button', { name: 'Resend verification' }).click();
      await page.getByText('Email sent!').waitFor();

      const link = latestLink(server.config.dataDir, email, '/verify-email?token=');
      await page.goto(link);
      await page.getByText('Your email has been verified. Welcome to Souq!').waitFor();
      await page.getByTestId('verified-icon').waitFor();
      expect(await page.getByText('Your email is not verified').count()).toBe(0);

      // Logout returns to the shop and shows 'Login' again.
      await page.goto('/settings');
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await expect.poll(() => page.evaluate(() => location.pathname)).toBe('/');
      await page.getByRole('link', { name: 'Login', exact: true }).waitFor();

      // A wrong password shows the server's message in the red line.
      await page.goto('/login');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('wrong-password');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect.poll(() => page.getByTestId('form-error').textContent()).toBe('Invalid email or password.');

      await page.getByLabel('Password', { exact: true }).fill('desert-rose');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.getByTestId('verified-icon').waitFor();

      expect(errors).toEqual([]);
      await context.close();
    });
  });

  describe('on sqlite', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer('sqlite');
    });
    afterAll(() => server?.close());

    it('resets a forgotten password from the emailed link, then changes it in Settings and signs out everywhere', async () => {
      await server.accounts.createAccountDirectly({
        email: 'mariam@example.com',
        username: 'mariam',
        phone: '0501234567',
        password: 'old-password',
        verified: true,
      });
      const { page, context, errors } = await openPage(browser(), server.url);
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.getByLabel('Email').fill('mariam@example.com');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByText("If an account exists for that email, we've sent a link to reset your password.").waitFor();

      // The reset mail is sent after the answer (its timing must not reveal whether the account exists).
      const resetLink = () => {
        try {
          return latestLink(server.config.dataDir, 'mariam@example.com', '/reset-password?token=');
        } catch {
          return null;
        }
      };
      await expect.poll(resetLink).not.toBeNull();
      await page.goto(resetLink()!);
      await page.getByLabel('New password').fill('new-password');
      await page.getByLabel('Confirm Password').fill('new-password');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.getByText('Your password has been changed. You can now log in.').waitFor();

      await page.goto('/login');
      await page.getByLabel('Email').fill('mariam@example.com');
      await page.getByLabel('Password', { exact: true }).fill('new-password');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.getByTestId('verified-icon').waitFor();

      // A second device, signed in too, is signed out by "Sign out of all sessions".
      const other = await openPage(browser(), server.url);
      await other.page.goto('/login');
      await other.page.getByLabel('Email').fill('mariam@example.com');
      await other.page.getByLabel('Password', { exact: true }).fill('new-password');
      await other.page.getByRole('button', { name: 'Login', exact: true }).click();
      await other.page.getByTestId('verified-icon').waitFor();

      await page.goto('/settings');
      await page.getByLabel('Current password').fill('wrong-password');
      await page.getByLabel('New password').fill('newer-password');
      await page.getByLabel('Confirm Password').fill('newer-password');
      await page.getByRole('button', { name: 'Save password' }).click();
      await expect.poll(() => page.getByTestId('form-error').textContent()).toBe('Your current password is incorrect.');
      await page.getByLabel('Current password').fill('new-password');
      await page.getByRole('button', { name: 'Save password' }).click();
      await page.getByText('Your password has been changed. Other devices have been signed out.').waitFor();

      await page.getByRole('button', { name: 'Sign out of all sessions' }).click();
      await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Sign out everywhere' }).click();
      await expect.poll(() => page.evaluate(() => location.pathname)).toBe('/');
      await page.getByRole('link', { name: 'Login', exact: true }).waitFor();
      await other.page.goto('/settings');
      await expect.poll(() => other.page.evaluate(() => location.pathname)).toBe('/Login');
      expect([...errors, ...other.errors]).toEqual([]);
      await other.context.close();
      await context.close();
    });

    it('checks the forms in the browser with the exact words before sending anything', async () => {
      const { page, context, errors } = await openPage(browser(), server.url);
      await page.goto('/login');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect
        .poll(() => page.getByTestId('form-error').textContent())
        .toBe('Please enter both email and password.');
      await page.getByLabel('Email').fill('not-an-email');
      await page.getByLabel('Password', { exact: true }).fill('abcdef');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect.poll(() => page.getByTestId('form-error').textContent()).toBe('Invalid email format.');

      await page.getByRole('button', { name: 'Register' }).click();
      await page.getByLabel('Email').fill('a@b.co');
      await page.getByLabel('Password', { exact: true }).fill('abcdef');
      await page.getByLabel('Confirm Password').fill('abcdeg');
      await page.getByLabel('Username').fill('abc');
      await page.getByLabel('Phone').fill('0501234567');
      await page.getByRole('button', { name: 'Register', exact: true }).last().click();
      await expect.poll(() => page.getByTestId('form-error').textContent()).toBe('Passwords do not match.');
      expect(errors).toEqual([]);
      await context.close();
    });

    it('moves the category bar by three and filters the shop; the search bar navigates', async () => {
      const { page, context, errors } = await openPage(browser(), server.url);
      await page.goto('/');
      const chips = () => page.getByTestId('category-list').getByRole('button').allTextContents();
      // The first paint is a static shell; the bar comes with the app.
      await page.getByTestId('category-list').waitFor();
      expect(await chips()).toEqual(['Watches', 'Mobiles', 'Laptops', 'Beauty', 'Cars']);
      await page.getByRole('button', { name: 'Next categories' }).click();
      expect(await chips()).toEqual(['Beauty', 'Cars', 'Appliances', 'Fragrances', 'Eyewear']);
      await page.getByRole('button', { name: 'Next categories' }).click();
      await page.getByRole('button', { name: 'Next categories' }).click();
      expect(await chips()).toEqual(['Televisions', "Men's", "Women's", "Kid's", 'Sports']);
      await page.getByRole('button', { name: 'Next categories' }).click();
      expect(await chips()).toEqual(["Men's", "Women's", "Kid's", 'Sports', 'Deals']);
      expect(await page.getByRole('button', { name: 'Next categories' }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Previous categories' }).click();
      expect(await chips()).toEqual(['Eyewear', 'Gaming', 'Televisions', "Men's", "Women's"]);

      await page.getByRole('button', { name: 'Gaming' }).click();
      await expect.poll(() => page.evaluate(() => location.search)).toBe('?category=Gaming');

      // A swipe of more than 50 px moves the window; a shorter one does not.
      await page.goto('/');
      await swipe(page, -40);
      expect((await chips())[0]).toBe('Watches');
      await swipe(page, -80);
      expect((await chips())[0]).toBe('Beauty');
      await swipe(page, 80);
      expect((await chips())[0]).toBe('Watches');

      await page.getByRole('searchbox', { name: 'Search products' }).fill('   ');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      expect(await page.evaluate(() => location.pathname)).toBe('/');
      await page.getByRole('searchbox', { name: 'Search products' }).fill('  rolex watch ');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect.poll(() => page.evaluate(() => location.pathname + location.search)).toBe('/search?q=rolex%20watch');
      expect(errors).toEqual([]);
      await context.close();
    });
  });
});

/** Dispatches a horizontal touch swipe over the category bar. */
async function swipe(page: import('playwright-core').Page, dx: number): Promise<void> {
  await page.locator('.category-bar').waitFor();
  await page.evaluate((delta) => {
    const bar = document.querySelector('.category-bar')!;
    const touch = (x: number) => new Touch({ identifier: 1, target: bar, clientX: x, clientY: 10 });
    bar.dispatchEvent(
      new TouchEvent('touchstart', { touches: [touch(200)], changedTouches: [touch(200)], bubbles: true }),
    );
    bar.dispatchEvent(new TouchEvent('touchend', { touches: [], changedTouches: [touch(200 + delta)], bubbles: true }));
  }, dx);
}
