import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedAddressView } from '@souq/shared';
import { call, createUser, type TestUser } from '../../../test/catalog-support.js';
import { DIALECTS, startTestApp, type TestApp } from '../../../test/support.js';

const HOME = {
  emirate: 'Dubai',
  area: 'Al Barsha 1',
  street: 'Street 21',
  building: 'Villa 14',
  landmark: 'Behind the metro station',
  phone: '050 123 4567',
  location: { latitude: 25.1131, longitude: 55.2003 },
  makani: '12345 67890',
};
const WORK = {
  emirate: 'Abu Dhabi',
  area: 'Al Reem Island',
  street: 'Marina Square',
  building: 'Tala Tower',
  flat: '2204',
  phone: '+966 50 123 4567',
};

/** The address book (issue 46): a courier's address, one default, only its owner's, bad input refused whole. */
describe.each(DIALECTS)('the address book (%s)', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [owner, other] = await Promise.all([createUser(t), createUser(t)]);
  });
  afterAll(() => t.close());

  const book = async (user: TestUser) =>
    (await call(t, 'GET', '/api/addresses', { user })).json() as SavedAddressView[];
  const rows = () => t.database.db.selectFrom('addresses').selectAll().orderBy('id').execute();

  it('saves an address with its pin, Makani number and E.164 mobile; the first is the default', async () => {
    const res = await call(t, 'POST', '/api/addresses', { user: owner, json: HOME });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      ...HOME,
      flat: '',
      makani: '1234567890',
      phoneE164: '+971501234567',
      isDefault: true,
    });
    const second = await call(t, 'POST', '/api/addresses', { user: owner, json: WORK });
    expect(second.json()).toMatchObject({ isDefault: false, phoneE164: '+966501234567', location: null, makani: null });
    expect((await book(owner)).map((a) => a.building)).toEqual(['Villa 14', 'Tala Tower']);
  });

  it('moves the default, and gives it to the newest left when the default is removed', async () => {
    const [home, work] = await book(owner);
    const moved = await call(t, 'POST', `/api/addresses/${work!.id}/default`, { user: owner });
    expect((moved.json() as SavedAddressView[]).map((a) => [a.building, a.isDefault])).toEqual([
      ['Tala Tower', true],
      ['Villa 14', false],
    ]);
    expect((await call(t, 'DELETE', `/api/addresses/${work!.id}`, { user: owner })).statusCode).toBe(204);
    expect(await book(owner)).toEqual([expect.objectContaining({ id: home!.id, isDefault: true })]);
  });

  it('changes an address in place', async () => {
    const [home] = await book(owner);
    const res = await call(t, 'PUT', `/api/addresses/${home!.id}`, {
      user: owner,
      json: { ...HOME, flat: 'G', location: null, makani: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: home!.id, flat: 'G', location: null, makani: null, isDefault: true });
  });

  it.each([
    ['no building', { building: ' ' }, 'building', 'Please enter the building or villa.'],
    ['a landline', { phone: '04 234 5678' }, 'phone', 'Enter a UAE or GCC mobile number, such as 050 123 4567.'],
    [
      'a pin in London',
      { location: { latitude: 51.5, longitude: -0.12 } },
      'latitude',
      'Choose a location inside the UAE.',
    ],
    [
      'a pin in Muscat',
      { location: { latitude: 23.58, longitude: 58.4 } },
      'longitude',
      'Choose a location inside the UAE.',
    ],
    ['a 9-digit Makani number', { makani: '٩٨٧٦٥٤٣٢١' }, 'makani', 'A Makani number has 10 digits.'],
    ['an 11-digit Makani number', { makani: '12345678901' }, 'makani', 'A Makani number has 10 digits.'],
    ['a Makani number with letters', { makani: '12345abcde' }, 'makani', 'A Makani number has 10 digits.'],
  ])('refuses %s with 400 and its message, saving nothing', async (_case, change, field, message) => {
    const before = await rows();
    const res = await call(t, 'POST', '/api/addresses', { user: owner, json: { ...HOME, ...change } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: { [field]: message } } });
    expect(await rows()).toEqual(before);
  });

  it("keeps one person's addresses from everyone else: 401 signed out, 404 for another person", async () => {
    const [home] = await book(owner);
    const before = await rows();
    expect((await call(t, 'GET', '/api/addresses', { user: null })).statusCode).toBe(401);
    expect((await call(t, 'POST', '/api/addresses', { user: null, json: HOME })).statusCode).toBe(401);
    expect(await book(other)).toEqual([]);
    for (const [method, path, json] of [
      ['PUT', `/api/addresses/${home!.id}`, HOME],
      ['DELETE', `/api/addresses/${home!.id}`, undefined],
      ['POST', `/api/addresses/${home!.id}/default`, undefined],
    ] as const) {
      const res = await call(t, method, path, { user: other, ...(json ? { json } : {}) });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json()).toMatchObject({ error: { message: 'This address is no longer in your address book.' } });
    }
    expect((await call(t, 'DELETE', '/api/addresses/not-an-id', { user: owner })).statusCode).toBe(404);
    expect(await rows()).toEqual(before);
  });

  it('holds at most 10 addresses', async () => {
    const [person] = await Promise.all([createUser(t)]);
    for (let i = 0; i < 10; i++)
      expect((await call(t, 'POST', '/api/addresses', { user: person, json: WORK })).statusCode).toBe(201);
    const eleventh = await call(t, 'POST', '/api/addresses', { user: person, json: WORK });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json()).toMatchObject({
      error: { message: 'Your address book is full: remove an address to add another.' },
    });
    expect(await book(person)).toHaveLength(10);
  });
});
