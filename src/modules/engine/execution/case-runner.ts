import type { FastifyBaseLogger } from 'fastify';
import type { Ctx } from '../../../context';
import type { AccessibilitySetting, RunMode } from '../../../db/schema';
import { recordStepFindings } from '../accessibility/a11y-check';
import type { ObjectStorage } from '../../../storage/storage';
import type { CaseRow, RunPlan, RecordingAction } from '../../catalogue';
import type { DeviceHandle } from '../../sessions';
import { MaestroRunner } from '../maestro/maestro-runner';
import {
  normalizeAssertions,
  normalizeSteps,
  substitute,
  UnknownVariable,
  withVariables,
  type CaseStep,
} from '../steps/case-steps';
import type { PerformedAction } from '../steps/device-actions';
import { isRecordable } from '../steps/healing';
import { waitForSettledScreen } from '../steps/settle';
import type { RunAgent } from '../steps/step-agent';
import { StepMeter } from './step-meter';
import type { RunLogBook } from './run-logs';
import { executeStep } from '../steps/step-runner';
import type { Observation } from '../steps/interpreter';
import { suiteAccounts, type Account } from '../steps/interpreter/accounts';
import { accountSteps } from '../steps/interpreter/typed-account';
import { judgeAssertions } from './case-assertions';
import { addStepPoints, lastScreenOfStep, type RunTimeline } from '../steps/assertion-judge';
import type { VisualJudge } from '../visual/visual-judge';
import type { VisualTiers } from '../visual/visual-compare';
import {
  emptyOutcome,
  NOTHING_TIMED,
  skippedStep,
  stepScreenshotKey,
  worst,
  type CaseOutcome,
  type StepEntry,
  type SubFlowEntry,
} from './case-outcome';

export interface CaseRunInput {
  ctx: Ctx;
  device: DeviceHandle;
  testCase: CaseRow;
  mode: RunMode;
  fuzzy: boolean;
  variables: Record<string, unknown>;
  tiers: VisualTiers;
  /** The suite's accessibility check of every step's settled screen. */
  accessibility: AccessibilitySetting;
  appPackage: string | null;
  runId: number;
  runPublicId: string;
  /** Whether a step without a baseline gets one from this run. */
  writesBaselines: boolean;
  signal: AbortSignal;
  /** The run's language-model agent; null when the run uses the interpreter alone. */
  agent: RunAgent | null;
  /** The suite's and the case's context for the agent (variables not yet substituted). */
  context: string | null;
  /** The reusable cases run before this one (`sub_flow_ids`) and those named by `run flow`, read with the run's plan. */
  flows: RunPlan['flows'];
  /** The run's slice of the device log, read after every step (a crash fails the step). */
  logs: RunLogBook;
  /** Called after each step, before the next starts, with what is known so far. */
  onProgress(outcome: CaseOutcome, step: StepEntry): Promise<void>;
}

export interface CaseRunnerDeps {
  storage: ObjectStorage;
  log: FastifyBaseLogger;
  judge: VisualJudge;
  limits: { stepsPerCase: number; flowDepth: number };
  recorder: ConstructorParameters<typeof MaestroRunner>[0]['recorder'];
}

/**
 * Executes one case's body on a prepared device: its sub-flows, its steps one after another (each
 * settled, photographed and compared with its baseline), then its assertions.
 */
export class CaseRunner {
  constructor(private readonly deps: CaseRunnerDeps) {}

