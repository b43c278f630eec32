import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startOidcProvider, type OidcTestProvider } from '../apps/server/test/oidc-provider.js';
import {
  describeInBrowser,
  freePort,
  launchBrowser,
  openPage,
  screenshot,
  startServer,
  type RunningServer,
} from './support/harness.js';

describeInBrowser('Login using Google, against a real OpenID provider on loopback', () => {
  let browser: Browser;
  let provider: OidcTestProvider;
  let server: RunningServer;

  beforeAll(async () => {
    const port = await freePort();
    provider = await startOidcProvider({
      clientId: 'souq-e2e',
      clientSecret: 'souq-e2e-secret',
      redirectUris: [`http://127.0.0.1:${port}/api/auth/google/callback`],
      accounts: {
        noura: { sub: 'google-noura', email: 'noura@example.com', email_verified: true, name: 'Noura Al Falasi' },
      },
    });
    server = await startServer(
      'sqlite',
      { oidc: { issuer: provider.issuer, clientId: 'souq-e2e', clientSecret: 'souq-e2e-secret' } },
      port,
    );
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await provider?.close();
  });

  it('signs in through the popup and the header shows the new verified user', async () => {
    const { page, context, errors } = await openPage(browser, server.url);
    await page.goto('/login');
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Login using Google' }).click(),
    ]);
    await popup.waitForLoadState();
    await popup.fill('input[name=login]', 'noura');
    await popup.fill('input[name=password]', 'anything');
    await popup.getByRole('button', { name: 'Sign-in' }).click();
    await popup.getByRole('button', { name: 'Continue' }).click();
    await popup.waitForEvent('close', { timeout: 15_000 });

    await expect.poll(() => page.evaluate(() => location.pathname)).toBe('/');
    await expect.poll(() => page.getByTestId('header-user').textContent()).toContain('NouraAlFalasi');
    await page.getByTestId('verified-icon').waitFor();
    await screenshot(page, 'google-signed-in');

    const users = await server.database.db.selectFrom('users').select(['email', 'google_sub']).execute();
    expect(users).toEqual([{ email: 'noura@example.com', google_sub: 'google-noura' }]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reports a cancelled sign-in on the form and stays logged out', async () => {
    const { page, context } = await openPage(browser, server.url);
    await page.goto('/login');
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Login using Google' }).click(),
    ]);
    await popup.locator('a#cancel').click();
    await popup.waitForEvent('close', { timeout: 15_000 });
    await expect
      .poll(() => page.getByTestId('form-error').textContent())
      .toBe('Google sign-in failed. Please try again.');
    await page.getByRole('link', { name: 'Login', exact: true }).waitFor();
    await context.close();
  });
});
