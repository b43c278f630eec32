import { buildApp, type Souq } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';

/**
 * Souq in the bench's own process, for seeding or measuring through its services: no log, no demo
 * data, and no background job running beside what is measured.
 */
export async function inProcessApp(env: Record<string, string>): Promise<Souq> {
  const souq = await buildApp(loadConfig({ ...env, LOG_LEVEL: 'silent', SEED_DEMO: 'false' }));
  await souq.jobs.stop();
  return souq;
}
