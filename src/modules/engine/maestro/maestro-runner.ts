import path from 'node:path/posix';
import type { Ctx } from '../../../context';
import type { ObjectStorage } from '../../../storage/storage';
import { describeCommand, type CaseRow, type MaestroCommand, type MaestroFlow } from '../../catalogue';
import type { DeviceHandle } from '../../sessions';
import {
  emptyOutcome,
  NOTHING_TIMED,
  stepScreenshotKey,
  worst,
  type CaseOutcome,
  type StepEntry,
} from '../execution/case-outcome';
import type { PerformedAction } from '../steps/device-actions';
import { sleep, waitForSettledScreen } from '../steps/settle';
import type { VisualTiers } from '../visual/visual-compare';
import type { VisualJudge } from '../visual/visual-judge';
import type { RunMode } from '../../../db/schema';
import { act } from './maestro-actions';
import { healTap } from './maestro-healing';
import { CommandFailed, toSelector, visibleNow, type CommandDevice } from './maestro-commands';
import { ScriptError, truthy, type ScriptState } from './maestro-script';
import { runSandboxed } from './maestro-script-pool';
import { addMedia } from './maestro-media';
import { FlowRecordings, RECORDING_COMMANDS, type SessionRecorder } from './maestro-recordings';
import { interpolate, interpolateArgs } from './maestro-vars';

/** `runFlow` nests at most this deep (a flow that runs itself stops here). */
export const MAESTRO_FLOW_DEPTH = 16;
/** A `repeat` runs its commands at most this many times (the run's step budget applies too). */
const MAX_REPEATS = 1000;

export interface MaestroRunInput {
  device: DeviceHandle;
  signal: AbortSignal;
  /** The suite's app, which flows act on when they name none. */
  appPackage: string | null;
  stored: NonNullable<CaseRow['maestroFlow']>;
  /** The run's variables (they override the flow's `env`). */
  variables: Record<string, unknown>;
  runPublicId: string;
  /** For visual comparison of each passed step with its baseline, as other cases' steps are. */
  ctx: Ctx;
  testCase: CaseRow;
  tiers: VisualTiers;
  writesBaselines: boolean;
  /** `hybrid` heals a `tapOn` whose text no longer matches through the step interpreter. */
  mode: RunMode;
  onStep(outcome: CaseOutcome, step: StepEntry): Promise<void>;
}

interface Running extends MaestroRunInput {
  outcome: CaseOutcome;
  state: ScriptState;
  d: CommandDevice;
  budget: { used: number; max: number };
  recordings: FlowRecordings;
}

/** A command failed: the message, already naming the step. */
class FlowFailed extends Error {}

/**
 * Runs a Maestro case: the flow's `onFlowStart`, its commands, then `onFlowComplete` (also after a
 * failure), each command one step of the run's result (`file:line: command`) with its screenshot.
 * Inline and file sub-flows run in place; their commands are steps too.
 */
export class MaestroRunner {
  constructor(
    private readonly deps: { storage: ObjectStorage; maxSteps: number; judge: VisualJudge; recorder: SessionRecorder },
  ) {}

  async run(input: MaestroRunInput): Promise<CaseOutcome> {
    const outcome = emptyOutcome();
    const file = input.stored.files[input.stored.file];
    const flow = file?.flow as MaestroFlow | null | undefined;
    if (!flow) return { ...outcome, status: 'failed', error: `The case's flow ${input.stored.file} is missing` };
    const runVars = Object.fromEntries(
      Object.entries(input.variables).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    );
    const state: ScriptState = {
      output: {},
      variables: {
        ...flow.env,
        ...runVars,
        MAESTRO_FILENAME: path.basename(input.stored.file).replace(/\.ya?ml$/i, ''),
        MAESTRO_DEVICE_UDID: input.device.deviceId,
        MAESTRO_PLATFORM: input.device.platform,
        MAESTRO_SHARD_ID: '1',
        MAESTRO_SHARD_INDEX: '0',
      },
      copiedText: '',
      platform: input.device.platform,
    };
    const d: CommandDevice = {
      device: input.device,
      signal: input.signal,
      appId: input.appPackage ?? flow.appId,
      wait: sleep,
    };
    const recordings = new FlowRecordings(
      this.deps.recorder,
      input.ctx,
      input.device,
      input.testCase.organizationId,
      input.signal,
    );
    const r: Running = { ...input, outcome, state, d, budget: { used: 0, max: this.deps.maxSteps }, recordings };
    let error: string | null = null;
    try {
      await this.runFlowBody(r, flow, input.stored.file, 0);
    } catch (err) {
      if (!(err instanceof FlowFailed)) throw err;
      error = err.message;
    } finally {
      await recordings.finish();
    }
    if (error !== null) {
      outcome.status = 'failed';
      outcome.error = error;
    }
    return outcome;
  }

