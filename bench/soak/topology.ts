import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundle } from '../../scripts/build.mjs';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/db/embedded';

/**
 * The processes of the soak, each one the soak can kill and start again: the embedded PostgreSQL
 * (started the way `npm start` starts it, with a data directory of its own), a `redis-server`,
 * control-plane replicas (the bundle of `src/main.ts` in a child process, as `npm start` runs it, on the shared
 * database and Redis) and a device worker (`simdeck worker`).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const REDIS_SERVER = process.env.SOAK_REDIS_SERVER ?? '/usr/bin/redis-server';

/** Resident set size of a process in MB (Linux /proc), or null when it is gone. */
export function rssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A child process the soak supervises: started, killed with SIGKILL, started again; its output goes to a log file. */
export class Proc {
  child: ChildProcess | null = null;
  /** When the current incarnation started (ms since epoch). */
  startedAt = 0;
  restarts = 0;
  /** Exits the soak did not cause, as `name: code/signal`; such a process is started again after a second, as a supervisor would. */
  readonly unplannedExits: string[] = [];
  private planned = false;
  constructor(
    readonly name: string,
    private readonly cmd: () => { file: string; args: string[]; env: NodeJS.ProcessEnv },
    private readonly logFile: string,
  ) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): void {
    const { file, args, env } = this.cmd();
    const out = fs.openSync(this.logFile, 'a');
    fs.writeSync(out, `\n--- ${new Date().toISOString()} start ${this.name}\n`);
    const child = spawn(file, args, { cwd: ROOT, env, stdio: ['ignore', out, out] });
    this.child = child;
    this.planned = false;
    fs.closeSync(out);
    this.startedAt = Date.now();
    child.once('exit', (code, signal) => {
      if (this.planned || this.child !== child) return;
      this.unplannedExits.push(`${this.name}: ${code ?? signal}`);
      console.log(`[soak] ${this.name} exited on its own (${code ?? signal}); starting it again`);
      setTimeout(() => {
        if (this.child === child && !this.planned) this.restart();
      }, 1000);
    });
  }

  /** kill -9, then waits for the exit. */
  async kill9(): Promise<void> {
    const child = this.child;
    this.planned = true;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((r) => {
      child.once('exit', () => r());
      child.kill('SIGKILL');
    });
  }

  /** SIGTERM, then SIGKILL after `graceMs`. */
  async stop(graceMs = 10_000): Promise<void> {
    const child = this.child;
    this.planned = true;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((r) => {
      const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
      child.once('exit', () => {
        clearTimeout(force);
        r();
      });
      child.kill('SIGTERM');
    });
  }

  restart(): void {
    this.restarts++;
    this.start();
  }
}

/** Waits until `url` answers 200 (a replica's /healthz). */
export async function untilHealthy(url: string, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const r = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (r.ok) return;
    } catch {}
    if (Date.now() > until) throw new Error(`${url} did not become healthy`);
    await sleep(250);
  }
}

