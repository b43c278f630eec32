import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from './metrics.js';

export const METRICS_PATH = '/metrics';

export interface MetricsServer {
  listen(host: string, port: number): Promise<void>;
  /** Where it listens (tests ask for port 0). */
  address(): AddressInfo;
  close(): Promise<void>;
}

/**
 * `/metrics` on a port of its own (METRICS_PORT), never the public one: the numbers say how busy
 * the shop is and which routes fail, which is nobody's business outside, and a scraper's request
 * should not count in what it measures. Anything else on that port is a 404.
 */
export function createMetricsServer(
  metrics: Pick<Metrics, 'registry' | 'watchEventLoop'>,
  log: FastifyBaseLogger,
): MetricsServer {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== METRICS_PATH) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: try /metrics\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (err: unknown) => {
        log.error({ err }, 'metrics: could not collect');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Could not collect the metrics.\n');
      },
    );
  });
  let stopWatching: (() => void) | undefined;
  return {
    async listen(host, port) {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      stopWatching = metrics.watchEventLoop();
      const { address, port: bound } = server.address() as AddressInfo;
      log.info(`metrics on http://${address}:${bound}/metrics`);
    },
    address: () => server.address() as AddressInfo,
    async close() {
      stopWatching?.();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
