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

  /** Runs to the end; `input` is piped to its standard input (none: no standard input at all). */
  run(args: string[], env: Record<string, string> = {}, timeoutMs = 120_000, input?: string): Promise<CliResult> {
    return this.start(args, env, timeoutMs, input).done;
  }

  /** The running process, its output so far, and its end. */
  start(args: string[], env: Record<string, string> = {}, timeoutMs = 120_000, input?: string) {
    return this.spawnWith(process.execPath, [BIN, ...args], env, timeoutMs, input);
  }

  /**
   * The binary on a pseudo-terminal (util-linux `script`), as a person at a terminal runs it: what
   * is written to `child.stdin` is typed, and stdout carries everything the terminal shows.
   */
  startOnTerminal(args: string[], env: Record<string, string> = {}, timeoutMs = 120_000) {
    const command = [process.execPath, BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
    return this.spawnWith('script', ['-qec', command, '/dev/null'], env, timeoutMs, null);
  }

  /** `input` undefined: no standard input; a string: piped, then closed; null: a pipe left open. */
  private spawnWith(
    cmd: string,
    argv: string[],
    env: Record<string, string>,
    timeoutMs: number,
    input?: string | null,
  ) {
    // Only what a shell would pass: no SIMDECK_* of the developer's own environment.
    const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('SIMDECK_')));
    const child = spawn(cmd, argv, {
      env: { ...clean, HOME: this.home, XDG_CONFIG_HOME: path.join(this.home, 'config'), ...this.baseEnv, ...env },
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    if (typeof input === 'string') child.stdin!.end(input);
    const out = { stdout: '', stderr: '' };
    child.stdout!.on('data', (d) => (out.stdout += d));
    child.stderr!.on('data', (d) => (out.stderr += d));
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
