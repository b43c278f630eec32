import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Aftersale, type Problem } from '@souq/shared';
import { DELIVER, HOUR, moveLine, notificationsOf, placeOrder } from '../../../test/aftersale-support.js';
import { call, createUser, insertProduct, productForm, type TestUser } from '../../../test/catalog-support.js';
import { DIALECTS, eventually, startTestApp, type TestApp } from '../../../test/support.js';
import type { Mailer, MailMessage } from '../../adapters/mail/index.js';
import { createFakeClock } from '../../lib/clock.js';

describe.each(DIALECTS)('a problem the seller lets pass unanswered (%s)', (dialect) => {
  const clock = createFakeClock('2026-11-02T08:00:00.000Z');
  /** The mails as sent, to read their subjects in either language. */
  const sent: MailMessage[] = [];
  const mailer: Mailer = { kind: 'outbox', send: async (m) => void sent.push(m), close: async () => undefined };
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock, mailer });
    [seller, buyer] = await Promise.all([createUser(t), createUser(t)]);
    // The buyer reads Souq in Arabic: the notice comes in Arabic, bell and mail.
    await t.database.db.updateTable('users').set({ locale: 'ar' }).where('id', '=', buyer.id).execute();
  });
  afterAll(() => t.close());

  const openProblem = async (title: string) => {
    const order = await placeOrder(t, buyer, [await insertProduct(t, seller.id, { title, price: 30_000 })]);
    await moveLine(t, seller, order.lines[0]!.id, DELIVER);
    const res = await call(t, 'POST', `/api/order-lines/${order.lines[0]!.id}/problem`, {
      user: buyer,
      form: productForm({ kind: 'not_received', text: 'Nothing came.' }, []),
    });
    expect(res.statusCode).toBe(201);
    return res.json() as Problem;
  };
  const tellUnanswered = () => t.services.aftersale.problems.tellUnanswered();
  const toldOf = async (problemId: string) =>
    (await notificationsOf(t, buyer.id)).filter((n) => n.subject === problemId);
  const mailsAbout = (title: string) => sent.filter((m) => m.to === buyer.email && m.subject.includes(title));
  const sellerSees = async (problemId: string) =>
    ((await call(t, 'GET', '/api/me/aftersale', { user: seller })).json() as Aftersale).problems.find(
      (p) => p.id === problemId,
    )!;

  it('tells the buyer once, in Arabic, when the answer time passes; the seller sees it unanswered', async () => {
    const problem = await openProblem('Abaya');
    expect(problem).toMatchObject({ status: 'open', unanswered: false, answerBy: clock.iso(48 * HOUR) });

    // At the deadline itself the seller may still answer: nobody is told yet, and the job sleeps 1 ms.
    clock.advance(48 * HOUR);
    expect(await tellUnanswered()).toBe(1);
    expect(await toldOf(problem.id)).toEqual([]);
    expect(await sellerSees(problem.id)).toMatchObject({ status: 'open', unanswered: false });

    clock.advance(1);
    expect(await sellerSees(problem.id)).toMatchObject({ status: 'open', unanswered: true });
    // Several instances running the job at once, and again: one notice.
    await Promise.all([tellUnanswered(), tellUnanswered(), t.jobs.runNow('aftersale.tell-unanswered')]);
    await tellUnanswered();
    const told = await toldOf(problem.id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      kind: 'problem',
      title: 'لا رد على مشكلتك في «Abaya»',
      link: '/MyAccount?tab=orders',
    });
    expect(told[0]!.body).toContain('فريق Souq');
    await eventually(() => expect(mailsAbout('Abaya')).toHaveLength(1));
    const [mail] = mailsAbout('Abaya');
    expect(mail!.subject).toBe('لا رد على مشكلتك في «Abaya»');
    expect(mail!.html).toContain('dir="rtl"');
    expect(mail!.html).toContain('http://localhost:3000/MyAccount?tab=orders');

    // The buyer escalates; the problem is no longer unanswered, and nothing more is sent.
    const escalated = await call(t, 'POST', `/api/problems/${problem.id}/escalate`, { user: buyer, json: {} });
    expect(escalated.json()).toMatchObject({ status: 'escalated', unanswered: false });
    await tellUnanswered();
    expect(await toldOf(problem.id)).toHaveLength(1);
  });

  it('never tells about a problem answered in time', async () => {
    const problem = await openProblem('Kandura');
    clock.advance(47 * HOUR);
    const answered = await call(t, 'POST', `/api/problems/${problem.id}/answer`, {
      user: seller,
      json: { kind: 'refund', text: 'Sorry, refunded.' },
    });
    expect(answered.json()).toMatchObject({ status: 'answered', unanswered: false });
    clock.advance(2 * HOUR);
    expect(await tellUnanswered()).toBeUndefined();
    expect((await toldOf(problem.id)).filter((n) => n.title.includes('لا رد'))).toEqual([]);
    expect(mailsAbout('Kandura').filter((m) => m.subject.includes('لا رد'))).toEqual([]);
  });
});
