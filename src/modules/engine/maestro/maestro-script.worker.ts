import { markStarted, type PooledTask } from '../../../threads/task-pool';
import { evaluateInQuickJs, ScriptError, type ScriptState } from './maestro-script';

export interface ScriptTask {
  code: string;
  state: ScriptState;
  extra: Record<string, string>;
}

export type ScriptOutcome =
  | { ok: true; value: unknown; output: Record<string, unknown>; maestroVars: Record<string, unknown>; logs: string[] }
  | { ok: false; error: string };

/** Runs on a thread of the script pool: one evaluation in QuickJS; failures travel back as data. */
export default async function runScriptTask(task: PooledTask<ScriptTask>): Promise<ScriptOutcome> {
  markStarted(task);
  try {
    return { ok: true, ...(await evaluateInQuickJs(task.input.code, task.input.state, task.input.extra)) };
  } catch (err) {
    if (err instanceof ScriptError) return { ok: false, error: err.message };
    return { ok: false, error: err instanceof Error ? err.message.slice(0, 300) : String(err) };
  }
}