  private async runFlowBody(r: Running, flow: MaestroFlow, file: string, depth: number): Promise<void> {
    const saved = r.state.variables;
    r.state.variables = { ...flow.env, ...saved };
    try {
      await this.runCommands(r, flow.onFlowStart, file, depth);
      try {
        await this.runCommands(r, flow.commands, file, depth);
      } finally {
        if (flow.onFlowComplete.length) await this.runCommands(r, flow.onFlowComplete, file, depth);
      }
    } finally {
      r.state.variables = saved;
    }
  }

  private async runCommands(r: Running, cmds: MaestroCommand[], file: string, depth: number): Promise<void> {
    for (const cmd of cmds) await this.runCommand(r, cmd, file, depth);
  }

  private async runCommand(r: Running, cmd: MaestroCommand, file: string, depth: number): Promise<void> {
    r.signal.throwIfAborted();
    const text = `${cmd.file}:${cmd.line}: ${describeCommand(cmd)}`;
    if (++r.budget.used > r.budget.max)
      return this.fail(
        r,
        text,
        `The run reached its budget of ${r.budget.max} commands (sub-flows and repeats included)`,
      );
    const started = Date.now();
    const raw = cmd.args;
    const optional = typeof raw === 'object' && raw !== null && (raw as Record<string, unknown>).optional === true;
    let args: unknown;
    try {
      args =
        typeof raw === 'object' && raw !== null && !Array.isArray(raw)
          ? await interpolateArgs(withoutKeys(raw as Record<string, unknown>, ['while']), r.state)
          : await interpolateArgs(raw, r.state);
    } catch (err) {
      if (err instanceof ScriptError) return this.fail(r, text, `A script failed: ${err.message}`);
      throw err;
    }
    if (cmd.name === 'runFlow' || cmd.name === 'repeat' || cmd.name === 'retry') {
      await this.record(r, text, [], null, started, false);
      try {
        return await this.control(r, cmd, args, file, depth);
      } catch (err) {
        if (!(optional && err instanceof FlowFailed)) throw err;
        return;
      }
    }
    let actions: PerformedAction[] = [];
    let error: string | null = null;
    try {
      if (cmd.name === 'runScript') await this.runScript(r, args, file);
      else if (RECORDING_COMMANDS.has(cmd.name)) actions = await r.recordings.act(cmd.name, args);
      else if (cmd.name === 'addMedia')
        actions = await addMedia(args, cmd.file, r.stored.files, { ...this.deps, ...r });
      else actions = await act(cmd.name, args, r.d, r.state);
    } catch (err) {
      if (err instanceof CommandFailed || err instanceof ScriptError) error = err.message;
      else if (err instanceof Error && (err as { code?: unknown }).code === 'UNPROCESSABLE') error = err.message;
      else throw err;
    }
    let healed = false;
    if (error !== null && r.mode === 'hybrid' && cmd.name === 'tapOn' && healableText(args) !== null) {
      const healedActions = await healTap(healableText(args)!, r.d);
      if (healedActions) {
        actions = healedActions;
        error = null;
        healed = true;
      }
    }
    if (error !== null && !optional) {
      await this.record(r, text, actions, error, started, true);
      throw new FlowFailed(`Step ${r.outcome.steps.length} failed: ${error}`);
    }
    await this.record(r, text, actions, error === null ? null : `Optional, went on: ${error}`, started, false, healed);
  }

