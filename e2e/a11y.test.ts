import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuction } from '../apps/server/test/auction-support.js';
import { createProduct, productValues, VALID_PRODUCT, type TestUser } from '../apps/server/test/catalog-support.js';
import {
  describeInBrowser,
  launchBrowser,
  openPage,
  startServer,
  type RunningServer,
  type TrackedPage,
  signInContext,
} from './support/harness.js';
import { BRANDS, latinLeftovers } from './support/arabic.js';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WIDTHS = { desktop: { width: 1280, height: 860 }, phone: { width: 360, height: 780 } };
type Visitor = 'signed out' | 'unverified' | 'verified';
type Language = 'en' | 'ar';

/** The seller's own words in the fixtures behind createProduct and startAuction. */
const SELLER_TEXT = [
  VALID_PRODUCT.description!,
  VALID_PRODUCT.brand!,
  VALID_PRODUCT.countryOfOrigin!,
  ...VALID_PRODUCT.keywords!.split(', ').map((k) => k.toLowerCase()),
  productValues('', {}).description,
];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's WCAG 2.1 A/AA rules plus its best practices, on the page as it stands. */
async function violations(page: Page): Promise<string[]> {
  // Evaluated through DevTools, which the page's CSP (script-src 'self') rightly does not allow for injected tags.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: Violation[] }> } }
    ).axe;
    return (
      await axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      })
    ).violations;
  });
  return found.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
}

/**
 * Controls a thumb cannot hit reliably: under 44 × 44 px at phone width. Two exceptions by
 * design: a link-styled button inside a sentence (WCAG's inline exception), and the category
 * bar's arrows, 44 px tall but 28 wide so that five chips fit beside them at 360 px.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('button, a.btn, [role="tab"]')).flatMap((el) => {
      const box = el.getBoundingClientRect();
      if (!box.width || !box.height || el.closest('.sr-only') || el.classList.contains('link-button')) return [];
      const minWidth = el.classList.contains('category-bar__arrow') ? 28 : 44;
      if (box.height >= 43.5 && box.width >= minWidth - 0.5) return [];
      const name = (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().slice(0, 40);
      return [`"${name}" is ${Math.round(box.width)} × ${Math.round(box.height)} px`];
    }),
  );
}

/** Waits for what a person would wait for: no skeleton or spinner left, fonts and images settled. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(() => !document.querySelector('.skeleton, .spinner, [aria-busy="true"]'), undefined, {
      timeout: 10_000,
    })
    .catch(() => undefined);
}

/**
 * Issue 11: every route, for each kind of visitor, at desktop and phone width: axe-core finds
 * nothing, nothing scrolls sideways at 360 px, every control is a 44 px touch target there, and
 * no console errors. Accessibility does not depend on the database, so this suite runs on SQLite
 * only.
 */
