import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { createContainer } from './container';
import { runMigrations } from './db/migrate';
import { onUnhandledRejection, whileDatabaseUnavailable } from './db/availability';
import { embeddedDataDir, startEmbeddedPostgres } from './db/embedded';
import { createJobHandlers } from './jobs/handlers';
import { createLogger } from './logging';
import { recordEmbeddedUrl } from './cli/operator-database';
import { resolveSecrets } from './secrets';
import { startInProcessWorker } from './modules/sessions/sessions.runtime';
import { CONSOLE_DIST } from './http/console';
import { startMessage } from './start-message';

/**
 * Starts simdeck and stops it cleanly on SIGINT or SIGTERM. The handlers are installed before
 * anything starts: a signal that arrives while the embedded PostgreSQL boots or migrations run
 * stops what has started so far, so no database outlives the process.
 */
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

  /** What has started, stopped in reverse order on shutdown. */
  const running: Array<() => Promise<void> | void> = [];
  let stopping = false;

  const start = async (): Promise<void> => {
    if (!config.db.url) {
      const pgDataDir = embeddedDataDir(config.dataDir);
      log.info({ dataDir: pgDataDir }, 'DATABASE_URL not set: starting the embedded PostgreSQL');
      const embedded = await startEmbeddedPostgres({ dataDir: pgDataDir, password: secrets.embeddedDatabasePassword });
      running.push(() => embedded.stop());
      if (embedded.rotatedFromLegacyPassword)
        log.warn(
          'the embedded PostgreSQL had the old fixed superuser password; it now has the one generated into DATA_DIR/secrets.json',
        );
      config = { ...config, db: { ...config.db, url: embedded.url } };
      // Operator commands (simdeck worker-token) find the running embedded database through this.
      running.push(recordEmbeddedUrl(config.dataDir, embedded.url));
    }
    if (stopping) return;
    // A replica started while its database restarts waits for it (up to a minute).
    await whileDatabaseUnavailable(() => runMigrations(config.db.url!), { log });
    if (stopping) return;
    const container = createContainer(config, secrets, { log });
    running.push(() => container.close());
    await container.jobs.start();
    await container.jobs.work(createJobHandlers(container));
    const app = await buildApp(container);
    running.push(() => app.close());
    if (stopping) return;
    const address = await app.listen({ port: config.server.port, host: config.server.host });
    if (stopping || !config.workers.inProcess) return;
    const worker = await startInProcessWorker(container, address);
    running.push(() => worker.stop());
  };
  const startup = start();

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
      // A signal during startup lets the step under way finish, then stops everything started.
      await startup.catch(() => {});
      for (const stop of running.reverse()) await stop();
      log.info('stopped');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('unhandledRejection', (reason) => void onUnhandledRejection(reason, log));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await startup;
  } catch (err) {
    // Whatever did start (the embedded PostgreSQL above all) must not outlive the failure.
    stopping = true;
    for (const stop of running.reverse()) await Promise.resolve(stop()).catch(() => {});
    throw err;
  }
  if (!stopping) log.info(startMessage(config.server.appUrl, CONSOLE_DIST));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
