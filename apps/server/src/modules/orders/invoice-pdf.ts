import PDFDocument from 'pdfkit';
import { formatAED } from '@souq/shared';
import { gulfDay } from '../../lib/gulf-time.js';
import { createPdfText, type TextStyle } from '../../lib/pdf-text.js';
import type { InvoiceDocument } from './invoice-document.js';

const PAGE = { width: 595.28, height: 841.89, margin: 42 };
const INK = '#1d1d1f';
const MUTED = '#5f6368';
const BRAND = '#0f766e';
const RULE = '#d0d4d9';
const BAND = '#f1f5f4';

/** Each label in both languages, as one line: English, then Arabic (ADR 0042). */
const both = (en: string, ar: string) => `${en} / ${ar}`;

const TITLES: Record<'tax_invoice' | 'invoice' | 'tax_credit_note' | 'credit_note', [string, string]> = {
  tax_invoice: ['Tax Invoice', 'فاتورة ضريبية'],
  invoice: ['Invoice', 'فاتورة'],
  tax_credit_note: ['Tax Credit Note', 'إشعار دائن ضريبي'],
  credit_note: ['Credit Note', 'إشعار دائن'],
};

const titleOf = (doc: InvoiceDocument) =>
  TITLES[doc.kind === 'credit_note' ? (doc.seller.trn ? 'tax_credit_note' : 'credit_note') : doc.kind];

type Pdf = InstanceType<typeof PDFDocument>;

const left = PAGE.margin;
const right = PAGE.width - PAGE.margin;
const inner = right - left;
const label: TextStyle = { size: 7.5, color: MUTED };
const body: TextStyle = { size: 9.5, color: INK };
const strong: TextStyle = { size: 9.5, color: INK, bold: true };
const lineHeight = (style: TextStyle) => style.size * 1.55;

/**
 * What every section draws with. Each section starts at a `y` and returns where the next one
 * starts, so the sections are read top to bottom in `renderInvoicePdf` as they appear on the page.
 */
interface Sheet {
  pdf: Pdf;
  text: ReturnType<typeof createPdfText>;
  rule(at: number, color?: string): void;
  /** Lines of text in a box, wrapped; returns where the box's text ends. */
  block(value: string, x: number, top: number, width: number, style: TextStyle, align?: 'left' | 'right'): number;
}

function createSheet(pdf: Pdf): Sheet {
  const text = createPdfText(pdf);
  return {
    pdf,
    text,
    rule: (at, color = RULE) => pdf.moveTo(left, at).lineTo(right, at).lineWidth(0.75).strokeColor(color).stroke(),
    block: (value, x, top, width, style, align = 'left') => {
      let at = top;
      for (const l of text.wrap(value, width, style)) {
        text.line(l, x, at, style, align, width);
        at += lineHeight(style);
      }
      return at;
    },
  };
}

/** The document's name in both languages, large, and who issued it through Souq. */
function drawHeader({ text, rule }: Sheet, [titleEn, titleAr]: [string, string], y: number): number {
  text.line('Souq', left, y, { size: 20, bold: true, color: BRAND });
  text.line(titleEn, left, y, { size: 20, bold: true, color: INK }, 'right', inner);
  y += 30;
  text.line(titleAr, left, y, { size: 16, bold: true, color: INK }, 'right', inner);
  y += 32;
  rule(y, BRAND);
  return y + 12;
}

/** The document's facts: number, date (Gulf day: the UAE keeps UTC+4), order, and what it credits. */
function drawFacts({ text }: Sheet, doc: InvoiceDocument, y: number): number {
  const facts: [string, string][] = [
    [
      both(
        doc.kind === 'credit_note' ? 'Credit note number' : 'Invoice number',
        doc.kind === 'credit_note' ? 'رقم الإشعار' : 'رقم الفاتورة',
      ),
      doc.number,
    ],
    [both('Date of issue', 'تاريخ الإصدار'), gulfDay(doc.issuedAt)],
    [both('Order', 'الطلب'), doc.orderNumber],
  ];
  if (doc.credits)
    facts.push([
      both('Credits invoice', 'الفاتورة الأصلية'),
      `${doc.credits.number} (${gulfDay(doc.credits.issuedAt)})`,
    ]);
  const cell = inner / facts.length;
  facts.forEach(([name, value], i) => {
    text.line(name, left + i * cell, y, label);
    text.line(value, left + i * cell, y + 12, strong);
  });
  return y + 36;
}

/** Seller and buyer side by side. */
function drawParties({ pdf, text, block }: Sheet, doc: InvoiceDocument, y: number): number {
  const half = (inner - 18) / 2;
  const party = (x: number, heading: string, lines: string[], trn: string | null) => {
    let at = y + 8;
    text.line(heading, x + 10, at, label);
    at += 13;
    const [name, ...rest] = lines;
    at = block(name ?? '', x + 10, at, half - 20, strong);
    for (const l of rest) if (l) at = block(l, x + 10, at, half - 20, body);
    if (trn) {
      text.line(both('TRN', 'الرقم الضريبي'), x + 10, at + 4, label);
      text.line(trn, x + 10, at + 16, strong);
      at += 16 + lineHeight(strong);
    }
    return at;
  };
  const top = y;
  const sellerEnd = party(left, both('Seller', 'البائع'), [doc.seller.name, doc.seller.address], doc.seller.trn);
  const buyerEnd = party(left + half + 18, both('Buyer', 'المشتري'), [doc.buyer.name, doc.buyer.address], null);
  const partiesEnd = Math.max(sellerEnd, buyerEnd) + 8;
  pdf
    .rect(left, top, half, partiesEnd - top)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke();
  pdf
    .rect(left + half + 18, top, half, partiesEnd - top)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke();
  return partiesEnd + 20;
}

