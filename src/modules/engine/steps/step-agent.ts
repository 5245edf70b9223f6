import type { Ctx } from '../../../context';
import type { DeviceCategory, ScreenInfo, UiNode } from '../../../worker/driver';
import type { PerformedAction } from './device-actions';

/** One line of a run's `reasoning_log`: what settled a step and how. */
export interface TraceEntry {
  step_index: number;
  thought: string;
  /** `replay`, `interpreter`, or the agent's tool the model called (`tap`, `type`, … `step_done`, `assert_result`). */
  tool: string;
  args: Record<string, unknown>;
  outcome: string;
}

/**
 * The seam between the engine and a language-model agent (docs/design/0016-execution.md, the model): the
 * engine hands the agent what replay and the interpreter could not settle, and gives it the
 * device as looks and actions; the agent never sees runs, suites or the device handle itself.
 * The ai module implements it and the container wires it in.
 */

/** The model a run is started with; `warnings` go back to the caller. */
export interface RunModel {
  model: string;
  provider: string;
  warnings: string[];
}

export interface ModelResolver {
  /** The model a run uses: the one asked for, else the organization's default; 400 when it cannot run. */
  resolveRunModel({ ctx, input }: { ctx: Ctx; input: { model?: string; provider?: string } }): Promise<RunModel>;
}

/** One settled screen: the UI tree (refs valid for this screen only), its size, and a JPEG of it. */
export interface AgentScreen {
  tree: UiNode;
  screen: ScreenInfo;
  jpeg: Buffer;
}

export type Direction = 'up' | 'down' | 'left' | 'right';

/** What the agent asks the device to do; points are in device pixels. */
export type AgentAction =
  | { kind: 'tap'; ref: string }
  | { kind: 'tap_point'; x: number; y: number }
  /** A double tap or long press on the element `ref`, else at the point (x, y). */
  | { kind: 'gesture'; gesture: 'double_tap' | 'long_press'; ref: string | null; x: number; y: number }
  | { kind: 'type'; text: string; ref: string | null }
  /** `direction` is where the finger moves. */
  | { kind: 'swipe'; direction: Direction; ref: string | null }
  /** `direction` is where the content comes from: `down` reveals what is below. */
  | { kind: 'scroll_until'; text: string; direction: Direction }
  | { kind: 'press_key'; key: string }
  | { kind: 'go_back' }
  | { kind: 'wait'; ms: number };

/** `ok: false` says why the device was not asked (an unknown ref, a disabled element); the agent tells the model. */
export interface AgentActionResult {
  ok: boolean;
  detail: string;
  actions: PerformedAction[];
}

/** The device as the agent uses it: it looks at a settled screen, then acts on what it saw. */
export interface AgentDevice {
  readonly platform: 'ios' | 'android';
  readonly category: DeviceCategory;
  readonly deviceName: string;
  observe(): Promise<AgentScreen>;
  perform(action: AgentAction, on: AgentScreen): Promise<AgentActionResult>;
}

/** One model call's usage, as the engine adds it to the run's totals. */
export interface CallUsage {
  inputTokens: number;
  outputTokens: number;
  costMicro: number;
  billing: 'platform' | 'byok';
}

/** Usage credit held for one platform call in flight. */
export interface CallHold {
  id: number;
}

/** The run's model spending so far; `add` also writes it to the run row. */
export interface RunUsage {
  readonly spentMicro: number;
  /**
   * Before a call paid from usage credit: holds what the call may cost at most, for at most
   * `expiresInMs`; 402 when the credit left, less what runs and calls in flight hold, cannot cover it.
   */
  hold(input: { maxCostMicro: number; expiresInMs: number }): Promise<CallHold>;
  /** A call's usage added to the run's totals; its hold (if any) ends in the same transaction. */
  add(usage: CallUsage, hold: CallHold | null): Promise<void>;
  /** The hold of a call that failed ends. */
  release(hold: CallHold): Promise<void>;
}

export interface AgentRun {
  organizationId: number;
  runId: number;
  runPublicId: string;
  metadata: Record<string, unknown> | null;
  model: string;
  provider: string;
  usage: RunUsage;
}

export interface AgentStepInput {
  device: AgentDevice;
  stepIndex: number;
  text: string;
  /** Why the interpreter could not settle the step. */
  hint: string;
  /** The case's (and suite's) context for the agent. */
  context: string | null;
  signal: AbortSignal;
}

export interface AgentStepOutcome {
  status: 'passed' | 'failed';
  error: string | null;
  actions: PerformedAction[];
  trace: TraceEntry[];
  /** Time spent waiting for the model. */
  modelMs: number;
}

export interface AgentVerdict {
  passed: boolean;
  reasoning: string;
  trace: TraceEntry[];
  modelMs: number;
}

/**
 * A run's agent. Failures that are not the step's (the provider rejected the key, its quota is
 * spent, it stopped answering, the run's model budget is spent) are thrown and end the run `error`.
 */
export interface RunAgent {
  settleStep(input: AgentStepInput): Promise<AgentStepOutcome>;
  judgeAssertion(input: AgentStepInput): Promise<AgentVerdict>;
}

export interface StepAgent {
  /** The agent of one run, or null when the run's model is the free interpreter. */
  forRun(run: AgentRun): RunAgent | null;
}