describeInBrowser('accessibility and phone layout of every route', () => {
  let browser: Browser;
  let server: RunningServer;
  const users = {} as Record<'verified' | 'unverified' | 'other', TestUser>;
  let productId = '';
  let auctionId = '';
  const pages: TrackedPage[] = [];
  /** What the test made. */
  const testData: string[] = [];
  const allowed = () => [...testData, ...BRANDS];

  beforeAll(async () => {
    browser = await launchBrowser();
    server = await startServer('sqlite');
    for (const [who, verified] of [
      ['verified', true],
      ['unverified', false],
      ['other', true],
    ] as const) {
      const email = `a11y_${who}@example.com`;
      const row = await server.accounts.createAccountDirectly({
        email,
        username: `a11y_${who}`,
        phone: '0501234567',
        password: 'souq-e2e-pass',
        verified,
      });
      const session = await server.accounts.createSession(row.id);
      users[who] = { id: row.id, username: `a11y_${who}`, email, cookie: `souq_sid=${session.token}` };
    }
    productId = await createProduct(server, users.verified, { title: 'Brass coffee dallah', category: 'Watches' });
    auctionId = (await startAuction(server, users.other, {}, { title: 'Vintage Seiko 5' })).id;
    testData.push('Brass coffee dallah', 'Vintage Seiko 5', 'watch', ...SELLER_TEXT);
    for (const user of Object.values(users)) testData.push(user.email, user.username);
  });
  afterAll(async () => {
    for (const p of pages) await p.context.close();
    await browser?.close();
    await server?.close();
  });

  const ROUTES: Record<Visitor, () => string[]> = {
    'signed out': () => [
      '/',
      '/foryou',
      '/Login',
      '/Login?mode=register',
      '/search?q=watch',
      '/auction',
      `/auction/${auctionId}`,
      `/product/${productId}`,
      `/MyAccount/${users.verified.id}`,
      '/cart',
      '/live',
      '/forgot-password',
      '/reset-password?token=nothing',
      '/no-such-page',
    ],
    unverified: () => [
      '/',
      '/MyAccount',
      '/EditProfile',
      '/AddProduct',
      '/settings',
      `/product/${productId}`,
      `/auction/${auctionId}`,
      '/cart',
    ],
    verified: () => [
      '/',
      '/MyAccount',
      '/MyAccount?tab=likes',
      '/MyAccount?tab=orders',
      '/MyAccount?tab=sales',
      '/MyAccount?tab=auctions',
      '/MyAccount?tab=ratings',
      '/admin/disputes',
      `/EditProduct/${productId}`,
      '/AddProduct',
      '/settings',
      `/auction/${auctionId}`,
      '/live',
      '/livestream-host',
      '/foryou',
      // Not staff: the staff pages' refusal (issue 31).
      '/admin',
    ],
  };

  // The six walks of one language run side by side, each in its own browser context: most of a walk
  // is waiting for pages to settle. The languages take turns, because a signed-in walk may leave
  // its language on the account, which the other language's walk of the same person would then read.
  for (const language of ['en', 'ar'] as const satisfies Language[]) {
    describe(language === 'ar' ? 'in Arabic' : 'in English', () => {
      for (const visitor of ['signed out', 'unverified', 'verified'] as const) {
        for (const [size, viewport] of Object.entries(WIDTHS)) {
          const name = `${language === 'ar' ? 'in Arabic, ' : ''}${visitor}, ${size}: axe-core finds nothing${size === 'phone' ? ', nothing scrolls sideways and every control takes a thumb' : ''}${language === 'ar' ? ', and no English is left' : ''}`;
          it.concurrent(
            name,
            async ({ expect }) => {
              const tracked = await openPage(browser, server.url, viewport);
              pages.push(tracked);
              if (language === 'ar')
                await tracked.context.addCookies([
                  { name: 'souq_lang', value: 'ar', url: server.url, sameSite: 'Lax' },
                ]);
              if (visitor !== 'signed out') {
                const user = users[visitor];
                await signInContext(tracked.context, server.url, user.cookie);
              }
              const { page } = tracked;
              const problems: string[] = [];
              for (const route of ROUTES[visitor]()) {
                await page.goto(route);
                await settled(page);
                for (const v of await violations(page)) problems.push(`${route}: ${v}`);
                if (language === 'ar') {
                  if ((await page.evaluate(() => document.documentElement.dir)) !== 'rtl')
                    problems.push(`${route}: the page is not right to left`);
                  for (const text of await latinLeftovers(page, allowed()))
                    problems.push(`${route}: English left: ${text}`);
                }
                if (size === 'phone') {
                  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
                  if (overflow > 0) problems.push(`${route}: scrolls sideways by ${overflow}px at 360px`);
                  for (const small of await smallTargets(page))
                    problems.push(`${route}: ${small}, under 44 px at 360px`);
                  // A floating cart button would sit over prices, fields and the buy bar: the header carries the cart.
                  if (await page.getByTestId('cart-badge').isVisible())
                    problems.push(`${route}: the floating cart button shows at 360px`);
                  if (!(await page.getByTestId('header-cart').isVisible()))
                    problems.push(`${route}: no cart in the header at 360px`);
                }
              }
              expect(problems).toEqual([]);
              expect(tracked.errors).toEqual([]);
              // Fourteen pages, each settled and checked, six walks at once: longer than one flow.
            },
            300_000,
          );
        }
      }
    });
  }

  describe('the own profile on a phone', () => {
    it('has every tab reachable and clickable at 360 px', async () => {
      const tracked = await openPage(browser, server.url, WIDTHS.phone);
      pages.push(tracked);
      await signInContext(tracked.context, server.url, users.verified.cookie);
      const { page } = tracked;
      await page.goto('/MyAccount');
      const tabs = page.getByRole('tab');
      await tabs.first().waitFor();
      const names = await tabs.allTextContents();
      expect(names.length).toBeGreaterThanOrEqual(5);
      for (const name of names) {
        await page.getByRole('tab', { name }).click();
        await expect.poll(() => page.getByRole('tab', { name }).getAttribute('aria-selected')).toBe('true');
        const box = (await page.getByRole('tab', { name }).boundingBox())!;
        expect(box.height).toBeGreaterThanOrEqual(44);
      }
    });
  });
});
