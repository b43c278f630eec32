import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { placeOrder } from '../apps/server/test/aftersale-support.js';
import { createProduct } from '../apps/server/test/catalog-support.js';
import { pdfText } from '../apps/server/test/pdf-support.js';
import { BRANDS, latinLeftovers } from './support/arabic.js';
import { describeInBrowser, fitsWidth, signedInSuite, useBrowser } from './support/harness.js';
import { axeClean } from './support/page-checks.js';

const TRN = '100123456700003';
const LEGAL = 'Khalid Trading LLC';
const ADDRESS = 'Office 12, Al Quoz 3, Dubai';

/** Clicks an invoice link as a person does and reads the file the browser saved. */
async function download(page: Page, testId: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).first().click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  return { name: file.suggestedFilename(), text: (await pdfText(Buffer.concat(chunks))).join('\n') };
}

/**
 * Issue 32 in the browser: a seller enters their TRN in Settings, a buyer buys, and both download
 * the tax invoice from Sales and My Orders; the PDF's own text holds the title, the TRN, the VAT
 * and the total. One database: numbering and credit notes are the server suites' (both).
 */
describeInBrowser('tax invoices', () => {
  const browser = useBrowser();

  describe('on sqlite', () => {
    const suite = signedInSuite(browser, ['seller', 'buyer'] as const, 'invoices');
    const { users, signedIn, pages } = suite;
    const app = () => suite.app;

    it('a seller with a TRN gives a tax invoice that seller and buyer download from Sales and My Orders', async () => {
      const seller = await signedIn('seller');
      await seller.goto('/settings');
      const form = seller.getByTestId('tax-details-form');
      await form.getByLabel('Legal name').fill(LEGAL);
      await form.getByLabel('Business address').fill(ADDRESS);
      await form.getByLabel(/^TRN/).fill('12345');
      await form.getByRole('button', { name: 'Save tax details' }).click();
      await form.locator('.field__error', { hasText: 'The TRN must be exactly 15 digits.' }).waitFor();
      await axeClean(seller);
      await fitsWidth(seller);
      await form.getByLabel(/^TRN/).fill(TRN);
      await form.getByRole('button', { name: 'Save tax details' }).click();
      await form.getByText('Your tax details are saved. Invoices issued from now on use them.').waitFor();
      await seller.reload();
      expect(await seller.getByTestId('tax-details-form').getByLabel(/^TRN/).inputValue()).toBe(TRN);

      const product = await createProduct(app(), users.seller, {
        title: 'Falcon hood',
        price: '120000',
        category: 'Sports',
      });
      await placeOrder(app(), users.buyer, [product]);

      await seller.goto('/MyAccount?tab=sales');
      const sale = await download(seller, 'invoice-tax_invoice');
      expect(sale.name).toMatch(/^INV-[0-9A-F]{8}-000001\.pdf$/);
      for (const words of [
        'Tax Invoice',
        'فاتورة ضريبية',
        TRN,
        LEGAL,
        'Falcon hood',
        'AED 1,200.00',
        'AED 60.00',
        'AED 1,260.00',
      ])
        expect(sale.text, words).toContain(words);
      await axeClean(seller);
      await fitsWidth(seller);

      const buyer = await signedIn('buyer');
      await buyer.goto('/MyAccount?tab=orders');
      const bought = await download(buyer, 'invoice-tax_invoice');
      expect(bought.name).toBe(sale.name);
      expect(bought.text).toContain(TRN);
      expect(bought.text).toContain('AED 1,260.00');
      await fitsWidth(buyer);
      for (const p of pages.all()) expect(p.errors).toEqual([]);
    });

    it('shows Settings in Arabic with no English left, axe-clean and no sideways scroll at 360 px', async () => {
      const seller = await signedIn('seller', { arabic: true });
      await seller.goto('/settings');
      const form = seller.getByTestId('tax-details-form');
      await form.getByRole('button', { name: 'حفظ البيانات الضريبية' }).waitFor();
      expect(await form.getByLabel('الاسم القانوني').inputValue()).toBe(LEGAL);
      expect(await latinLeftovers(seller, [...BRANDS, LEGAL, ADDRESS, users.seller.email])).toEqual([]);
      await axeClean(seller);
      await fitsWidth(seller);
    });
  });
});
