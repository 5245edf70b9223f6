import type { VisualVerdict } from '../../../db/schema';
import type { PerformedAction } from '../steps/device-actions';
import type { HealingSuggestion } from '../steps/healing';
import type { TraceEntry } from '../steps/step-agent';
import type { RunLogsSummary, StepCrash } from './run-logs';
import type { RunVideo } from './run-video';
import type { AccessibilityFinding } from '../accessibility/a11y-rules';
import { ScreenRecorder } from '../steps/recorded-screens';

/** A step as a run's `result` lists it (docs/design/0016-execution.md). */
export interface StepEntry {
  index: number;
  text: string;
  status: 'passed' | 'failed' | 'skipped';
  resolved_by: 'replay' | 'interpreter' | 'model' | null;
  actions: PerformedAction[];
  screenshot: string | null;
  visual: { diff_pct: number; verdict: VisualVerdict; diff_image?: string } | null;
  duration_ms: number;
  error: string | null;
  /**
   * Of duration_ms: time in device calls, and waiting (for the screen to settle, or as the step
   * asked). A step the model settled adds the time waiting for the model and in the agent as a
   * whole (model, device calls and waiting included).
   */
  timing: { device_ms: number; wait_ms: number; model_ms?: number; agent_ms?: number };
  /** Hybrid: replay could not finish and the step was settled by the next resolver. */
  healed?: boolean;
  /** The app crashed during the step (the step failed at once). */
  crash?: StepCrash;
  /** What the accessibility check found on the step's settled screen (absent when the suite turned it off). */
  accessibility?: AccessibilityFinding[];
}

export interface AssertionEntry {
  text: string;
  passed: boolean;
  reasoning: string;
}

export interface SubFlowEntry {
  name: string;
  status: 'passed' | 'failed';
  steps: StepEntry[];
  error: string | null;
}

export interface CaseOutcome {
  status: 'passed' | 'failed';
  error: string | null;
  steps: StepEntry[];
  subFlows: SubFlowEntry[];
  assertions: AssertionEntry[];
  trace: TraceEntry[];
  visualStatus: VisualVerdict | null;
  /** The roll-up of the steps' accessibility findings; null when the check was off. */
  accessibilityStatus: VisualVerdict | null;
  /**
   * Compared steps without a baseline: their screenshots become baselines when the run passes
   * (and only then), in the transaction that ends it.
   */
  baselineCandidates: BaselineCandidate[];
  /** The steps whose baselines this run wrote (set when it ends). */
  baselinesWritten: number[];
  healedSteps: number[];
  /** Steps the model settled, offered back as recorded actions (hybrid healing). */
  suggestions: HealingSuggestion[];
  /** Bytes the run stored (step screenshots, diff images, log, video, its screens), counted against the storage quota. */
  artifactBytes: number;
  /** The screens the case's steps and assertions were read on, kept with the run for the case editor's check. */
  screens: ScreenRecorder;
  /** The run's slice of the device log, once it ended. */
  logs?: RunLogsSummary | null;
  /** The run's screen recording, once it ended and kept one. */
  video?: RunVideo | null;
}

/** A step's screenshot that may become its baseline. */
export interface BaselineCandidate {
  index: number;
  /** The screenshot's file in the run's folder (stepScreenshotKey). */
  file: string;
  width: number;
  height: number;
  deviceName: string | null;
}

export const NOTHING_TIMED = { device_ms: 0, wait_ms: 0 };

/** Storage key of a run's step screenshot. */
export const stepScreenshotKey = (runPublicId: string, file: string) => `runs/${runPublicId}/${file}`;

/** A case's outcome before anything ran: passed until a step or assertion fails. */
export function emptyOutcome(): CaseOutcome {
  return {
    status: 'passed',
    error: null,
    steps: [],
    subFlows: [],
    assertions: [],
    trace: [],
    visualStatus: null,
    accessibilityStatus: null,
    baselineCandidates: [],
    baselinesWritten: [],
    healedSteps: [],
    suggestions: [],
    artifactBytes: 0,
    screens: new ScreenRecorder(),
  };
}

/** A step that did not run because an earlier one failed. */
export function skippedStep(index: number, text: string): StepEntry {
  return {
    index,
    text,
    status: 'skipped',
    resolved_by: null,
    actions: [],
    screenshot: null,
    visual: null,
    duration_ms: 0,
    timing: NOTHING_TIMED,
    error: null,
  };
}

const SEVERITY: Record<VisualVerdict, number> = { ok: 0, warn: 1, fail: 2 };

/** The more severe of two visual verdicts (fail > warn > ok > none). */
export function worst(a: VisualVerdict | null, b: VisualVerdict): VisualVerdict {
  return a === null || SEVERITY[b] > SEVERITY[a] ? b : a;
}