export interface Topology {
  dir: string;
  databaseUrl: string;
  redisUrl: string;
  replicas: Array<{ proc: Proc; url: string }>;
  worker: Proc;
  redis: Proc;
  secrets: { jwt: string; key: string; worker: string };
  /** Stops PostgreSQL (a fast shutdown), and starts it again on the same port and data. */
  stopPostgres(): Promise<void>;
  startPostgres(): Promise<void>;
  postgresPid(): number | undefined;
  /** Waits until the worker's current process has connected (its log says so). */
  untilWorkerConnected(timeoutMs?: number): Promise<void>;
  /**
   * Waits until every replica is back on Redis: its heartbeat key written again and its
   * subscriber on the shared `devices` channel, as Redis itself reports them.
   */
  untilRedisRecovered(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startTopology(opts: {
  dir: string;
  replicas: number;
  devices: string;
  env: Record<string, string>;
}): Promise<Topology> {
  const { dir } = opts;
  fs.chmodSync(dir, 0o755);
  const password = `soak-${Math.random().toString(36).slice(2, 14)}`;
  const pgPort = await freePort();
  const pgDir = path.join(dir, 'postgres');
  let pg: EmbeddedDatabase | null = null;
  let pgPid: number | undefined;
  const startPostgres = async () => {
    pg = await startEmbeddedPostgres({
      dataDir: pgDir,
      password,
      port: pgPort,
      onLog: (line) => {
        fs.appendFileSync(path.join(dir, 'postgres.log'), line);
        const m = /postmaster.pid|PID (\d+)/.exec(line);
        if (m?.[1]) pgPid = Number(m[1]);
      },
    });
    // The postmaster's pid, for its RSS.
    try {
      pgPid = Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    } catch {}
  };
  await startPostgres();
  const databaseUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/simdeck`;

  const redisPort = await freePort();
  const redis = new Proc(
    'redis',
    () => ({
      file: REDIS_SERVER,
      args: ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      env: process.env,
    }),
    path.join(dir, 'redis.log'),
  );
  redis.start();
  const redisUrl = `redis://127.0.0.1:${redisPort}`;
  await untilRedis(redisPort);

  const secrets = {
    jwt: `soak-jwt-${'x'.repeat(40)}`,
    key: '7'.repeat(64),
    worker: `soak-worker-token-${Math.random().toString(36).slice(2)}`,
  };
  const dataDir = path.join(dir, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  // The replicas run as `npm start` runs simdeck: the bundle, with the node flags of its script.
  const main = path.join(ROOT, 'dist', 'main.mjs');
  await bundle('src/main.ts', main);
  const replicas: Topology['replicas'] = [];
  for (let i = 0; i < opts.replicas; i++) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const proc = new Proc(
      `replica-${i + 1}`,
      () => ({
        file: process.execPath,
        args: [...startFlags(), main],
        env: {
          ...process.env,
          ...opts.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          APP_URL: url,
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          REDIS_URL: redisUrl,
          JWT_SECRET: secrets.jwt,
          SECRET_KEY: secrets.key,
          WORKER_TOKEN: secrets.worker,
          IN_PROCESS_WORKER: 'false',
          LOG_LEVEL: 'warn',
          // SOAK_HEAP=1: `kill -USR2 <pid>` writes a heap snapshot of the replica into the soak's directory.
          ...(process.env.SOAK_HEAP
            ? {
                NODE_OPTIONS:
                  `${process.env.NODE_OPTIONS ?? ''} --heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${dir}`.trim(),
              }
            : {}),
        },
      }),
      path.join(dir, `replica-${i + 1}.log`),
    );
    proc.start();
    // One at a time: the first applies the migrations.
    await untilHealthy(url);
    replicas.push({ proc, url });
  }

  const worker = new Proc(
    'worker',
    () => ({
      file: process.execPath,
      args: [
        path.join(ROOT, 'bin', 'simdeck.js'),
        'worker',
        '--server',
        replicas[0]!.url,
        '--id',
        'soak-worker',
        '--driver',
        'virtual',
        '--devices',
        opts.devices,
      ],
      env: { ...process.env, WORKER_TOKEN: secrets.worker, TMPDIR: dir },
    }),
    path.join(dir, 'worker.log'),
  );
  worker.start();

  return {
    dir,
    databaseUrl,
    redisUrl,
    replicas,
    worker,
    redis,
    secrets,
    stopPostgres: async () => {
      await pg?.stop();
      pg = null;
    },
    startPostgres,
    postgresPid: () => pgPid,
    async untilWorkerConnected(timeoutMs = 120_000) {
      const logFile = path.join(dir, 'worker.log');
      const until = Date.now() + timeoutMs;
      for (;;) {
        const text = fs.readFileSync(logFile, 'utf8');
        const last = text.slice(text.lastIndexOf('start worker'));
        if (last.includes('worker connected to')) return;
        if (Date.now() > until) throw new Error('the worker did not reconnect');
        await sleep(250);
      }
    },
    async untilRedisRecovered(timeoutMs = 120_000) {
      const { Redis } = await import('ioredis');
      const prefix = process.env.REDIS_PREFIX ?? 'simdeck:';
      const redisClient = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => 250 });
      redisClient.on('error', () => {});
      const until = Date.now() + timeoutMs;
      try {
        for (;;) {
          try {
            if (redisClient.status === 'wait') await redisClient.connect();
            const beats = await redisClient.keys(`${prefix}replica:*`);
            const subs = (await redisClient.pubsub('NUMSUB', `${prefix}devices`)) as [string, number];
            if (beats.length >= replicas.length && Number(subs[1]) >= replicas.length) return;
          } catch {}
          if (Date.now() > until) throw new Error('the replicas did not come back on Redis');
          await sleep(250);
        }
      } finally {
        redisClient.disconnect();
      }
    },
    async close() {
      await worker.stop();
      for (const r of replicas) await r.proc.stop(15_000);
      await redis.stop();
      await pg?.stop();
    },
  };
}

/** The node flags of `npm start` (package.json), e.g. `--enable-source-maps`. */
function startFlags(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  return pkg.scripts.start.split(/\s+/).filter((a) => a.startsWith('--'));
}

async function untilRedis(port: number): Promise<void> {
  const net = await import('node:net');
  const until = Date.now() + 20_000;
  for (;;) {
    const ok = await new Promise<boolean>((r) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        r(true);
      });
      s.on('error', () => r(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error('redis-server did not start');
    await sleep(100);
  }
}
