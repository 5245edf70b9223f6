import type { RunMode } from '../../../db/schema';
import type { RecordingAction } from '../../catalogue';
import { agentDevice } from './agent-actions';
import type { CaseStep } from './case-steps';
import { performDeviceAction, runLoopPlan, type ActionContext, type PerformedAction } from './device-actions';
import { interpretStep, type Observation, type Resolution } from './interpreter';
import { replayActions } from './replay';
import { unsettledStepError } from './screen-summary';
import { waitForSettledScreen } from './settle';
import { namedElsewhere } from './interpreter/tab-search';
import { underAnotherTab } from './tab-search-runner';
import type { RunAgent, TraceEntry } from './step-agent';
import type { UiNode } from '../../../worker/driver';

/** One entry of a run's `reasoning_log` (docs/design/0016-execution.md). */
export interface StepContext extends ActionContext {
  mode: RunMode;
  fuzzy: boolean;
  recording: RecordingAction[];
  source: { width: number; height: number } | null;
  /** Runs a reusable case by name (`run flow "Name"`). */
  runFlow(name: string): Promise<{ ok: boolean; error: string | null; actions: PerformedAction[] }>;
  /** The run's language-model agent; null when the run uses the interpreter alone. */
  agent: RunAgent | null;
  /** The case's (and suite's) context, for the agent. */
  context: string | null;
  /** The case's step before this one, which a pronoun may refer to ("Turn it back on"). */
  previous?: string;
  /**
   * The screen the last part of the step before was read on: when its title is not the one this step starts on,
   * that part opened this screen, and a step that only goes to a tab may leave it by its Back control.
   */
  arrivedFrom?: Observation | null;
}

export interface StepOutcome {
  status: 'passed' | 'failed';
  resolvedBy: 'replay' | 'interpreter' | 'model' | null;
  actions: PerformedAction[];
  error: string | null;
  trace: TraceEntry[];
  /** Hybrid: the recorded actions could not be replayed and the step was settled otherwise. */
  healed: boolean;
  /** Time spent waiting for the language model, and in the agent as a whole (model included). */
  modelMs: number;
  agentMs: number;
  /** The screen the interpreter read the step on (its first clause), or null when it did not read one (a replay). */
  observation: Observation | null;
  /** Each part of the step the interpreter read, with the screen it read it on (the first is the whole step). */
  clauses: Array<{ text: string; observation: Observation }>;
}

/** The message of a step no deterministic resolver could settle. */
export const NEEDS_MODEL = 'The step needs a language model';
/** The same for an assertion the interpreter cannot judge. */
export const NEEDS_MODEL_TO_JUDGE = 'The assertion needs a language model to judge it';

/**
 * Settles one step: replay its recorded actions (hybrid, replay), else hand it to the step
 * interpreter (hybrid, ai), else to the run's language-model agent. Without an agent, what
 * neither replay nor the interpreter settles fails with the reason, so nothing is guessed.
 */
export async function executeStep(step: CaseStep, index: number, ctx: StepContext): Promise<StepOutcome> {
  const seen: Seen = { observation: null, clauses: [] };
  const outcome = await settleStep(step, index, ctx, seen);
  return { ...outcome, observation: seen.observation, clauses: seen.clauses };
}

type Seen = Pick<StepOutcome, 'observation' | 'clauses'>;

