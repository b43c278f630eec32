/**
 * A backup or a restore that cannot go on. Its message is the whole report: one line a person
 * reads on stderr and can act on, so it names the file, the setting or the flag concerned.
 */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** Any failure as that one line: a config error's indented list and a tool's stderr are folded. */
export function oneLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text
    .split('\n')
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}
