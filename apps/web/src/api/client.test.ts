import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { BidResult, MeResponse } from '@souq/shared';
import { ApiError, call, pathOf } from './client';
import { API } from './contract';

/** Just enough of XMLHttpRequest to play an upload: progress events, then the server's answer. */
function fakeXhr(status: number, body: string) {
  return class {
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    withCredentials = false;
    status = 0;
    responseText = '';
    open() {}
    send() {
      for (const loaded of [25, 50, 100]) this.upload.onprogress?.({ lengthComputable: true, loaded, total: 100 });
      this.status = status;
      this.responseText = body;
      this.onload?.();
    }
  };
}

describe('a multipart call with progress', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reports how much was sent and answers like every other call', async () => {
    vi.stubGlobal('XMLHttpRequest', fakeXhr(201, '{"id":"p1"}'));
    const seen: number[] = [];
    await expect(call(API.catalog.create, { form: new FormData(), onProgress: (f) => seen.push(f) })).resolves.toEqual({
      id: 'p1',
    });
    expect(seen).toEqual([0.25, 0.5, 1]);
  });

  it('turns the server’s refusal into the same ApiError', async () => {
    vi.stubGlobal(
      'XMLHttpRequest',
      fakeXhr(413, '{"error":{"code":"PAYLOAD_TOO_LARGE","message":"File is too large."}}'),
    );
    const error = await call(API.profiles.photo, { form: new FormData(), onProgress: () => undefined }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'File is too large.' });
  });
});

describe('a call', () => {
  afterEach(() => vi.restoreAllMocks());

  const answering = (status: number, body: unknown) =>
    vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(body === undefined ? null : JSON.stringify(body), { status }));

  it('fills the path from params, adds the query it was given, and sends the contract’s method', async () => {
    const fetch = answering(200, { items: [], nextCursor: null });
    await call(API.auctions.bids, { params: { id: 'a/1' }, query: { cursor: 'c 2' } });
    await call(API.catalog.list, { query: { sort: 'newest', category: undefined } });
    await call(API.streams.deleteMessage, { params: { id: 's1', messageId: 'm1' } });
    expect(fetch.mock.calls.map(([url, init]) => [url, init?.method])).toEqual([
      ['/api/auctions/a%2F1/bids?cursor=c+2', 'GET'],
      ['/api/products?sort=newest', 'GET'],
      ['/api/streams/s1/messages/m1', 'DELETE'],
    ]);
  });

  it('sends a JSON body and the headers the endpoint reads', async () => {
    const fetch = answering(201, { leading: true });
    await call(API.auctions.placeBid, {
      params: { id: 'a1' },
      body: { amount: 100 },
      headers: { 'idempotency-key': 'k1234567' },
    });
    const init = fetch.mock.calls[0]![1]!;
    expect(init.body).toBe('{"amount":100}');
    expect(init.headers).toEqual({ 'content-type': 'application/json', 'idempotency-key': 'k1234567' });
    expect(init.credentials).toBe('same-origin');
  });

  it('answers null for an endpoint without a JSON answer, and the server’s refusal as an ApiError', async () => {
    answering(204, undefined);
    await expect(call(API.feed.events, { body: { opened: [] } })).resolves.toBeNull();
    answering(404, { error: { code: 'NOT_FOUND', message: 'This product does not exist.' } });
    await expect(call(API.catalog.detail, { params: { id: 'p1' } })).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      message: 'This product does not exist.',
    });
  });

  it('says the connection is down when nothing answers', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(call(API.accounts.me)).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK',
      message: 'Cannot reach Souq. Check your connection and try again.',
    });
  });

  it('gives links the same paths', () => {
    expect(pathOf(API.accounts.googleStart)).toBe('/api/auth/google/start');
    expect(pathOf(API.catalog.invoice, { id: 'p 1' })).toBe('/api/products/p%201/invoice');
  });

  it('is typed by the endpoint’s contract entry (what tsc checks here is never sent)', () => {
    const typed = () => {
      expectTypeOf(call(API.accounts.me)).resolves.toEqualTypeOf<MeResponse>();
      expectTypeOf(
        call(API.auctions.placeBid, { params: { id: 'a1' }, body: { amount: 1 } }),
      ).resolves.toEqualTypeOf<BidResult>();
      expectTypeOf(call(API.feed.events, { body: { opened: [] } })).resolves.toEqualTypeOf<null>();
      // @ts-expect-error the path has :id, so params are required
      void call(API.auctions.detail);
      // @ts-expect-error a param the path does not have
      void call(API.auctions.detail, { params: { auction: 'a1' } });
      // @ts-expect-error the login body is required
      void call(API.accounts.login, {});
      // @ts-expect-error no body on a GET
      void call(API.accounts.me, { body: {} });
      // @ts-expect-error a multipart endpoint takes a form, not JSON
      void call(API.profiles.photo, { body: {} });
    };
    expect(typed).toBeTypeOf('function');
  });
});
