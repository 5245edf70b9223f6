import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { DeviceDriverError, type DriverErrorCode } from '../driver-error';

export interface RunResult {
  stdout: Buffer;
  stderr: string;
  exitCode: number;
  /** The program ran past its time limit and was killed. */
  timedOut?: boolean;
}

/**
 * Runs a program to completion with an argv array (never through a shell). The one seam the
 * android and ios drivers use to reach tools.
 */
export type Run = (cmd: string, args: string[], opts?: { timeoutMs?: number; input?: Buffer }) => Promise<RunResult>;

/** Starts a long-running program (an emulator) and returns a handle to stop it. */
export type SpawnDetached = (cmd: string, args: string[]) => { pid: number | undefined; kill: () => void };

const DEFAULT_TIMEOUT_MS = 60_000;

export const execRun: Run = (cmd, args, opts = {}) =>
  new Promise((resolve, reject) => {
    const child = execFile(
      cmd,
      args,
      { encoding: 'buffer', maxBuffer: 128 * 1024 * 1024, timeout: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS },
      (err, stdout, stderr) => {
        const e = err as (NodeJS.ErrnoException & { code?: string | number; killed?: boolean }) | null;
        if (e && e.code === 'ENOENT') {
          reject(
            new DeviceDriverError(
              'TOOL_FAILED',
              `${path.basename(cmd)} is not installed on the device host`,
              `spawn ${cmd}: ENOENT`,
            ),
          );
          return;
        }
        resolve({
          stdout: stdout ?? Buffer.alloc(0),
          stderr: (stderr ?? Buffer.alloc(0)).toString('utf8'),
          exitCode: typeof e?.code === 'number' ? e.code : e ? 1 : 0,
          // The child is killed on timeout or on too much output; only the first is a timeout.
          timedOut: e?.killed === true && e.code !== 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER',
        });
      },
    );
    // What the program reads on stdin (simctl pbcopy, simctl push -): given, or nothing.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(opts.input);
  });

export const spawnDetached: SpawnDetached = (cmd, args) => {
  const child = spawn(cmd, args, { stdio: 'ignore', detached: false });
  child.on('error', () => undefined);
  return { pid: child.pid, kill: () => child.kill('SIGTERM') };
};

/** What a failure's output says about the device (offline, busy, ...), in client-safe words. */
export type FailureClassifier = (output: string) => { code: DriverErrorCode; message: string } | null;

export interface ToolCall {
  /** The tool's name for messages (`adb`, `simctl`, `idb`): never the binary's path. */
  tool: string;
  /** What was asked of it for messages, from fixed words only (`am start`, `install`). */
  action: string;
  cmd: string;
  args: string[];
  timeoutMs?: number;
  classify?: FailureClassifier;
  /** What the tool reads on stdin. */
  input?: Buffer;
}

/** The worker-log line of a call: the whole command, its exit and its output. */
function diagnosticOf(call: ToolCall, r: RunResult): string {
  const out = `${r.stderr.trim()}\n${r.stdout.toString('utf8').trim()}`.trim().slice(-2000);
  return `${call.cmd} ${call.args.join(' ').slice(0, 1000)} → ${r.timedOut ? 'timed out' : `exit ${r.exitCode}`}${out ? `: ${out}` : ''}`;
}

/**
 * The error for a call that timed out or failed: TIMEOUT, the classifier's code (device offline,
 * busy, ...), else TOOL_FAILED. The message names the tool and the action; its output is kept
 * for the log.
 */
export function toolFailure(call: ToolCall, r: RunResult): DeviceDriverError {
  const diagnostic = diagnosticOf(call, r);
  if (r.timedOut)
    return new DeviceDriverError('TIMEOUT', `${call.tool} ${call.action} did not finish in time`, diagnostic);
  const known = call.classify?.(`${r.stderr}\n${r.stdout.toString('utf8')}`);
  if (known) return new DeviceDriverError(known.code, known.message, diagnostic);
  return new DeviceDriverError('TOOL_FAILED', `${call.tool} ${call.action} failed`, diagnostic);
}

/** Runs a tool and returns its result whatever the exit code; a timeout is still an error. */
export async function runToolUnchecked(run: Run, call: ToolCall): Promise<RunResult> {
  const r = await run(call.cmd, call.args, { timeoutMs: call.timeoutMs, input: call.input });
  if (r.timedOut) throw toolFailure(call, r);
  return r;
}

/** Runs a tool; a timeout or a non-zero exit becomes `toolFailure`. */
export async function runTool(run: Run, call: ToolCall): Promise<RunResult> {
  const r = await runToolUnchecked(run, call);
  if (r.exitCode !== 0) throw toolFailure(call, r);
  return r;
}

/** `runTool` and its stdout as text. */
export async function runToolText(run: Run, call: ToolCall): Promise<string> {
  return (await runTool(run, call)).stdout.toString('utf8');
}