  async run(caseInput: CaseRunInput): Promise<CaseOutcome> {
    const c = caseInput.testCase;
    if (c.maestroFlow) return this.runMaestro(caseInput, c.maestroFlow);
    const outcome = emptyOutcome();
    const raw = normalizeSteps(c.steps);
    let body: { steps: CaseStep[]; assertions: string[]; recording: RecordingAction[] };
    let input: Running;
    try {
      body = withVariables(
        {
          steps: raw,
          assertions: normalizeAssertions(c.assertions),
          recording: (c.sourceRecording ?? []) as RecordingAction[],
        },
        caseInput.variables,
      );
      const context = caseInput.context === null ? null : substitute(caseInput.context, caseInput.variables, 'context');
      const accounts = suiteAccounts(context, caseInput.variables);
      input = { ...caseInput, context, stepsTaken: { n: 0 }, lastSeen: null, timeline: { points: [] }, accounts };
    } catch (err) {
      if (!(err instanceof UnknownVariable)) throw err;
      return { ...outcome, status: 'failed', error: err.message };
    }
    if (body.steps.length > this.deps.limits.stepsPerCase)
      return {
        ...outcome,
        status: 'failed',
        error: `The case has ${body.steps.length} steps; a run executes at most ${this.deps.limits.stepsPerCase}`,
      };

    const failedFlow = await this.runSubFlows(input, c.subFlowIds, 1, outcome.subFlows);
    if (failedFlow)
      return { ...outcome, status: 'failed', error: `Sub-flow "${failedFlow.name}" failed: ${failedFlow.error}` };

    const source =
      c.sourceDeviceWidth && c.sourceDeviceHeight ? { width: c.sourceDeviceWidth, height: c.sourceDeviceHeight } : null;
    // "Sign in with the test account": read with the credentials the suite (or the case's earlier steps) gives.
    const readAs = accountSteps(
      body.steps.map((s) => s.text),
      input.accounts,
    );
    for (const [index, step] of body.steps.entries()) {
      input.signal.throwIfAborted();
      const entry = await this.runStep(
        input,
        step,
        index,
        {
          recording: body.recording,
          source,
          judgeVisual: true,
          savedText: raw[index]!.text,
          readAs: readAs[index],
          previous: body.steps[index - 1]?.text,
        },
        outcome,
      );
      outcome.steps.push(entry);
      if (entry.resolved_by === 'model' && entry.status === 'passed' && isRecordable(entry.actions)) {
        const screen = await input.device.screen();
        outcome.suggestions.push({
          index: outcome.suggestions.length,
          step_index: index,
          step_text: raw[index]!.text,
          status: 'offered',
          actions: entry.actions,
          screen: { width: screen.width, height: screen.height },
        });
      }
      await input.onProgress(outcome, entry);
      if (entry.status === 'failed') {
        outcome.status = 'failed';
        outcome.error = `Step ${index + 1} failed: ${entry.error}`;
        for (const [rest, s] of body.steps.entries()) {
          if (rest > index) outcome.steps.push(skippedStep(rest, s.text));
        }
        return outcome;
      }
    }

    if (body.assertions.length) {
      const saved = normalizeAssertions(c.assertions);
      const assertions = body.assertions.map((text, i) => ({ text, saved: saved[i] ?? text }));
      await judgeAssertions(input, assertions, body.steps.length, outcome);
    }
    return outcome;
  }

  /** A Maestro flow runs as its commands (docs/maestro.md), not through the step interpreter. */
  private runMaestro(input: CaseRunInput, stored: NonNullable<CaseRow['maestroFlow']>): Promise<CaseOutcome> {
    const runner = new MaestroRunner({ ...this.deps, maxSteps: this.deps.limits.stepsPerCase });
    return runner.run({ ...input, stored, onStep: input.onProgress });
  }

