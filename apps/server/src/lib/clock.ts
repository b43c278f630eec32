/** The server is the clock (DESIGN.md): the current time as stored, UTC ISO-8601; tests inject `now`. */
export function isoClock(now: () => Date = () => new Date()): () => string {
  return () => now().toISOString();
}