  /** `runFlow`, `repeat` and `retry`: their commands run as steps of their own. */
  private async control(r: Running, cmd: MaestroCommand, args: unknown, file: string, depth: number): Promise<void> {
    const o = typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {};
    const text = `${cmd.file}:${cmd.line}: ${cmd.name}`;
    if (depth + 1 > MAESTRO_FLOW_DEPTH)
      return this.fail(r, text, `flows nest more than ${MAESTRO_FLOW_DEPTH} deep (does a flow run itself?)`);
    const body = async () => {
      const ref = typeof args === 'string' ? args : typeof o.file === 'string' ? o.file : null;
      if (ref) {
        const target = path.normalize(path.join(path.dirname(file), ref));
        const sub = r.stored.files[target]?.flow as MaestroFlow | null | undefined;
        if (!sub) return this.fail(r, text, `${ref} is not among the case's flows`);
        await this.withEnv(r, o.env, () => this.runFlowBody(r, sub, target, depth + 1));
      } else await this.withEnv(r, o.env, () => this.runCommands(r, cmd.commands ?? [], file, depth + 1));
    };
    if (cmd.name === 'runFlow') {
      if (o.when !== undefined && !(await this.holds(r, o.when))) return;
      return body();
    }
    if (cmd.name === 'retry') {
      const tries = 1 + Math.min(Math.max(Number(o.maxRetries ?? 1) || 0, 0), 3);
      for (let i = 1; ; i++) {
        try {
          return await body();
        } catch (err) {
          if (!(err instanceof FlowFailed) || i >= tries) throw err;
        }
      }
    }
    const raw = cmd.args as Record<string, unknown>;
    const times = o.times === undefined ? null : Math.min(Number(o.times) || 0, MAX_REPEATS);
    for (let i = 0; times === null || i < times; i++) {
      if (i >= MAX_REPEATS) return this.fail(r, text, `repeat ran ${MAX_REPEATS} times and its condition still holds`);
      if (raw.while !== undefined && !(await this.holds(r, await interpolateArgs(raw.while, r.state)))) return;
      await body();
    }
  }

  /** A `when`/`while` condition: every part must hold (visible, notVisible, true, platform). */
  private async holds(r: Running, cond: unknown): Promise<boolean> {
    const c = typeof cond === 'object' && cond !== null ? (cond as Record<string, unknown>) : {};
    if (c.platform !== undefined && String(c.platform).toLowerCase() !== r.device.platform) return false;
    if (c.true !== undefined && !truthy(typeof c.true === 'string' ? c.true : String(c.true))) return false;
    if (c.visible !== undefined && !(await visibleNow(toSelector(c.visible), r.d))) return false;
    if (c.notVisible !== undefined && (await visibleNow(toSelector(c.notVisible), r.d))) return false;
    return true;
  }

