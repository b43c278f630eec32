import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AED, bid, bidOk, startAuction } from './auction-support.js';
import { createUser, insertProduct } from './catalog-support.js';
import { listen, openSocket } from './realtime-support.js';
import { liveRooms } from './stream-support.js';
import { DIALECTS, eventually, startTestApp, type TestApp } from './support.js';

/** One sample of the scrape: the value on the line that starts with `series` (name and labels). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(DIALECTS)('/metrics (%s)', (dialect) => {
  let t: TestApp;
  let metricsBase: string;
  let listening: Promise<string> | undefined;
  /** The app listens once, for the suites that open sockets. */
  const base = () => (listening ??= listen(t));
  const scrape = async () => {
    const res = await fetch(`${metricsBase}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  beforeAll(async () => {
    t = await startTestApp(dialect, { host: '127.0.0.1', metricsPort: 0 });
    metricsBase = `http://127.0.0.1:${t.metricsServer!.address().port}`;
  });
  afterAll(() => t.close());

  it('counts and times requests by route pattern and status, never by raw URL', async () => {
    const seller = await createUser(t);
    const id = await insertProduct(t, seller.id);
    for (let i = 0; i < 3; i++)
      expect((await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/products/999999999' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/nothing-here' })).statusCode).toBe(404);

    const text = await scrape();
    expect(
      sample(text, 'souq_http_request_duration_seconds_count{method="GET",route="/api/products/:id",status="200"}'),
    ).toBe(3);
    expect(
      sample(text, 'souq_http_request_duration_seconds_count{method="GET",route="/api/products/:id",status="404"}'),
    ).toBe(1);
    expect(sample(text, 'souq_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}')).toBe(
      1,
    );
    expect(
      sample(
        text,
        'souq_http_request_duration_seconds_bucket{method="GET",route="/api/products/:id",status="200",le="+Inf"}',
      ),
    ).toBe(3);
    expect(
      sample(text, 'souq_http_request_duration_seconds_sum{method="GET",route="/api/products/:id",status="200"}'),
    ).toBeGreaterThan(0);
    expect(text).not.toContain(String(id));
    expect(text).not.toContain('nothing-here');
  });

  it('counts bids accepted, and refused by error code', async () => {
    const [seller, buyer] = [await createUser(t), await createUser(t)];
    const auction = await startAuction(t, seller);
    await bidOk(t, buyer, auction.id, { amount: AED(150) });
    expect((await bid(t, buyer, auction.id, { amount: AED(120) })).statusCode).toBe(400);
    expect((await bid(t, seller, auction.id, { amount: AED(500) })).statusCode).toBe(403);

    const text = await scrape();
    expect(sample(text, 'souq_bids_accepted_total')).toBe(1);
    expect(sample(text, 'souq_bids_refused_total{reason="VALIDATION_FAILED"}')).toBe(1);
    expect(sample(text, 'souq_bids_refused_total{reason="FORBIDDEN"}')).toBe(1);
    expect(
      sample(
        text,
        'souq_http_request_duration_seconds_count{method="POST",route="/api/auctions/:id/bids",status="201"}',
      ),
    ).toBe(1);
  });

  it('counts a malformed bid as refused, though the route refuses it before the bid engine sees it', async () => {
    const [seller, buyer] = [await createUser(t), await createUser(t)];
    const auction = await startAuction(t, seller);
    const before = sample(await scrape(), 'souq_bids_refused_total{reason="VALIDATION_FAILED"}');
    expect((await bid(t, buyer, auction.id, { amount: -5 })).statusCode).toBe(400);
    expect(sample(await scrape(), 'souq_bids_refused_total{reason="VALIDATION_FAILED"}')).toBe((before ?? 0) + 1);
  });

  it('counts socket connections and the messages sent to them', async () => {
    const { socket } = await openSocket(await base());
    try {
      // Refused, with its acknowledgement: two more messages after the hello.
      const emitAnything = socket.emit.bind(socket) as unknown as (event: string, ...args: unknown[]) => void;
      await new Promise((resolve) => emitAnything('no-such-event', {}, resolve));
      const text = await scrape();
      expect(sample(text, 'souq_socket_connections')).toBe(1);
      expect(sample(text, 'souq_socket_connections_total')).toBe(1);
      expect(sample(text, 'souq_socket_messages_sent_total')).toBe(3);
    } finally {
      socket.disconnect();
    }
    await eventually(async () => expect(sample(await scrape(), 'souq_socket_connections')).toBe(0));
  });

  it('is not served on the public port, and the metrics port serves nothing else', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await fetch(`${metricsBase}/api/health`)).status).toBe(404);
    expect((await fetch(`${metricsBase}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('counts a chat bid the bid schema refuses ("0"), as the bid route counts a malformed body', async () => {
    const url = await base();
    const room = liveRooms(
      () => t,
      () => url,
    );
    try {
      const [host, viewer] = [await createUser(t), await createUser(t)];
      const stream = await room.goLive(host);
      const socket = await room.open(viewer);
      await room.join(socket, stream.id);
      const before = sample(await scrape(), 'souq_bids_refused_total{reason="VALIDATION_FAILED"}') ?? 0;
      expect(await room.chat(socket, stream.id, '0')).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
      expect(sample(await scrape(), 'souq_bids_refused_total{reason="VALIDATION_FAILED"}')).toBe(before + 1);
    } finally {
      room.closeAll();
    }
  });

  it('reports job runs, waits for a database connection, and event-loop lag', async () => {
    await t.jobs.runNow('auctions.close-due');
    const text = await scrape();
    expect(
      sample(text, 'souq_job_duration_seconds_count{job="auctions.close-due",outcome="ok"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'souq_db_connection_wait_seconds_count')).toBeGreaterThan(0);
    expect(sample(text, 'souq_event_loop_lag_seconds{quantile="0.99"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'souq_event_loop_lag_seconds{quantile="1"}')).toBeGreaterThanOrEqual(0);
    if (dialect === 'postgres') expect(sample(text, 'souq_db_pool_waiting')).toBe(0);
    else expect(text).not.toContain('souq_db_pool_waiting');
  });
});

describe('/metrics beside the web app', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Souq</title>');
    t = await startTestApp('sqlite', { webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('is a 404 on the public port, not the shop page every other path gets', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/orders' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('has no metrics port unless METRICS_PORT is set', () => {
    expect(t.metricsServer).toBeUndefined();
  });
});
