import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** What `simdeck login` keeps: where the server is, the bearer token, and who it belongs to. */
export interface StoredLogin {
  url: string;
  token: string;
  /** `api_token` (a tok_ token given to login) or `access_token` (a sign-in with email and password). */
  kind: 'api_token' | 'access_token';
  email?: string;
  role?: string;
  organization_id?: number;
  organization_name?: string;
}

/** `$XDG_CONFIG_HOME/simdeck/config.json`, else `~/.config/simdeck/config.json`. */
export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  const base =
    env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME)
      ? env.XDG_CONFIG_HOME
      : path.join(os.homedir(), '.config');
  return path.join(base, 'simdeck', 'config.json');
}

export function readLogin(env: NodeJS.ProcessEnv = process.env): StoredLogin | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(configPath(env), 'utf8')) as Partial<StoredLogin>;
    return typeof parsed.url === 'string' && typeof parsed.token === 'string' ? (parsed as StoredLogin) : null;
  } catch {
    return null;
  }
}

/** Written with mode 600 (and its directory 700): the file holds a bearer token. */
export function writeLogin(login: StoredLogin, env: NodeJS.ProcessEnv = process.env): string {
  const file = configPath(env);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(login, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(tmp, file);
  fs.chmodSync(file, 0o600);
  return file;
}

export function removeLogin(env: NodeJS.ProcessEnv = process.env): boolean {
  const file = configPath(env);
  if (!fs.existsSync(file)) return false;
  fs.rmSync(file);
  return true;
}

/** The server and token to use: SIMDECK_URL / SIMDECK_TOKEN override what login stored. */
export function resolveLogin(
  env: NodeJS.ProcessEnv = process.env,
): { url: string; token: string; source: 'env' | 'config' | 'mixed'; stored: StoredLogin | null } | null {
  const stored = readLogin(env);
  const url = env.SIMDECK_URL || stored?.url;
  const token = env.SIMDECK_TOKEN || stored?.token;
  if (!url || !token) return null;
  const fromEnv = [!!env.SIMDECK_URL, !!env.SIMDECK_TOKEN];
  const source = fromEnv.every(Boolean) ? 'env' : fromEnv.some(Boolean) ? 'mixed' : 'config';
  return { url: normaliseUrl(url), token, source, stored };
}

/** The server's base address without a trailing slash or the /api/v1 suffix. */
export function normaliseUrl(url: string): string {
  return url
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/api\/v1$/, '');
}
