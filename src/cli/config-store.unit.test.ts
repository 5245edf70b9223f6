import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { configPath, readLogin, removeLogin, resolveLogin, writeLogin } from './config-store';

describe('the stored login', () => {
  const dirs: string[] = [];
  const tmp = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-config-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  it('lives under XDG_CONFIG_HOME, else ~/.config; written with mode 600 in a 700 directory', () => {
    const xdg = tmp();
    expect(configPath({ XDG_CONFIG_HOME: xdg })).toBe(path.join(xdg, 'simdeck', 'config.json'));
    expect(configPath({ XDG_CONFIG_HOME: 'relative/dir' })).toBe(
      path.join(os.homedir(), '.config', 'simdeck', 'config.json'),
    );
    const file = writeLogin({ url: 'https://s.test', token: 'tok_1', kind: 'api_token' }, { XDG_CONFIG_HOME: xdg });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(readLogin({ XDG_CONFIG_HOME: xdg })).toEqual({ url: 'https://s.test', token: 'tok_1', kind: 'api_token' });
    expect(removeLogin({ XDG_CONFIG_HOME: xdg })).toBe(true);
    expect(readLogin({ XDG_CONFIG_HOME: xdg })).toBeNull();
  });

  it('SIMDECK_URL and SIMDECK_TOKEN override what is stored, each on its own; the URL loses /api/v1 and trailing slashes', () => {
    const xdg = tmp();
    writeLogin({ url: 'https://stored.test', token: 'tok_stored', kind: 'api_token' }, { XDG_CONFIG_HOME: xdg });
    expect(resolveLogin({ XDG_CONFIG_HOME: xdg })).toMatchObject({
      url: 'https://stored.test',
      token: 'tok_stored',
      source: 'config',
    });
    expect(resolveLogin({ XDG_CONFIG_HOME: xdg, SIMDECK_TOKEN: 'tok_env' })).toMatchObject({
      url: 'https://stored.test',
      token: 'tok_env',
      source: 'mixed',
    });
    expect(
      resolveLogin({ XDG_CONFIG_HOME: tmp(), SIMDECK_URL: 'https://env.test/api/v1/', SIMDECK_TOKEN: 'tok_env' }),
    ).toMatchObject({ url: 'https://env.test', token: 'tok_env', source: 'env' });
    expect(resolveLogin({ XDG_CONFIG_HOME: tmp(), SIMDECK_URL: 'https://env.test' })).toBeNull();
  });
});
