/**
 * Database errors that are about the request, not about us, in either dialect. The shared schemas
 * are meant to stop such input first; this is the last line behind them (http/errors.ts), so a gap
 * in a schema costs the client a 4xx and us a warning in the log, not a 500.
 */
export type InputFault =
  /** The value cannot be stored as sent: too long, NUL, out of range, not a number (PostgreSQL class 22). */
  | 'unstorable'
  /** A row it points at was removed meanwhile (a foreign key). */
  | 'gone';

export function inputFaultOf(error: unknown): InputFault | undefined {
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  if (/^22[0-9A-Z]{3}$/.test(code) || code === 'SQLITE_TOOBIG' || code === 'SQLITE_MISMATCH') return 'unstorable';
  if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return 'gone';
  return undefined;
}
