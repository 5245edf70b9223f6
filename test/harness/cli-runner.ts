import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

const BIN = path.resolve('bin/simdeck.js');

/**
 * Runs the real `simdeck` binary (bin/simdeck.js, as a user's shell would) asynchronously, so the
 * server under test in this process keeps serving. Each runner has its own config directory.
 */
export class CliRunner {
  readonly home: string;

  constructor(private readonly baseEnv: Record<string, string> = {}) {
    this.home = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-cli-'));
  }

  get configFile(): string {
    return path.join(this.home, 'config', 'simdeck', 'config.json');
  }

  run(args: string[], env: Record<string, string> = {}, timeoutMs = 120_000): Promise<CliResult> {
    return this.start(args, env, timeoutMs).done;
  }

  /** The running process, its output so far, and its end. */
  start(args: string[], env: Record<string, string> = {}, timeoutMs = 120_000) {
    // Only what a shell would pass: no SIMDECK_* of the developer's own environment.
    const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('SIMDECK_')));
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { ...clean, HOME: this.home, XDG_CONFIG_HOME: path.join(this.home, 'config'), ...this.baseEnv, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = { stdout: '', stderr: '' };
    child.stdout.on('data', (d) => (out.stdout += d));
    child.stderr.on('data', (d) => (out.stderr += d));
    const done = new Promise<CliResult>((resolve, reject) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      child.on('error', reject);
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code, ...out });
      });
    });
    return { child, out, done };
  }

  cleanup(): void {
    fs.rmSync(this.home, { recursive: true, force: true });
  }
}
