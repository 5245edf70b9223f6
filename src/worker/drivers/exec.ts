import { execFile, spawn } from 'node:child_process';
import { DeviceDriverError } from '../driver-error';

export interface RunResult {
  stdout: Buffer;
  stderr: string;
  exitCode: number;
}

/** Runs a program to completion. The one seam the android and ios drivers use to reach tools. */
export type Run = (cmd: string, args: string[], opts?: { timeoutMs?: number }) => Promise<RunResult>;

/** Starts a long-running program (an emulator) and returns a handle to stop it. */
export type SpawnDetached = (cmd: string, args: string[]) => { pid: number | undefined; kill: () => void };

export const execRun: Run = (cmd, args, opts = {}) =>
  new Promise((resolve, reject) => {
    execFile(cmd, args, { encoding: 'buffer', maxBuffer: 128 * 1024 * 1024, timeout: opts.timeoutMs ?? 60_000 }, (err, stdout, stderr) => {
      const e = err as (NodeJS.ErrnoException & { code?: string | number }) | null;
      if (e && e.code === 'ENOENT') {
        reject(new DeviceDriverError('TOOL_FAILED', `${cmd} is not installed or not on PATH`));
        return;
      }
      resolve({ stdout: stdout ?? Buffer.alloc(0), stderr: (stderr ?? Buffer.alloc(0)).toString('utf8'), exitCode: typeof e?.code === 'number' ? e.code : e ? 1 : 0 });
    });
  });

export const spawnDetached: SpawnDetached = (cmd, args) => {
  const child = spawn(cmd, args, { stdio: 'ignore', detached: false });
  child.on('error', () => undefined);
  return { pid: child.pid, kill: () => child.kill('SIGTERM') };
};

/** Runs and returns stdout as text; a non-zero exit becomes TOOL_FAILED with the tool's message. */
export async function runText(run: Run, cmd: string, args: string[], opts?: { timeoutMs?: number }): Promise<string> {
  const r = await run(cmd, args, opts);
  const out = r.stdout.toString('utf8');
  if (r.exitCode !== 0) {
    const msg = (r.stderr.trim() || out.trim()).split('\n').slice(-3).join(' ').slice(0, 500);
    throw new DeviceDriverError('TOOL_FAILED', `${cmd} ${args.slice(0, 4).join(' ')} failed: ${msg || `exit ${r.exitCode}`}`);
  }
  return out;
}