  private async runStep(
    input: Running,
    step: CaseStep,
    index: number,
    opts: {
      recording: RecordingAction[];
      source: { width: number; height: number } | null;
      judgeVisual: boolean;
      screenshotPrefix?: string;
      depth?: number;
      /** The step's text as saved: a case's own step records the screen it was read on. */
      savedText?: string;
      /** The text the step is read as, when it is not its own (an account the step names, spelt out). */
      readAs?: string | null;
      /** The step before this one ("Turn it back on" speaks of its switch). */
      previous?: string;
    },
    outcome: CaseOutcome,
  ): Promise<StepEntry> {
    const started = Date.now();
    const max = this.deps.limits.stepsPerCase;
    if (++input.stepsTaken.n > max) {
      const error = `The run reached its budget of ${max} steps (sub-flow steps included)`;
      return { ...skippedStep(index, step.text), status: 'failed', error };
    }
    const meter = new StepMeter();
    const device = meter.meter(input.device);
    const wait = (ms: number, signal?: AbortSignal) => meter.sleep(ms, signal);
    const result = await executeStep(opts.readAs ? { ...step, text: opts.readAs } : step, index, {
      device,
      wait,
      appPackage: input.appPackage,
      signal: input.signal,
      mode: input.mode,
      fuzzy: input.fuzzy,
      recording: opts.recording,
      source: opts.source,
      runFlow: (name) => this.runNamedFlow(input, name, (opts.depth ?? 0) + 1),
      agent: input.agent,
      context: input.context,
      previous: opts.previous,
      arrivedFrom: opts.savedText !== undefined ? lastScreenOfStep(input.timeline, index - 1) : null,
    });
    outcome.trace.push(...result.trace);
    // The screen the step was read on; a replayed step started on the screen the one before left.
    if (opts.savedText !== undefined) {
      const seen = result.observation ?? input.lastSeen;
      outcome.artifactBytes += outcome.screens.record('step', index, opts.savedText, seen);
      // The moments the case's assertions may speak of: each part of the step on the screen it was read on.
      addStepPoints(input.timeline, index, step.text, result.clauses, seen);
    }
    const crash = await input.logs.collect(opts.screenshotPrefix ? null : index);
    if (crash) Object.assign(result, { status: 'failed', error: `The app crashed: ${crash.message}` });
    if (result.healed && result.status === 'passed') outcome.healedSteps.push(index);
    const { tree } = await waitForSettledScreen(device, { signal: input.signal, wait });
    const shot = await device.screenshot();
    input.lastSeen = { tree, screen: shot.screen };
    const file = `${opts.screenshotPrefix ?? ''}step_${index}.jpg`;
    await this.deps.storage.put(stepScreenshotKey(input.runPublicId, file), shot.jpeg, { contentType: 'image/jpeg' });
    outcome.artifactBytes += shot.jpeg.length;
    const entry: StepEntry = {
      index,
      text: step.text,
      status: result.status,
      resolved_by: result.resolvedBy,
      actions: result.actions,
      screenshot: `/api/v1/tests/runs/${input.runPublicId}/screenshots/${file}`,
      visual: null,
      duration_ms: 0,
      timing: NOTHING_TIMED,
      error: result.error,
      ...(result.healed ? { healed: true } : {}),
      ...(crash ? { crash } : {}),
    };
    // Checked beside the visual comparison (both decode the screenshot off the event loop).
    const findings = recordStepFindings(input.accessibility, input.device, { tree, shot }, entry, outcome);
    findings.catch(() => undefined); // awaited below; not unhandled when the comparison throws first
    if (opts.judgeVisual && result.status === 'passed') {
      const verdict = await this.deps.judge.judgeStep({
        ctx: input.ctx,
        testCase: input.testCase,
        stepIndex: index,
        step,
        screenshot: shot,
        device: input.device,
        tiers: input.tiers,
        runPublicId: input.runPublicId,
        writesBaseline: input.writesBaselines,
      });
      if (verdict.kind === 'baseline_missing')
        outcome.baselineCandidates.push({
          index,
          file,
          width: shot.screen.width,
          height: shot.screen.height,
          deviceName: input.device.deviceName,
        });
      if (verdict.kind === 'compared') {
        outcome.artifactBytes += verdict.diffBytes;
        entry.visual = { diff_pct: verdict.diffPct, verdict: verdict.verdict, diff_image: verdict.diffImage };
        outcome.visualStatus = worst(outcome.visualStatus, verdict.verdict);
        if (verdict.verdict === 'fail') {
          entry.status = 'failed';
          entry.error = `Visual regression: ${verdict.diffPct}% of the screen differs from the baseline (fail at ${input.tiers.fail_pct}%)`;
        }
      } else if (verdict.kind === 'baseline_missing') {
        entry.visual = { diff_pct: 0, verdict: 'ok' };
        outcome.visualStatus = worst(outcome.visualStatus, 'ok');
      }
    }
    await findings;
    entry.duration_ms = Date.now() - started;
    entry.timing =
      result.resolvedBy === 'model'
        ? { ...meter.timing, model_ms: result.modelMs, agent_ms: result.agentMs }
        : meter.timing;
    return entry;
  }

