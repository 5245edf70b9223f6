import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { createContainer } from './container';
import { runMigrations } from './db/migrate';
import { embeddedDataDir, startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { createJobHandlers } from './jobs/handlers';
import { createLogger } from './logging';
import { recordEmbeddedUrl } from './cli/operator-database';
import { resolveSecrets } from './secrets';
import { startInProcessWorker } from './modules/sessions/sessions.runtime';
import { CONSOLE_DIST } from './http/console';
import { startMessage } from './start-message';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = createLogger(config.server.logLevel);
  const secrets = resolveSecrets(config);

  let embedded: EmbeddedDatabase | undefined;
  // Operator commands (simdeck worker-token) find the running embedded database through this.
  let forgetEmbeddedUrl = () => {};
  if (!config.db.url) {
    const pgDataDir = embeddedDataDir(config.dataDir);
    log.info({ dataDir: pgDataDir }, 'DATABASE_URL not set: starting the embedded PostgreSQL');
    embedded = await startEmbeddedPostgres({ dataDir: pgDataDir, password: secrets.embeddedDatabasePassword });
    if (embedded.rotatedFromLegacyPassword)
      log.warn(
        'the embedded PostgreSQL had the old fixed superuser password; it now has the one generated into DATA_DIR/secrets.json',
      );
    config = { ...config, db: { ...config.db, url: embedded.url } };
    forgetEmbeddedUrl = recordEmbeddedUrl(config.dataDir, embedded.url);
  }
  await runMigrations(config.db.url!);

  const container = createContainer(config, secrets, { log });
  await container.jobs.start();
  await container.jobs.work(createJobHandlers(container));
  const app = await buildApp(container);
  const address = await app.listen({ port: config.server.port, host: config.server.host });
  const worker = config.workers.inProcess ? await startInProcessWorker(container, address) : undefined;
  log.info(startMessage(config.server.appUrl, CONSOLE_DIST));

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.server.shutdownTimeoutMs + 5000);
    force.unref();
    try {
      await worker?.stop();
      await app.close();
      await container.close();
      await embedded?.stop();
      forgetEmbeddedUrl();
      log.info('stopped');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
