import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type Problem } from '@souq/shared';
import { DELIVER, HOUR, makeStaff, moveLine, notificationsOf, placeOrder } from '../../../test/aftersale-support.js';
import {
  call,
  createUser,
  insertProduct,
  productForm,
  testImage,
  uploadedFiles,
  type TestUser,
} from '../../../test/catalog-support.js';
import { DIALECTS, apiError, startTestApp, type TestApp } from '../../../test/support.js';
import { createFakeClock } from '../../lib/clock.js';

describe.each(DIALECTS)('problems on delivered lines (%s)', (dialect) => {
  const clock = createFakeClock('2026-11-02T08:00:00.000Z');
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;
  let other: TestUser;
  let staff: TestUser;
  let staff2: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock });
    [seller, buyer, other, staff, staff2] = await Promise.all([
      createUser(t),
      createUser(t),
      createUser(t),
      createUser(t),
      createUser(t),
    ]);
    await makeStaff(t, staff.id);
    await makeStaff(t, staff2.id);
  });
  afterAll(() => t.close());

  const deliveredLine = async () => {
    const order = await placeOrder(t, buyer, [await insertProduct(t, seller.id, { title: 'Abaya', price: 30_000 })]);
    await moveLine(t, seller, order.lines[0]!.id, DELIVER);
    return order.lines[0]!.id;
  };
  const photos = async (n: number) =>
    Array.from({ length: n }, async (_, i) => ({
      field: 'photos',
      data: await testImage('png'),
      filename: `p${i}.png`,
    }));
  const open = async (lineId: string, fields: Record<string, string>, n = 0, user: TestUser | null = buyer) =>
    call(t, 'POST', `/api/order-lines/${lineId}/problem`, {
      user,
      form: productForm(fields, await Promise.all(await photos(n))),
    });
  const answer = (id: string, json: unknown, user: TestUser = seller) =>
    call(t, 'POST', `/api/problems/${id}/answer`, { user, json });
  const escalate = (id: string, json: unknown = {}, user: TestUser = buyer) =>
    call(t, 'POST', `/api/problems/${id}/escalate`, { user, json });
  const decide = (id: string, json: unknown, user: TestUser = staff) =>
    call(t, 'POST', `/api/admin/disputes/${id}/decide`, { user, json });
  const NOT_AS_DESCRIBED = { kind: 'not_as_described', text: 'The colour is not the one in the photos.' };

  it('opens with photos, is answered, escalated and decided, each step told to the other side and the decision audited', async () => {
    const undelivered = await placeOrder(t, buyer, [await insertProduct(t, seller.id)]);
    expect((await open(undelivered.lines[0]!.id, NOT_AS_DESCRIBED)).json()).toEqual(
      apiError('CONFLICT', MSG.problemNotDelivered),
    );
    const lineId = await deliveredLine();
    expect((await open(lineId, NOT_AS_DESCRIBED, 0, other)).json()).toEqual(apiError('NOT_FOUND', MSG.lineNotFound));
    expect((await open(lineId, NOT_AS_DESCRIBED, 0, null)).statusCode).toBe(401);
    expect((await open(lineId, { kind: 'broken', text: 'x' })).json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', message: MSG.problemKind },
    });
    expect((await open(lineId, NOT_AS_DESCRIBED, 5)).json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', message: MSG.tooManyProblemPhotos },
    });

    const opened = await open(lineId, NOT_AS_DESCRIBED, 2);
    expect(opened.statusCode).toBe(201);
    const problem = opened.json() as Problem;
    expect(problem).toMatchObject({
      lineId,
      kind: 'not_as_described',
      status: 'open',
      answerBy: clock.iso(48 * HOUR),
      answer: null,
      buyer: { id: buyer.id },
      seller: { id: seller.id },
    });
    expect(problem.photos).toHaveLength(2);
    expect(uploadedFiles(t).filter((f) => f.includes('problems/'))).toHaveLength(4); // large and thumb each
    expect(await t.services.aftersale.problems.referencedUploads()).toHaveLength(4);
    expect((await open(lineId, NOT_AS_DESCRIBED)).json()).toEqual(apiError('CONFLICT', MSG.problemExists));
    expect((await notificationsOf(t, seller.id)).filter((n) => n.kind === 'problem')).toHaveLength(1);

    // Before an answer and within its time, there is nothing to escalate.
    expect((await escalate(problem.id)).json()).toEqual(apiError('CONFLICT', MSG.problemNotEscalatable));
    expect((await answer(problem.id, { kind: 'refund', text: 'Sorry' }, other)).json()).toEqual(
      apiError('NOT_FOUND', MSG.problemNotFound),
    );
    expect((await answer(problem.id, { kind: 'gift', text: 'Sorry' })).json()).toMatchObject({
      error: { message: MSG.answerKind },
    });
    const answered = await answer(problem.id, { kind: 'reply', text: 'It is the same colour, the light differs.' });
    expect(answered.json()).toMatchObject({ status: 'answered', answer: { kind: 'reply' } });
    expect((await answer(problem.id, { kind: 'refund', text: 'Fine' })).json()).toEqual(
      apiError('CONFLICT', MSG.problemAnswered),
    );
    expect((await notificationsOf(t, buyer.id)).filter((n) => n.kind === 'problem')).toHaveLength(1);

    expect((await escalate(problem.id, {}, seller)).json()).toEqual(apiError('NOT_FOUND', MSG.problemNotFound));
    const escalated = await escalate(problem.id, { text: 'It is clearly another colour.' });
    expect(escalated.json()).toMatchObject({
      status: 'escalated',
      escalation: { text: 'It is clearly another colour.' },
    });

    // Staff only: the list of disputes and the decision.
    expect((await call(t, 'GET', '/api/admin/disputes', { user: buyer })).json()).toEqual(
      apiError('FORBIDDEN', MSG.staffOnly),
    );
    expect((await decide(problem.id, { decision: 'buyer', reason: 'Photos' }, seller)).statusCode).toBe(403);
    const disputes = (await call(t, 'GET', '/api/admin/disputes', { user: staff })).json();
    expect(disputes.items).toEqual([
      expect.objectContaining({
        id: problem.id,
        text: NOT_AS_DESCRIBED.text,
        answer: expect.objectContaining({ text: 'It is the same colour, the light differs.' }),
        photos: problem.photos,
      }),
    ]);
    expect((await decide(problem.id, { decision: 'buyer', reason: '  ' })).json()).toMatchObject({
      error: { message: MSG.reasonRequired },
    });
    const decided = await decide(problem.id, { decision: 'buyer', reason: 'The photos show another colour.' });
    expect(decided.json()).toMatchObject({
      status: 'decided',
      decision: { for: 'buyer', reason: 'The photos show another colour.' },
    });
    expect((await decide(problem.id, { decision: 'seller', reason: 'No' })).json()).toEqual(
      apiError('CONFLICT', MSG.problemNotEscalated),
    );
    const audit = await t.database.db
      .selectFrom('staff_actions')
      .selectAll()
      .where('target_id', '=', problem.id)
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({ staff_id: staff.id, action: 'decide_dispute_for_buyer', target_kind: 'problem' }),
    ]);
    expect((await notificationsOf(t, seller.id)).filter((n) => n.kind === 'problem')).toHaveLength(1); // merged while unread
    const both = await Promise.all([buyer, seller].map((u) => call(t, 'GET', '/api/me/aftersale', { user: u })));
    for (const res of both) expect(res.json().problems[0]).toMatchObject({ id: problem.id, status: 'decided' });
  });

  it('lets the buyer escalate when the seller lets the answer time pass, and refuses a late answer', async () => {
    const lineId = await deliveredLine();
    const problem = (await open(lineId, { kind: 'not_received', text: 'Nothing came.' })).json() as Problem;
    clock.advance(48 * HOUR);
    expect((await escalate(problem.id)).json()).toEqual(apiError('CONFLICT', MSG.problemNotEscalatable));
    clock.advance(1);
    expect((await answer(problem.id, { kind: 'refund', text: 'Sorry' })).json()).toEqual(
      apiError('CONFLICT', MSG.problemAnswerLate),
    );
    expect((await escalate(problem.id)).json()).toMatchObject({ status: 'escalated', escalation: { text: null } });
  });

  it('takes problems only within 7 days of delivery', async () => {
    const lineId = await deliveredLine();
    clock.advance(7 * 24 * HOUR + 1);
    expect((await open(lineId, NOT_AS_DESCRIBED)).json()).toEqual(apiError('CONFLICT', MSG.problemTooLate));
  });

  it('two staff deciding one dispute at once: one decision, one audit line', async () => {
    const lineId = await deliveredLine();
    const problem = (await open(lineId, NOT_AS_DESCRIBED)).json() as Problem;
    await answer(problem.id, { kind: 'return', text: 'Send it back.' });
    await escalate(problem.id);
    const results = await Promise.all([
      decide(problem.id, { decision: 'buyer', reason: 'One' }, staff),
      decide(problem.id, { decision: 'seller', reason: 'Two' }, staff2),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const audit = await t.database.db
      .selectFrom('staff_actions')
      .selectAll()
      .where('target_id', '=', problem.id)
      .execute();
    expect(audit).toHaveLength(1);
  });
});
