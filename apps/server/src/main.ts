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

  let built;
  try {
    built = await buildApp(config);
  } catch (error) {
    // Settings that looked right but lead nowhere (a bucket that cannot be reached) are reported the same way.
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { app, drain, withdraw } = built;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    try {
      // Readiness first: the balancer stops sending people here while everyone is still served.
      withdraw();
      if (config.shutdownNoticeMs > 0) {
        app.log.info(
          `${signal}: /api/ready answers 503 now; still serving for ${config.shutdownNoticeMs} ms while the balancer notices`,
        );
        await new Promise((resolve) => setTimeout(resolve, config.shutdownNoticeMs));
      }
      app.log.info(`${signal}: finishing in-flight requests, then closing`);
      // New requests are answered 503 meanwhile, so nothing is refused or reset while the listener is open.
      await drain(config.shutdownGraceMs);
      // Every request has its answer; a connection that still will not close after a moment is cut.
      const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
      const cut = setTimeout(() => app.server.closeAllConnections(), 2000);
      await app.close();
      clearInterval(sweep);
      clearTimeout(cut);
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