  /**
   * Runs reusable cases before a case (or another flow): each flow's own sub-flows first, then its
   * steps. Entries go to `sink` in the order they ran; returns the first that failed.
   */
  private async runSubFlows(
    input: Running,
    ids: number[],
    depth: number,
    sink: SubFlowEntry[],
  ): Promise<SubFlowEntry | null> {
    for (const flow of input.flows.byIds(ids)) {
      const entry = await this.runFlow(input, flow, depth, sink);
      if (entry.status === 'failed') return entry;
    }
    return null;
  }

  private async runFlow(input: Running, flow: CaseRow, depth: number, sink: SubFlowEntry[]): Promise<SubFlowEntry> {
    const entry: SubFlowEntry = { name: flow.name, status: 'passed', steps: [], error: null };
    const fail = (error: string) => {
      entry.status = 'failed';
      entry.error = error;
      return entry;
    };
    if (depth > this.deps.limits.flowDepth) {
      sink.push(entry);
      return fail(`flows nest more than ${this.deps.limits.flowDepth} deep`);
    }
    const nested = await this.runSubFlows(input, flow.subFlowIds, depth + 1, sink);
    sink.push(entry);
    if (nested) return fail(`its sub-flow "${nested.name}" failed: ${nested.error}`);
    let body: { steps: CaseStep[]; recording: RecordingAction[] };
    try {
      body = withVariables(
        {
          steps: normalizeSteps(flow.steps),
          assertions: [],
          recording: (flow.sourceRecording ?? []) as RecordingAction[],
        },
        input.variables,
      );
    } catch (err) {
      if (err instanceof UnknownVariable) return fail(err.message);
      throw err;
    }
    const source =
      flow.sourceDeviceWidth && flow.sourceDeviceHeight
        ? { width: flow.sourceDeviceWidth, height: flow.sourceDeviceHeight }
        : null;
    const scratch = emptyOutcome();
    for (const [index, step] of body.steps.entries()) {
      input.signal.throwIfAborted();
      const done = await this.runStep(
        input,
        step,
        index,
        {
          recording: body.recording,
          source,
          judgeVisual: false,
          screenshotPrefix: `flow_${flow.publicId}_`,
          depth,
          previous: body.steps[index - 1]?.text,
        },
        scratch,
      );
      entry.steps.push(done);
      if (done.status === 'failed') return fail(`step ${index + 1} failed: ${done.error}`);
    }
    return entry;
  }

  private async runNamedFlow(
    input: Running,
    name: string,
    depth: number,
  ): Promise<{ ok: boolean; error: string | null; actions: PerformedAction[] }> {
    const flow = input.flows.byName(name);
    if (!flow) return { ok: false, error: `No reusable case named "${name}" for this app`, actions: [] };
    const ran: SubFlowEntry[] = [];
    const entry = await this.runFlow(input, flow, depth, ran);
    const actions = ran.flatMap((e) => e.steps.flatMap((s) => s.actions));
    return {
      ok: entry.status === 'passed',
      error: entry.error === null ? null : `Flow "${name}": ${entry.error}`,
      actions,
    };
  }
}

/**
 * A case being run: its input, the steps taken so far (sub-flow steps included) against the step
 * budget, the settled screen the last step left, and the screen each of the case's own steps was
 * read on (the moments its assertions may speak of).
 */
type Running = CaseRunInput & {
  stepsTaken: { n: number };
  lastSeen: Observation | null;
  timeline: RunTimeline;
  /** The accounts the suite's variables and context name, for steps that sign in with one by name. */
  accounts: Account[];
};
