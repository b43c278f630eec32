import { describe, expect, it } from 'vitest';
import { noticeMail, noticeText, ORDERS_PATH, SALES_PATH, type AftersaleNotice } from './emails.js';

const NOTICES: AftersaleNotice[] = [
  { kind: 'late', title: 'Oud', seller: 'amira' },
  { kind: 'cancelled', title: 'Oud', buyer: 'omar' },
  { kind: 'opened', title: 'Oud', buyer: 'omar', problem: 'not_received' },
  { kind: 'answered', title: 'Oud', seller: 'amira', answer: 'refund' },
  { kind: 'unanswered', title: 'Oud', seller: 'amira' },
  { kind: 'escalated', title: 'Oud', buyer: 'omar' },
  { kind: 'decided', title: 'Oud', decision: 'buyer', reason: 'Photos' },
];

describe('after-sale notices in both languages', () => {
  it.each(NOTICES)('says $kind in English and in Arabic, quoting the title as each language does', (notice) => {
    const en = noticeText(notice, 'en');
    const ar = noticeText(notice, 'ar');
    expect(en.title).toContain('"Oud"');
    expect(ar.title).toContain('«Oud»');
    expect(ar.body).toMatch(/[\u0600-\u06FF]/);
    expect(en.body).not.toMatch(/[\u0600-\u06FF]/);
  });

  it('mails in the recipient language with a button to their orders or sales', () => {
    const ar = noticeMail('https://souq.ae', 'a@example.com', 'amira', NOTICES[0]!, ORDERS_PATH, 'ar');
    expect(ar.subject).toBe('تأخر شحن «Oud»');
    expect(ar.html).toContain('عرض طلباتي');
    expect(ar.html).toContain('dir="rtl"');
    const en = noticeMail('https://souq.ae', 'o@example.com', 'omar', NOTICES[1]!, SALES_PATH, 'en');
    expect(en.subject).toBe('The buyer cancelled "Oud"');
    expect(en.html).toContain('https://souq.ae/MyAccount?tab=sales');
  });
});