async function settleStep(
  step: CaseStep,
  index: number,
  ctx: StepContext,
  seen: Seen,
): Promise<Omit<StepOutcome, keyof Seen>> {
  const trace: TraceEntry[] = [];
  let actions: PerformedAction[] = [];
  let healed = false;
  if (step.actionIndices.length > 0 && ctx.mode !== 'ai') {
    const replay = await replayActions(
      {
        indices: step.actionIndices,
        recording: ctx.recording,
        source: ctx.source,
        fuzzy: ctx.fuzzy,
        healInsteadOfCoordinates: ctx.mode === 'hybrid',
      },
      ctx,
    );
    actions = replay.actions;
    trace.push({
      step_index: index,
      thought: replay.ok ? `Replayed ${replay.actions.length} recorded action(s)` : `Replay stopped: ${replay.reason}`,
      tool: 'replay',
      args: { action_indices: step.actionIndices },
      outcome: replay.ok ? 'done' : 'failed',
    });
    if (replay.ok)
      return { status: 'passed', resolvedBy: 'replay', actions, error: null, trace, healed, modelMs: 0, agentMs: 0 };
    if (ctx.mode === 'replay')
      return {
        status: 'failed',
        resolvedBy: 'replay',
        actions,
        error: `Replay failed: ${replay.reason}`,
        trace,
        healed,
        modelMs: 0,
        agentMs: 0,
      };
    healed = true;
  } else if (ctx.mode === 'replay') {
    return {
      status: 'failed',
      resolvedBy: null,
      actions,
      error: 'The step has no recorded actions, and replay mode plays only recorded actions',
      trace,
      healed,
      modelMs: 0,
      agentMs: 0,
    };
  }
  // Clause by clause: each is read on the screen the one before led to ("Tap Profile, then Settings").
  let text = step.text;
  /** A clause the interpreter could not read on this screen: the run's model takes it, or the step fails saying what the screen shows. */
  const unsettled = async (reason: string, tree: UiNode, clause: number): Promise<Omit<StepOutcome, keyof Seen>> => {
    if (!ctx.agent)
      return {
        status: 'failed',
        resolvedBy: null,
        actions,
        error: `${unsettledStepError(reason, tree, NEEDS_MODEL)}${clause > 0 ? ` (at "${text}")` : ''}`,
        trace,
        healed,
        modelMs: 0,
        agentMs: 0,
      };
    const started = performance.now();
    const settled = await ctx.agent.settleStep({
      device: agentDevice(ctx),
      stepIndex: index,
      text,
      hint: reason,
      context: ctx.context,
      signal: ctx.signal,
    });
    trace.push(...settled.trace);
    const agentMs = Math.round(performance.now() - started);
    return {
      status: settled.status,
      resolvedBy: 'model',
      actions: [...actions, ...settled.actions],
      error: settled.error,
      trace,
      healed,
      modelMs: settled.modelMs,
      agentMs,
    };
  };
  let searchedTabs = false;
  /** What each part read led to, by its text: a part that leads to the same taps and to itself again goes round. */
  const readings = new Map<string, string>();
  for (let clause = 0; ; clause++) {
    const tree =
      clause === 0
        ? await ctx.device.uiTree()
        : (await waitForSettledScreen(ctx.device, { signal: ctx.signal, wait: ctx.wait })).tree;
    const observation = { tree, screen: await ctx.device.screen() };
    if (clause === 0) seen.observation = observation;
    seen.clauses.push({ text, observation });
    let resolution = interpretStep(text, observation, clause === 0 ? ctx.previous : undefined);
    trace.push({
      step_index: index,
      thought: resolution.settled ? resolution.reasoning : resolution.reason,
      tool: 'interpreter',
      args: { text },
      outcome: resolution.settled ? resolution.kind : 'not settled',
    });
    const round = goesRound(text, resolution, readings);
    if (round) return unsettled(round, tree, clause);
    let done = resolution.settled ? await carryOut(resolution, ctx) : null;
    if (done) actions = [...actions, ...done.actions];
    // "Open New scene" where this screen, scrolled through, shows no such place: it may be under another tab.
    const missing = !resolution.settled
      ? resolution.reason
      : !done!.ok && resolution.kind === 'scroll_until'
        ? resolution.notFound
        : undefined;
    if (missing && namedElsewhere(missing) && !searchedTabs) {
      // Once per step: a place found under a tab and then lost again is not looked for round and round.
      searchedTabs = true;
      const found = await underAnotherTab(text, ctx, index, trace, clause === 0 ? ctx.arrivedFrom : null);
      if (found) {
        actions = [...actions, ...found.actions];
        seen.clauses.push({ text, observation: found.observation });
        resolution = found.resolution;
        done = await carryOut(found.resolution, ctx);
        actions = [...actions, ...done.actions];
      }
    }
    if (!resolution.settled) return unsettled(resolution.reason, tree, clause);
    done ??= await carryOut(resolution, ctx);
    if (!done.ok && resolution.kind === 'scroll_until' && resolution.notFound)
      return unsettled(resolution.notFound, await ctx.device.uiTree(), clause);
    if (!done.ok && resolution.kind === 'scroll_until' && resolution.checkFailed)
      done.error = `Check failed: ${resolution.checkFailed}`;
    if (!done.ok || !resolution.then || clause >= MAX_CLAUSES)
      return {
        status: done.ok && !resolution.then ? 'passed' : 'failed',
        resolvedBy: 'interpreter',
        actions,
        error: done.ok && resolution.then ? `The step has more than ${MAX_CLAUSES} parts` : done.error,
        trace,
        healed,
        modelMs: 0,
        agentMs: 0,
      };
    text = resolution.then;
  }
}

/**
 * A part read as the same taps (or the same scroll) and the same part again a second time ("days Mon" tapping Mon and
 * reading "days Mon" again): the screen did not move it on, and tapping on would only toggle. The reason it is not settled, or null.
 */
export function goesRound(text: string, r: Resolution, readings: Map<string, string>): string | null {
  if (!r.settled || r.then !== text) return null;
  if (r.kind !== 'actions' && r.kind !== 'scroll_until') return null;
  if (r.kind === 'actions' && r.actions.length === 0) return null;
  const taps = JSON.stringify(
    r.kind === 'actions' ? r.actions.map((a) => ('selector' in a && a.selector) || a) : r.plan,
  );
  if (readings.get(text) === taps) return `not understood: "${text}" reads as ${r.reasoning} and then as itself again`;
  readings.set(text, taps);
  return null;
}

/** Parts of one step (clauses, path hops, scrolls into view) read one after another at most. */
const MAX_CLAUSES = 40;

async function carryOut(
  resolution: Extract<Resolution, { settled: true }>,
  ctx: StepContext,
): Promise<{ ok: boolean; error: string | null; actions: PerformedAction[] }> {
  switch (resolution.kind) {
    case 'actions': {
      const actions: PerformedAction[] = [];
      for (const action of resolution.actions) {
        ctx.signal.throwIfAborted();
        actions.push(await performDeviceAction(action, ctx));
      }
      return { ok: true, error: null, actions };
    }
    case 'scroll_until':
    case 'wait_until': {
      const { met, actions } = await runLoopPlan(resolution.plan, ctx);
      const what =
        resolution.plan.kind === 'scroll_until'
          ? `after ${actions.length} swipe(s)`
          : `within ${Math.round(resolution.plan.timeoutMs / 1000)} s`;
      return {
        ok: met,
        error: met
          ? null
          : `The target was not ${resolution.plan.kind === 'wait_until' && !resolution.plan.appears ? 'gone' : 'on screen'} ${what}`,
        actions,
      };
    }
    case 'run_flow':
      return ctx.runFlow(resolution.name);
    case 'check':
      return {
        ok: resolution.passed,
        error: resolution.passed ? null : `Check failed: ${resolution.reasoning}`,
        actions: [],
      };
  }
}
