import type { FastifyInstance } from 'fastify';
import { MSG, refusalOfClientProtocol, type ProtocolRefusal } from '@souq/shared';
import { SESSION_COOKIE } from '../http/session.js';
import type { AccountsService } from '../modules/accounts/service.js';
import type { SouqIo } from './socket-io.js';

/** A socket's way in: a protocol this server speaks, then who its session cookie belongs to (nobody, for a guest). */
export function checkHandshake(
  io: SouqIo,
  app: FastifyInstance,
  deps: { accounts: Pick<AccountsService, 'userForSessionToken'>; log: FastifyInstance['log'] },
) {
  // Before anything else: a tab whose protocol this server cannot speak is told why, typed, and
  // not let in (it reloads, or waits for the deploy to reach this instance).
  io.use((socket, next) => {
    const refusal = refusalOfClientProtocol((socket.handshake.auth as { protocol?: unknown } | undefined)?.protocol);
    if (!refusal) return next();
    const error = new Error(refusal.mismatch) as Error & { data: ProtocolRefusal };
    error.data = refusal;
    next(error);
  });

  io.use((socket, next) => {
    const token = app.parseCookie(socket.request.headers.cookie ?? '')[SESSION_COOKIE];
    deps.accounts.userForSessionToken(token).then(
      (user) => {
        socket.data.userId = user?.id ?? null;
        next();
      },
      (err: unknown) => {
        deps.log.warn({ err }, 'socket handshake: session lookup failed');
        next(new Error(MSG.serverError));
      },
    );
  });
}
