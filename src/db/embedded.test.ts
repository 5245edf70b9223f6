import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { resolveSecrets } from '../secrets';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded';

/** The password every embedded database had before it was generated per data directory. */
const OLD_CONSTANT = 'simdeck';

const dirs: string[] = [];
const servers: EmbeddedDatabase[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop().catch(() => {});
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** A DATA_DIR under /tmp that the postgres user can reach when the tests run as root. */
function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-embedded-'));
  fs.chmodSync(dir, 0o755);
  dirs.push(dir);
  return dir;
}

async function start(options: Parameters<typeof startEmbeddedPostgres>[0]): Promise<EmbeddedDatabase> {
  const server = await startEmbeddedPostgres(options);
  servers.push(server);
  return server;
}

async function stop(server: EmbeddedDatabase): Promise<void> {
  await server.stop();
  servers.splice(servers.indexOf(server), 1);
}

/** Connects as the superuser with `password`: 'ok', or the SQLSTATE of the refusal. */
async function loginAs(url: string, password: string): Promise<string> {
  const u = new URL(url);
  u.password = encodeURIComponent(password);
  const client = new pg.Client({ connectionString: u.toString(), connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return 'ok';
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  } finally {
    await client.end().catch(() => {});
  }
}

const INVALID_PASSWORD = '28P01';

describe('embedded PostgreSQL superuser password', { timeout: 180_000 }, () => {
  it('is random per data directory, kept in secrets.json, and survives a restart; the old constant is refused', async () => {
    const [one, two] = [dataDir(), dataDir()];
    const secrets = resolveSecrets(loadConfig({ DATA_DIR: one }));
    const other = resolveSecrets(loadConfig({ DATA_DIR: two }));
    expect(secrets.embeddedDatabasePassword).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(secrets.embeddedDatabasePassword).not.toBe(other.embeddedDatabasePassword);
    const file = path.join(one, 'secrets.json');
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).embeddedDatabasePassword).toBe(secrets.embeddedDatabasePassword);
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    expect(resolveSecrets(loadConfig({ DATA_DIR: one })).embeddedDatabasePassword).toBe(
      secrets.embeddedDatabasePassword,
    );

    const pgDir = path.join(one, 'postgres');
    let server = await start({ dataDir: pgDir, password: secrets.embeddedDatabasePassword });
    expect(decodeURIComponent(new URL(server.url).password)).toBe(secrets.embeddedDatabasePassword);
    expect(await loginAs(server.url, secrets.embeddedDatabasePassword)).toBe('ok');
    expect(await loginAs(server.url, OLD_CONSTANT)).toBe(INVALID_PASSWORD);
    expect(await loginAs(server.url, '')).not.toBe('ok');
    expect(server.rotatedFromLegacyPassword).toBe(false);
    await stop(server);

    server = await start({ dataDir: pgDir, password: secrets.embeddedDatabasePassword });
    expect(await loginAs(server.url, secrets.embeddedDatabasePassword)).toBe('ok');
    expect(await loginAs(server.url, OLD_CONSTANT)).toBe(INVALID_PASSWORD);
    await stop(server);
  });

  it('a throwaway server without a password gets a random one', async () => {
    const server = await start({ dataDir: path.join(dataDir(), 'pg'), persistent: false });
    const password = decodeURIComponent(new URL(server.url).password);
    expect(password.length).toBeGreaterThanOrEqual(32);
    expect(await loginAs(server.url, OLD_CONSTANT)).toBe(INVALID_PASSWORD);
    await stop(server);
  });

  it('a data directory initialised with the old constant is rotated to the generated password at start', async () => {
    const pgDir = path.join(dataDir(), 'postgres');
    await stop(await start({ dataDir: pgDir, password: OLD_CONSTANT }));
    const generated = resolveSecrets(loadConfig({ DATA_DIR: path.dirname(pgDir) })).embeddedDatabasePassword;
    const server = await start({ dataDir: pgDir, password: generated });
    expect(server.rotatedFromLegacyPassword).toBe(true);
    expect(await loginAs(server.url, generated)).toBe('ok');
    expect(await loginAs(server.url, OLD_CONSTANT)).toBe(INVALID_PASSWORD);
    await stop(server);
  });

  it('a data directory that takes neither password stops its server and says what to do', async () => {
    const pgDir = path.join(dataDir(), 'postgres');
    await stop(await start({ dataDir: pgDir, password: 'the-password-of-a-lost-secrets-file' }));
    await expect(start({ dataDir: pgDir, password: 'a-freshly-generated-password-000' })).rejects.toThrow(
      /does not accept the password kept in DATA_DIR\/secrets\.json.*restore/i,
    );
    // Its server did not stay behind: the directory starts again with the right password.
    const server = await start({ dataDir: pgDir, password: 'the-password-of-a-lost-secrets-file' });
    expect(await loginAs(server.url, 'the-password-of-a-lost-secrets-file')).toBe('ok');
    await stop(server);
  });
});
