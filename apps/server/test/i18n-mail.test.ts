import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '@souq/shared';
import { bidsLabelAr } from '@souq/shared/i18n/ar';
import type { Mailer, MailMessage } from '../src/adapters/mail/index.js';
import { createFakeClock } from '../src/lib/clock.js';
import { AED, auctionRow, bidOk, setEnd, startAuction } from './auction-support.js';
import { call, createUser, insertProduct, type TestUser } from './catalog-support.js';
import { newKey } from './auction-support.js';
import { DIALECTS, eventually, post, startTestApp, validRegistration, type TestApp } from './support.js';

/** Mail and the bell in the recipient's language (issue 29): Arabic for an Arabic account, English as before otherwise. */
describe.each(DIALECTS)('mail and notifications in the recipient’s language (%s)', (dialect) => {
  let t: TestApp;
  const clock = createFakeClock();
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    kind: 'outbox',
    send: async (message) => void sent.push(message),
    close: async () => undefined,
  };
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { mailer, clock });
  });
  afterAll(() => t.close());

  const mailsTo = (email: string) => sent.filter((m) => m.to === email);
  const arabicUser = async () => {
    const user = await createUser(t);
    const res = await call(t, 'PUT', '/api/me/locale', { user, json: { locale: 'ar' } });
    expect(res.statusCode).toBe(204);
    return user;
  };
  /** The person's latest news of one kind (the fake clock stands still, so order by time says nothing). */
  const news = async (user: TestUser, kind: string) =>
    ((await call(t, 'GET', '/api/notifications', { user })).json() as NotificationList).items.find(
      (n) => n.kind === kind,
    );

  it('confirms a placed order to its buyer in their language, once for a retried order', async () => {
    const seller = await createUser(t);
    const productId = await insertProduct(t, seller.id, { title: 'Dallah', price: 10000 });
    const order = (user: TestUser, key: string) =>
      call(t, 'POST', '/api/orders', {
        user,
        headers: { 'idempotency-key': key },
        json: {
          lines: [{ productId, quantity: 3 }],
          address: { emirate: 'Sharjah', area: 'Al Majaz', street: 'Street 5', phone: '0501234567' },
        },
      });
    const amira = await arabicUser();
    const key = newKey();
    expect((await order(amira, key)).statusCode).toBe(201);
    expect((await order(amira, key)).statusCode).toBe(200);
    await eventually(() => expect(mailsTo(amira.email)).toHaveLength(1));
    const [arMail] = mailsTo(amira.email);
    expect(arMail!.subject).toBe('تم تقديم طلبك من Souq');
    expect(arMail!.html).toContain('<html lang="ar" dir="rtl">');
    expect(arMail!.text).toContain('(3 منتجات) بإجمالي 315.00 د.إ شامل ضريبة القيمة المضافة');
    expect(arMail!.text).toContain('Al Majaz، الشارقة');
    expect(arMail!.link).toMatch(/\/MyAccount\?tab=orders$/);

    const bob = await createUser(t);
    expect((await order(bob, newKey())).statusCode).toBe(201);
    await eventually(() => expect(mailsTo(bob.email)).toHaveLength(1));
    expect(mailsTo(bob.email)[0]!.text).toMatch(
      /^Thank you, \S+! We have your order \(3 items\) for AED 315\.00 including VAT, to be delivered to Al Majaz, Sharjah\./,
    );
  });

  it('sends the verification mail in Arabic to someone who signed up in Arabic, and unchanged in English', async () => {
    const ar = validRegistration();
    expect((await post(t, '/api/auth/register', ar, undefined, { 'accept-language': 'ar' })).statusCode).toBe(201);
    const [arMail] = mailsTo(ar.email);
    expect(arMail!.subject).toBe('أكّد بريدك الإلكتروني في Souq');
    expect(arMail!.html).toContain('<html lang="ar" dir="rtl">');
    expect(arMail!.html).toContain('تأكيد البريد الإلكتروني');
    expect(arMail!.text).toMatch(
      new RegExp(
        `^مرحبًا ${ar.username}، أهلًا بك في Souq! .*\\n\\nتأكيد البريد الإلكتروني: http\\S+/verify-email\\?token=`,
      ),
    );

    const en = validRegistration();
    expect((await post(t, '/api/auth/register', en)).statusCode).toBe(201);
    const [enMail] = mailsTo(en.email);
    const link = enMail!.link!;
    expect(enMail).toEqual({
      to: en.email,
      subject: 'Verify your email for Souq',
      link,
      text: `Hi ${en.username}, welcome to Souq! Please confirm that this is your email address.\n\nVerify email: ${link}\n\nThe link works once and expires in 24 hours. If you did not sign up, ignore this email.\n\n— Souq`,
      html: `<div style="font-family:system-ui,sans-serif;max-width:520px;margin:auto;color:#1f2933">
<h2 style="color:#0f766e">Souq</h2><p>Hi ${en.username}, welcome to Souq! Please confirm that this is your email address.</p>
<p><a href="${link}" style="display:inline-block;background:#0f766e;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">Verify email</a></p>
<p style="font-size:13px;color:#52606d">The link works once and expires in 24 hours. If you did not sign up, ignore this email.<br>${link}</p></div>`,
    });
  });

  it('tells each bidder and the seller in their own language: outbid, won and sold', async () => {
    const [seller, amira] = await Promise.all([arabicUser(), arabicUser()]);
    const bob = await createUser(t);
    const { id } = await startAuction(t, seller, { startingBid: AED(1000) }, { title: 'Rolex Submariner' });

    await bidOk(t, amira, id, { amount: AED(1000) });
    await bidOk(t, bob, id, { amount: AED(1500) });
    // Amira (Arabic) is outbid: her bell and her mail are Arabic, the price in Arabic order.
    expect(await news(amira, 'outbid')).toMatchObject({
      kind: 'outbid',
      title: 'تم تجاوز مزايدتك على Rolex Submariner',
      body: 'أعلى مزايدة الآن 1,500.00 د.إ.',
    });
    const amiraMail = await eventually(() => {
      const [mail] = mailsTo(amira.email);
      if (!mail) throw new Error('no outbid mail yet');
      return mail;
    });
    expect(amiraMail.subject).toBe('تم تجاوز مزايدتك على Rolex Submariner');
    expect(amiraMail.text).toContain('أعلى مزايدة الآن 1,500.00 د.إ.');
    expect(amiraMail.html).toContain('<html lang="ar" dir="rtl">');

    await bidOk(t, amira, id, { amount: AED(2000) });
    // Bob (English, never chose) is outbid: exactly as before.
    expect(await news(bob, 'outbid')).toMatchObject({
      kind: 'outbid',
      title: "You've been outbid on Rolex Submariner",
      body: 'The bid is now AED 2,000.00.',
    });
    const bobMail = await eventually(() => {
      const [mail] = mailsTo(bob.email);
      if (!mail) throw new Error('no outbid mail yet');
      return mail;
    });
    expect(bobMail.subject).toBe("You've been outbid on Rolex Submariner");
    expect(bobMail.text).toContain('someone bid more than you on "Rolex Submariner". The bid is now AED 2,000.00.');
    expect(bobMail.html.startsWith('<div')).toBe(true);

    // The Arabic seller's count of bids follows Arabic plural rules.
    const bids = (await auctionRow(t, id)).bid_count;
    expect(await news(seller, 'bid_received')).toMatchObject({
      kind: 'bid_received',
      title: 'مزايدة جديدة على Rolex Submariner',
      body: `أعلى مزايدة الآن 2,000.00 د.إ (${bidsLabelAr(bids)}).`,
    });

    await setEnd(t, id, clock.now());
    await t.auctions.closeDue();
    expect(await news(amira, 'won')).toMatchObject({
      kind: 'won',
      title: 'فزت في مزاد Rolex Submariner',
      body: 'مزايدتك الفائزة: 2,000.00 د.إ. أضف عنوان التوصيل لإتمام الطلب.',
    });
    expect(await news(seller, 'auction_sold')).toMatchObject({
      kind: 'auction_sold',
      title: 'تم البيع: Rolex Submariner',
    });
    const won = await eventually(() => {
      const mail = mailsTo(amira.email).find((m) => m.subject.startsWith('فزت'));
      if (!mail) throw new Error('no won mail yet');
      return mail;
    });
    expect(won.text).toContain('بمبلغ 2,000.00 د.إ (بالإضافة إلى ضريبة القيمة المضافة 5%)');
    expect(won.html).toContain('dir="rtl"');
    await eventually(() => expect(mailsTo(seller.email).map((m) => m.subject)).toContain('تم البيع: Rolex Submariner'));
  });
});
