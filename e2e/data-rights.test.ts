import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared';
import { MSG_AR } from '../packages/shared/src/i18n/messages-ar.js';
import { describeInBrowser, fitsWidth, signedInSuite, useBrowser } from './support/harness.js';
import { BRANDS, latinLeftovers } from './support/arabic.js';
import { axeClean } from './support/page-checks.js';

/**
 * Issue 45 in the browser: Settings → Privacy at a phone's width, in English and in Arabic. A
 * person asks for their data, downloads the ZIP when it is ready, then deletes their account in
 * our own dialog (a wrong password first). One database: the rules are the server suite's (both).
 */
describeInBrowser('data rights', () => {
  const browser = useBrowser();

  describe('on sqlite', () => {
    const suite = signedInSuite(browser, ['amira', 'salma', 'staffer', 'asker'] as const, 'rights');
    const { users, signedIn, pages } = suite;

    const WORDS = {
      en: {
        title: 'Privacy',
        ask: 'Prepare my data',
        download: 'Download my data',
        remove: 'Delete my account',
        password: 'Your password',
        wrong: MSG.deletePasswordWrong,
      },
      ar: {
        title: 'الخصوصية',
        ask: 'جهّز بياناتي',
        download: 'تنزيل بياناتي',
        remove: 'حذف حسابي',
        password: 'كلمة المرور',
        wrong: MSG_AR.deletePasswordWrong,
      },
    };

    async function downloadsAndDeletes(page: Page, who: 'amira' | 'salma', lang: 'en' | 'ar') {
      const w = WORDS[lang];
      await page.goto('/settings');
      const privacy = page.getByTestId('privacy');
      await privacy.getByRole('heading', { name: w.title, exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      await axeClean(page);
      await fitsWidth(page);
      const mine = [users[who].email, users[who].username, ...BRANDS];
      if (lang === 'ar') expect(await latinLeftovers(page, mine)).toEqual([]);

      // Asked for: built in the background; the link waits here (and comes by mail and bell).
      await privacy.getByRole('button', { name: w.ask }).click();
      const link = privacy.getByRole('link', { name: w.download });
      await link.waitFor({ timeout: 15_000 });
      const href = (await link.getAttribute('href'))!;
      expect(href).toMatch(/^\/api\/me\/data-export\/[0-9a-f-]{36}$/);
      const zip = await page.request.get(href);
      expect(zip.status()).toBe(200);
      expect(zip.headers()['content-type']).toBe('application/zip');
      expect((await zip.body()).subarray(0, 2).toString()).toBe('PK');
      await axeClean(page);
      await fitsWidth(page);

      // Delete: our own dialog, focus in its password field, a wrong password refused in words.
      await privacy.getByRole('button', { name: w.remove }).click();
      const dialog = page.getByTestId('delete-dialog');
      const password = dialog.getByLabel(w.password);
      await password.waitFor();
      expect(await password.evaluate((el) => el === document.activeElement)).toBe(true);
      await axeClean(page);
      await fitsWidth(page);
      if (lang === 'ar') expect(await latinLeftovers(page, mine)).toEqual([]);
      const confirm = dialog.getByRole('button', { name: w.remove });
      expect((await confirm.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await password.fill('not-my-password');
      await confirm.click();
      await dialog.getByText(w.wrong).waitFor();
      await password.fill('secret-pass');
      await confirm.click();
      await page.waitForURL((url) => url.pathname === '/');
      const me = await page.request.get('/api/auth/me');
      expect((await me.json()).user).toBeNull();
      const row = await suite.app.database.db
        .selectFrom('users')
        .select(['erased_at', 'email'])
        .where('id', '=', users[who].id)
        .executeTakeFirstOrThrow();
      expect(row.erased_at).not.toBeNull();
      expect(row.email).not.toBe(users[who].email);
    }

    it('downloads my data and deletes my account at 360 px, in English', async () => {
      await downloadsAndDeletes(await signedIn('amira'), 'amira', 'en');
    });

    it('does the same in Arabic, right to left', async () => {
      await downloadsAndDeletes(await signedIn('salma', { arabic: true }), 'salma', 'ar');
    });

    it('lets staff send a person their data and delete their account when asked by email, audited', async () => {
      const db = suite.app.database.db;
      await db.updateTable('users').set({ staff: 1 }).where('id', '=', users.staffer.id).execute();
      const page = await signedIn('staffer');
      await page.goto('/admin/data-rights');
      const panel = page.getByTestId('staff-data-rights');
      await panel.getByLabel('Their account’s email address').fill(users.asker.email);
      await panel.getByLabel('Reason (for the audit log)').fill('Asked by email');
      await panel.getByRole('button', { name: 'Send their data' }).click();
      await panel.getByText('Their data is being prepared; the link goes to their email address.').waitFor();
      await axeClean(page);
      await fitsWidth(page);

      await panel.getByRole('button', { name: 'Delete their account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this account?' });
      await dialog.waitFor();
      await axeClean(page);
      await fitsWidth(page);
      await dialog.getByRole('button', { name: 'Delete their account' }).click();
      await panel.getByText('The account is deleted.').waitFor();
      const audit = await db
        .selectFrom('staff_actions')
        .select(['action', 'staff_id', 'reason'])
        .where('target_id', '=', users.asker.id)
        .orderBy('created_at')
        .execute();
      expect(audit).toEqual([
        { action: 'export_data', staff_id: users.staffer.id, reason: 'Asked by email' },
        { action: 'erase_account', staff_id: users.staffer.id, reason: 'Asked by email' },
      ]);
      for (const p of pages.all()) expect(p.errors).toEqual([]);
    });
  });
});
