import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Gauge, Registry } from 'prom-client';
import { FastCounter, FastHistogram, type CounterCell } from './cells.js';

/** A route pattern for requests no route matched (404s), so raw URLs never become labels. */
const UNMATCHED_ROUTE = 'unmatched';

/** Seconds: most answers take a millisecond or two; an upload or a slow query takes seconds. */
const REQUEST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds a query waited for a connection: nothing at all, usually. */
const WAIT_BUCKETS = [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5];
const JOB_BUCKETS = [0.001, 0.01, 0.1, 1, 10, 60];
/** How often the event loop is sampled while the metrics are served. */
const SAMPLE_MS = 10;

/**
 * Everything `/metrics` reports (ADR 0029), one per app (buildApp makes it), so that several apps
 * in one process, as in the tests, each count their own. The hot paths (requests, kept answers,
 * bids, socket messages) count through `cells.ts`; state read only when scraped (open sockets,
 * pool queue, event-loop lag) uses prom-client's gauges.
 */
export function createMetrics() {
  const registry = new Registry();

  const requests = new FastHistogram(
    'souq_http_request_duration_seconds',
    'Requests Fastify answered, by method, route pattern and status: count and time to the last byte',
    ['method', 'route', 'status'],
    REQUEST_BUCKETS,
  ).registerIn(registry);
  const keptAnswers = new FastCounter(
    'souq_http_kept_answers_total',
    'GET requests answered from a kept answer before Fastify saw them (ADR 0027), by route pattern; all status 200',
    ['route'],
  ).registerIn(registry);
  const bidsAccepted = new FastCounter('souq_bids_accepted_total', 'Bids accepted (stored and answered)').registerIn(
    registry,
  );
  const bidsRefused = new FastCounter(
    'souq_bids_refused_total',
    'Bids refused, by error code (VALIDATION_FAILED: too low or malformed, CONFLICT: closed, …; "internal": a fault)',
    ['reason'],
  ).registerIn(registry);
  const socketConnections = new FastCounter(
    'souq_socket_connections_total',
    'Socket.IO connections accepted since start',
  ).registerIn(registry);
  const socketMessages = new FastCounter(
    'souq_socket_messages_sent_total',
    'Socket.IO packets written to clients (events and acknowledgements), each recipient counted',
  ).registerIn(registry);
  const jobRuns = new FastHistogram(
    'souq_job_duration_seconds',
    'Job runs, by job and outcome (ok or failed): count and duration',
    ['job', 'outcome'],
    JOB_BUCKETS,
  ).registerIn(registry);
  const connectionWaits = new FastHistogram(
    'souq_db_connection_wait_seconds',
    'Time a query waited for a database connection: a free one in the PostgreSQL pool, or SQLite’s single connection held by another transaction of this process',
    [],
    WAIT_BUCKETS,
  ).registerIn(registry);

  const accepted = bidsAccepted.cell();
  const connected = socketConnections.cell();
  const sent = socketMessages.cell();
  const waited = connectionWaits.cell();
  /** A kept answer's route is known when it is kept: its cell is looked up once, then. */
  const keptCell = (route: string): CounterCell => keptAnswers.cell(route);

  return {
    registry,
    request(method: string, route: string | undefined, status: number, seconds: number): void {
      requests.observe(requests.cell(method, route ?? UNMATCHED_ROUTE, status), seconds);
    },
    keptAnswerCounter: keptCell,
    bidAccepted(): void {
      accepted.value++;
    },
    bidRefused(reason: string): void {
      bidsRefused.cell(reason).value++;
    },
    socketConnected(): void {
      connected.value++;
    },
    socketMessageSent(): void {
      sent.value++;
    },
    jobRan(job: string, ok: boolean, seconds: number): void {
      jobRuns.observe(jobRuns.cell(job, ok ? 'ok' : 'failed'), seconds);
    },
    connectionWaited(seconds: number): void {
      connectionWaits.observe(waited, seconds);
    },
    /** A value read when scraped, such as the sockets open now. */
    gauge(name: string, help: string, read: () => number): void {
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    },
    /**
     * Event-loop lag, sampled while the metrics are served (not before: a timer per test app
     * would be waste): the largest and the 99th percentile since the previous scrape, which a
     * single Prometheus reads every 15 s or so. Returns the stop.
     */
    watchEventLoop(): () => void {
      const delay = monitorEventLoopDelay({ resolution: SAMPLE_MS });
      delay.enable();
      const name = 'souq_event_loop_lag_seconds';
      new Gauge({
        name,
        help: `Event-loop lag since the previous scrape: how late a ${SAMPLE_MS} ms timer fired, 99th percentile and largest`,
        labelNames: ['quantile'],
        registers: [registry],
        collect() {
          // Node measures from one sample to the next, the interval included; a histogram with no
          // samples yet reports NaN.
          const seconds = (ns: number) => (Number.isFinite(ns) ? Math.max(0, ns / 1e9 - SAMPLE_MS / 1000) : 0);
          this.set({ quantile: '0.99' }, seconds(delay.percentile(99)));
          this.set({ quantile: '1' }, seconds(delay.max));
          delay.reset();
        },
      });
      return () => {
        delay.disable();
        registry.removeSingleMetric(name);
      };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
