import type { FastifyRequest } from 'fastify';

/** Query parameters that are credentials: email links' tokens, and OAuth's code and state. */
const SECRET_PARAMS = /([?&](?:token|code|state)=)[^&#]*/gi;

/** A URL as it may be logged: secrets in its query replaced, so a log reader cannot use a live link. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/** Fastify's request log line, with the URL redacted (the default serializer logs it whole). */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
