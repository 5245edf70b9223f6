import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedDataDir, freePort } from '../../src/db/embedded';

/** Whether anything accepts connections on the loopback port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms: number): Promise<T> {
  for (const end = Date.now() + ms; ; ) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('npm start', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-npm-start-'));
  // Reachable by the postgres user when the tests run as root: the database then lives inside it.
  fs.chmodSync(dataDir, 0o755);
  let child: ChildProcess | undefined;
  let postmaster: number | undefined;

  afterAll(() => {
    // A failed run must not leave a server or a database behind on the shared machine.
    if (child?.pid && alive(child.pid)) child.kill('SIGKILL');
    if (postmaster && alive(postmaster)) process.kill(postmaster, 'SIGQUIT');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops the server and its embedded PostgreSQL when the PID it gave gets SIGTERM', async () => {
    const port = await freePort();
    const log: string[] = [];
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|REDIS_URL|STRIPE_|SMTP_URL|NODE_ENV)/.test(k)),
    );
    child = spawn('npm', ['start'], {
      env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => log.push(String(d)));
    child.stderr!.on('data', (d) => log.push(String(d)));
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));

    const health = await until(
      'GET /healthz',
      () =>
        fetch(`http://127.0.0.1:${port}/healthz`)
          .then((r) => (r.ok ? r.status : undefined))
          .catch(() => undefined),
      240_000,
    ).catch((err) => {
      throw new Error(`${err.message}\n${log.join('')}`);
    });
    expect(health).toBe(200);
    const pidFile = path.join(embeddedDataDir(dataDir), 'postmaster.pid');
    postmaster = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    expect(alive(postmaster)).toBe(true);

    process.kill(child.pid!, 'SIGTERM');
    expect(await exited).toBe(0);
    await until('the server to close its port', async () => ((await listening(port)) ? undefined : true), 15_000);
    await until('the embedded PostgreSQL to stop', () => (alive(postmaster!) ? undefined : true), 15_000);
    expect(fs.existsSync(pidFile)).toBe(false);
  }, 300_000);
});
