import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  config.webDist ??= path.resolve(here, '../../web/dist');

  const { app } = await buildApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing in-flight requests, then closing`);
    // A keep-alive connection that finishes its request after close() began would otherwise stay
    // open until its timeout; sweep idle ones as they appear, and cut everything after 10 s.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    const deadline = setTimeout(() => app.server.closeAllConnections(), 10_000);
    try {
      await app.close();
      clearInterval(sweep);
      clearTimeout(deadline);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Souq is running on ${config.publicUrl} (database: ${config.database.kind}, data: ${config.dataDir})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
