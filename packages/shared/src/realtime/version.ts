/**
 * Bump it on any change a client of the previous version would misread. Both sides say theirs:
 * the tab in its handshake (`auth.protocol`), the server in `hello`. Apart from the protocol's
 * schemas: the page's shell compares it on every visit, and must not bring zod to a first visit
 * for it (ADR 0023).
 */
export const PROTOCOL_VERSION = 2;

/** The oldest tab this server still serves; raise it when the server stops sending what older tabs read. */
export const OLDEST_CLIENT_PROTOCOL = 2;

/** Tabs from before the handshake carried a version send none: they speak this one. */
const SILENT_CLIENT_PROTOCOL = 2;

/** Why a tab and a server cannot talk: the tab must reload, or wait for the server's deploy to reach it. */
export type ProtocolMismatch = 'client-too-old' | 'server-too-old';

/** The `data` of the handshake error a server answers a tab it cannot serve with (Socket.IO's connect_error). */
export interface ProtocolRefusal {
  code: 'PROTOCOL_MISMATCH';
  mismatch: ProtocolMismatch;
  serverVersion: number;
  oldestClient: number;
}

/** The server's word on a tab's handshake version: null when it can serve it. */
export function refusalOfClientProtocol(sent: unknown): ProtocolRefusal | null {
  const version = sent === undefined ? SILENT_CLIENT_PROTOCOL : sent;
  const valid = typeof version === 'number' && Number.isInteger(version) && version > 0;
  const mismatch: ProtocolMismatch | null =
    !valid || version < OLDEST_CLIENT_PROTOCOL
      ? 'client-too-old'
      : version > PROTOCOL_VERSION
        ? 'server-too-old'
        : null;
  return mismatch
    ? { code: 'PROTOCOL_MISMATCH', mismatch, serverVersion: PROTOCOL_VERSION, oldestClient: OLDEST_CLIENT_PROTOCOL }
    : null;
}

/** A handshake error's data, if it is the server's protocol refusal. */
export function protocolRefusalOf(data: unknown): ProtocolRefusal | null {
  const d = data as Partial<ProtocolRefusal> | null | undefined;
  return d?.code === 'PROTOCOL_MISMATCH' && (d.mismatch === 'client-too-old' || d.mismatch === 'server-too-old')
    ? (d as ProtocolRefusal)
    : null;
}
