import { TaskPool, TaskPoolError, threadModule } from '../../../threads/task-pool';
import { ScriptError, SCRIPT_LIMITS, type ScriptState } from './maestro-script';
import type { ScriptOutcome, ScriptTask } from './maestro-script.worker';

/** A script gets this long on its thread before the thread is replaced (QuickJS stops it at SCRIPT_LIMITS.timeMs first). */
const HARD_TIME_MS = 3 * SCRIPT_LIMITS.timeMs;

let pool: TaskPool<ScriptTask, ScriptOutcome> | null = null;

/**
 * Runs a flow's script off the event loop, on the thread pool the YAML and package readers use
 * (src/threads/task-pool.ts): QuickJS bounds its time, heap and stack; a script that still holds
 * its thread past HARD_TIME_MS loses the thread.
 */
export async function runSandboxed(
  code: string,
  state: ScriptState,
  extra: Record<string, string> = {},
): Promise<{ value: unknown; output: Record<string, unknown>; maestroVars: Record<string, unknown>; logs: string[] }> {
  pool ??= new TaskPool(threadModule(import.meta.url, 'maestro-script.worker'), {
    threads: 2,
    maxQueue: 64,
    heapMb: 64,
    stackMb: 4,
    idleMs: 30_000,
    timeMs: HARD_TIME_MS,
  });
  let outcome: ScriptOutcome;
  try {
    outcome = await pool.run({ code, state, extra });
  } catch (err) {
    if (!(err instanceof TaskPoolError)) throw err;
    if (err.kind === 'busy') throw new ScriptError('too many scripts are running right now');
    if (err.kind === 'timeout') throw new ScriptError(`the script ran longer than ${HARD_TIME_MS} ms`);
    throw new ScriptError(`the script needs more than ${SCRIPT_LIMITS.memoryBytes / 1024 / 1024} MB`);
  }
  if (!outcome.ok) throw new ScriptError(outcome.error);
  return outcome;
}

/** Stops the script threads (at shutdown). */
export async function closeMaestroScripts(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.close();
}
