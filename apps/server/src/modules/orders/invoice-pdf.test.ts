import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-support.js';
import type { InvoiceDocument } from './invoice-document.js';
import { renderInvoicePdf } from './invoice-pdf.js';

const TAX: InvoiceDocument = {
  kind: 'tax_invoice',
  number: 'INV-3F2A9C1B-000042',
  issuedAt: '2026-11-27T21:30:00.000Z',
  orderNumber: '9A1B2C3D',
  seller: { name: 'Khalid Trading LLC', address: 'Office 12, Al Quoz 3, Dubai', trn: '100123456700003' },
  buyer: { name: 'أميرة الهاشمي', address: 'Street 12, Villa 4, Al Barsha, Dubai' },
  lines: [
    { lineId: 'a', title: 'ساعة يد فاخرة (Rolex) أصلية', quantity: 1, unitPrice: 120000, lineTotal: 120000 },
    { lineId: 'b', title: 'Brass lamp', quantity: 2, unitPrice: 3000, lineTotal: 6000 },
  ],
  subtotal: 126000,
  vat: 6300,
  total: 132300,
  credits: null,
};

describe('the invoice PDF', () => {
  it('is a PDF whose text reads back in logical order: both titles, the TRN, the lines, VAT and total', async () => {
    const bytes = await renderInvoicePdf(TAX);
    if (process.env.INVOICE_PDF_OUT) writeFileSync(process.env.INVOICE_PDF_OUT, bytes);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const [page] = await pdfText(bytes);
    for (const words of [
      'Tax Invoice',
      'فاتورة ضريبية',
      'الرقم الضريبي',
      '100123456700003',
      'INV-3F2A9C1B-000042',
      '2026-11-28',
      'Khalid Trading LLC',
      'أميرة الهاشمي',
      'ساعة يد فاخرة',
      'Brass lamp',
      'AED 1,260.00',
      'AED 63.00',
      'AED 1,323.00',
      'ضريبة القيمة المضافة',
    ])
      expect(page, words).toContain(words);
    expect(page).not.toContain('Not a tax invoice');
  });

  it('titles a plain invoice "Invoice" with no TRN, and says it is not a tax invoice', async () => {
    const [page] = await pdfText(
      await renderInvoicePdf({ ...TAX, kind: 'invoice', seller: { name: 'khalid_shop', address: '', trn: null } }),
    );
    expect(page).not.toContain('Tax Invoice');
    expect(page).not.toContain('TRN');
    expect(page).toContain('Invoice');
    expect(page).toContain('Not a tax invoice');
  });

  it('titles a credit note and cites its invoice by number and date', async () => {
    const [page] = await pdfText(
      await renderInvoicePdf({
        ...TAX,
        kind: 'credit_note',
        number: 'CN-3F2A9C1B-000001',
        credits: { number: TAX.number, issuedAt: TAX.issuedAt },
      }),
    );
    expect(page).toContain('Tax Credit Note');
    expect(page).toContain('إشعار دائن ضريبي');
    expect(page).toContain(`${TAX.number} (2026-11-28)`);
  });
});