const COLS = [
  { x: left + 8, w: inner - 8 - 48 - 100 - 100 - 8, en: 'Description', ar: 'الوصف', align: 'left' as const },
  { x: right - 248 - 8, w: 48, en: 'Qty', ar: 'الكمية', align: 'right' as const },
  { x: right - 200 - 8, w: 100, en: 'Unit price excl. VAT', ar: 'سعر الوحدة قبل الضريبة', align: 'right' as const },
  { x: right - 100 - 8, w: 100, en: 'Amount excl. VAT', ar: 'المبلغ قبل الضريبة', align: 'right' as const },
];

/** The lines: what was sold, each before VAT; the table's header again on every page it runs onto. */
function drawLines({ pdf, text, rule }: Sheet, doc: InvoiceDocument, y: number): number {
  const tableHeader = () => {
    pdf.rect(left, y, inner, 32).fill(BAND);
    for (const c of COLS) {
      text.line(c.en, c.x, y + 5, { ...label, bold: true, color: INK }, c.align, c.w);
      text.line(c.ar, c.x, y + 17, label, c.align, c.w);
    }
    y += 38;
  };
  tableHeader();
  for (const line of doc.lines) {
    const titleLines = text.wrap(line.title, COLS[0]!.w, body);
    const height = titleLines.length * lineHeight(body) + 6;
    if (y + height > PAGE.height - 170) {
      pdf.addPage();
      y = PAGE.margin;
      tableHeader();
    }
    titleLines.forEach((l, i) => text.line(l, COLS[0]!.x, y + i * lineHeight(body), body));
    text.line(String(line.quantity), COLS[1]!.x, y, body, 'right', COLS[1]!.w);
    text.line(formatAED(line.unitPrice), COLS[2]!.x, y, body, 'right', COLS[2]!.w);
    text.line(formatAED(line.lineTotal), COLS[3]!.x, y, body, 'right', COLS[3]!.w);
    y += height;
    rule(y - 3);
  }
  return y + 10;
}

/** Totals, right-aligned under the amounts. */
function drawTotals({ pdf, text }: Sheet, doc: InvoiceDocument, y: number): number {
  const totalsX = right - 300;
  const totals: [string, number, TextStyle][] = [
    [both('Subtotal excl. VAT', 'المجموع قبل الضريبة'), doc.subtotal, body],
    [both('VAT 5%', 'ضريبة القيمة المضافة'), doc.vat, body],
    [
      both(
        doc.kind === 'credit_note' ? 'Total credited (AED)' : 'Total incl. VAT (AED)',
        doc.kind === 'credit_note' ? 'إجمالي المبلغ المردود' : 'الإجمالي شامل الضريبة',
      ),
      doc.total,
      { ...strong, size: 11 },
    ],
  ];
  for (const [name, amount, style] of totals) {
    if (style.size > 10) {
      pdf.rect(totalsX, y - 4, right - totalsX, 24).fill(BAND);
    }
    text.line(name, totalsX + 8, y, { ...style, size: Math.min(style.size, 9.5) });
    text.line(formatAED(amount), totalsX, y, style, 'right', right - totalsX - 8);
    y += 24;
  }
  return y + 14;
}

/**
 * What a plain invoice is not, and who issues these documents. Each note twice: English from the
 * left, Arabic from the right, rather than one mixed line.
 */
function drawNotes({ block }: Sheet, doc: InvoiceDocument, y: number): number {
  const notes: [string, string][] = [
    [
      'Issued through Souq on behalf of the seller. Amounts in UAE dirhams (AED).',
      'صادرة عبر Souq نيابة عن البائع. المبالغ بالدرهم الإماراتي.',
    ],
  ];
  if (!doc.seller.trn)
    notes.unshift([
      'Not a tax invoice: the seller is not registered for VAT. The VAT shown is as charged at checkout.',
      'ليست فاتورة ضريبية: البائع غير مسجل لضريبة القيمة المضافة. الضريبة المبينة هي المحصلة عند الدفع.',
    ]);
  const note: TextStyle = { size: 8, color: MUTED };
  for (const [en, ar] of notes) {
    y = block(en, left, y, inner, note);
    y = block(ar, left, y, inner, note, 'right') + 6;
  }
  return y;
}

/**
 * An invoice or credit note as an A4 PDF, drawn from its snapshot on every download (nothing is
 * stored but the snapshot): header, seller and buyer, the lines before VAT, and the totals, every
 * label in English and Arabic. Amounts are "AED 1,260.00" in both languages, as the FTA reads them.
 */
export function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const title = titleOf(doc);
  const pdf = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: { Title: `${title[0]} ${doc.number}`, Author: doc.seller.name, Creator: 'Souq' },
    lang: 'en-AE',
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const sheet = createSheet(pdf);
  let y = drawHeader(sheet, title, PAGE.margin);
  for (const section of [drawFacts, drawParties, drawLines, drawTotals, drawNotes]) y = section(sheet, doc, y);

  pdf.end();
  return done;
}
