/**
 * Bump it on any change a client of the previous version would misread; the server says its
 * version in `hello`. Apart from the protocol's schemas: the page's shell compares it on every
 * visit, and must not bring zod to a first visit for it (ADR 0023).
 */
export const PROTOCOL_VERSION = 2;