  private async withEnv(r: Running, env: unknown, run: () => Promise<void>): Promise<void> {
    const saved = r.state.variables;
    if (typeof env === 'object' && env !== null)
      r.state.variables = {
        ...saved,
        ...Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === null ? '' : String(v)])),
      };
    try {
      await run();
    } finally {
      r.state.variables = saved;
    }
  }

  private async runScript(r: Running, args: unknown, file: string): Promise<void> {
    const o = typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {};
    const ref = typeof args === 'string' ? args : String(o.file ?? '');
    const target = path.normalize(path.join(path.dirname(file), ref));
    const script = r.stored.files[target];
    if (!script) throw new CommandFailed(`${ref} is not among the case's files`);
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(typeof o.env === 'object' && o.env !== null ? o.env : {}))
      env[k] = await interpolate(String(v ?? ''), r.state);
    const { output, maestroVars } = await runSandboxed(script.source, r.state, env);
    r.state.output = output;
    r.state.maestroVars = maestroVars;
  }

  private async judgeVisual(
    r: Running,
    entry: StepEntry,
    shot: Awaited<ReturnType<DeviceHandle['screenshot']>>,
    file: string,
  ): Promise<void> {
    await judgeVisualStep(this.deps.judge, r, entry, shot, file);
  }

  private async fail(r: Running, text: string, error: string): Promise<never> {
    await this.record(r, text, [], error, Date.now(), true);
    throw new FlowFailed(`Step ${r.outcome.steps.length} failed: ${error}`);
  }

  /** One step of the result: the command, what it did, and the screen after it. */
  private async record(
    r: Running,
    text: string,
    actions: PerformedAction[],
    error: string | null,
    started: number,
    failed: boolean,
    healed = false,
  ): Promise<void> {
    const index = r.outcome.steps.length;
    let shot: Awaited<ReturnType<DeviceHandle['screenshot']>> | null = null;
    const name = `step_${index}.jpg`;
    try {
      await waitForSettledScreen(r.device, { signal: r.signal, maxMs: 1000 });
      shot = await r.device.screenshot();
      await this.deps.storage.put(stepScreenshotKey(r.runPublicId, name), shot.jpeg, { contentType: 'image/jpeg' });
      r.outcome.artifactBytes += shot.jpeg.length;
    } catch (err) {
      if (r.signal.aborted) throw err;
      shot = null;
    }
    const entry: StepEntry = {
      index,
      text: text.slice(0, 500),
      status: failed ? 'failed' : 'passed',
      resolved_by: null,
      actions,
      screenshot: shot ? `/api/v1/tests/runs/${r.runPublicId}/screenshots/${name}` : null,
      visual: null,
      duration_ms: Date.now() - started,
      timing: NOTHING_TIMED,
      error,
    };
    if (healed) {
      entry.healed = true;
      entry.resolved_by = 'interpreter';
      entry.error = 'Healed: the selector matched nothing, the step interpreter found the element';
      r.outcome.healedSteps.push(index);
    }
    if (shot && !failed) await this.judgeVisual(r, entry, shot, name);
    r.outcome.steps.push(entry);
    await r.onStep(r.outcome, entry);
    if (!failed && entry.status === 'failed') throw new FlowFailed(`Step ${index + 1} failed: ${entry.error}`);
  }
}

/** Visual comparison of a passed step with its baseline (docs/design/0016): as CaseRunner does for other cases. */
async function judgeVisualStep(
  judge: VisualJudge,
  r: MaestroRunInput & { outcome: CaseOutcome },
  entry: StepEntry,
  shot: Awaited<ReturnType<DeviceHandle['screenshot']>>,
  file: string,
): Promise<void> {
  const verdict = await judge.judgeStep({
    ctx: r.ctx,
    testCase: r.testCase,
    stepIndex: entry.index,
    step: { text: entry.text, actionIndices: [], visual: undefined },
    screenshot: shot,
    device: r.device,
    tiers: r.tiers,
    runPublicId: r.runPublicId,
    writesBaseline: r.writesBaselines,
  });
  const outcome = r.outcome;
  if (verdict.kind === 'baseline_missing') {
    outcome.baselineCandidates.push({
      index: entry.index,
      file,
      width: shot.screen.width,
      height: shot.screen.height,
      deviceName: r.device.deviceName,
    });
    entry.visual = { diff_pct: 0, verdict: 'ok' };
    outcome.visualStatus = worst(outcome.visualStatus, 'ok');
  } else if (verdict.kind === 'compared') {
    outcome.artifactBytes += verdict.diffBytes;
    entry.visual = { diff_pct: verdict.diffPct, verdict: verdict.verdict, diff_image: verdict.diffImage };
    outcome.visualStatus = worst(outcome.visualStatus, verdict.verdict);
    if (verdict.verdict === 'fail') {
      entry.status = 'failed';
      entry.error = `Visual regression: ${verdict.diffPct}% of the screen differs from the baseline (fail at ${r.tiers.fail_pct}%)`;
    }
  }
}

/** The text of a `tapOn` that names its element by text alone (what the interpreter can look for). */
function healableText(args: unknown): string | null {
  if (typeof args === 'string') return args;
  const o = typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {};
  const keys = Object.keys(o).filter((k) => k !== 'label');
  return keys.length === 1 && typeof o.text === 'string' ? o.text : null;
}

function withoutKeys(o: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));
}
