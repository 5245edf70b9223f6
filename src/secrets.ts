import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config';

export interface Secrets {
  jwtSecret: string;
  /** 32-byte key for AES-256-GCM encryption of stored credentials. */
  secretKey: Buffer;
  workerToken: string;
  /** Signs package download links for workers (never a worker credential). */
  fileLinkKey: string;
  /** Superuser password of the embedded PostgreSQL (unused with DATABASE_URL). */
  embeddedDatabasePassword: string;
}

type StoredSecrets = Partial<
  Record<'jwtSecret' | 'secretKey' | 'workerToken' | 'fileLinkKey' | 'embeddedDatabasePassword', string>
>;

/**
 * Secrets from the environment, or generated once and kept in DATA_DIR/secrets.json (mode 600)
 * so that a fresh `npm start` works and restarts keep tokens, encrypted data and the embedded
 * database's password valid.
 */
export function resolveSecrets(config: Config): Secrets {
  const file = path.join(config.dataDir, 'secrets.json');
  let stored: StoredSecrets = {};
  if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, 'utf8'));
  const next = {
    jwtSecret: stored.jwtSecret ?? randomBytes(48).toString('base64url'),
    secretKey: stored.secretKey ?? randomBytes(32).toString('hex'),
    workerToken: stored.workerToken ?? `wkr_${randomBytes(24).toString('base64url')}`,
    fileLinkKey: stored.fileLinkKey ?? randomBytes(32).toString('base64url'),
    embeddedDatabasePassword: stored.embeddedDatabasePassword ?? randomBytes(24).toString('base64url'),
  };
  const changed = (Object.keys(next) as Array<keyof typeof next>).some((k) => next[k] !== stored[k]);
  // The file-link key and the database password live only in the file: a new one is always written.
  const needsFile =
    !config.auth.jwtSecret ||
    !config.secretKey ||
    !config.workers.token ||
    !config.db.url ||
    next.fileLinkKey !== stored.fileLinkKey;
  if (changed && needsFile) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(next, null, 2), { mode: 0o600 });
  }
  return {
    jwtSecret: config.auth.jwtSecret ?? next.jwtSecret,
    secretKey: Buffer.from(config.secretKey ?? next.secretKey, 'hex'),
    workerToken: config.workers.token ?? next.workerToken,
    fileLinkKey: next.fileLinkKey,
    embeddedDatabasePassword: next.embeddedDatabasePassword,
  };
}
