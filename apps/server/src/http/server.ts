import http from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import type { EarlyAnswer } from './shared-answers.js';

/**
 * The HTTP server Fastify would make (same timeouts), with one step in front of Fastify: a request
 * the early path can answer from a kept answer never reaches Fastify (ADR 0027).
 */
export function createHttpServer(
  handler: http.RequestListener,
  options: FastifyServerOptions,
  earlyAnswer: EarlyAnswer,
): http.Server {
  const server = http.createServer((req, res) => {
    if (!earlyAnswer(req, res, () => handler(req, res))) handler(req, res);
  });
  if (options.keepAliveTimeout) server.keepAliveTimeout = options.keepAliveTimeout;
  if (options.requestTimeout) server.requestTimeout = options.requestTimeout;
  if (options.connectionTimeout) server.setTimeout(options.connectionTimeout);
  if (options.maxRequestsPerSocket && options.maxRequestsPerSocket > 0)
    server.maxRequestsPerSocket = options.maxRequestsPerSocket;
  return server;
}
