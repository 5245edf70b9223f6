import type { InputEvent, Rotation } from '../../../../worker/driver';
import type { ElementSelector } from '../selectors';
import type { ScrollUntilPlan, WaitUntilPlan } from './plans';

/**
 * A concrete device action. Input carries the selector of the element it acted on (null for
 * keys and free swipes) so that a run can record it and the next run can replay it.
 */
export type DeviceAction =
  | { op: 'input'; event: InputEvent; selector: ElementSelector | null }
  | { op: 'launch' }
  | { op: 'relaunch' }
  | { op: 'back' }
  | { op: 'home' }
  | { op: 'rotate'; rotation: Rotation }
  | { op: 'wait'; ms: number };

/**
 * What the interpreter makes of a step on one screen. Not settled means it cannot act or judge
 * without guessing: the step goes to the model (or fails in a replay-only run) with `reason`.
 */
export type Resolution =
  | { settled: true; kind: 'actions'; actions: DeviceAction[]; reasoning: string }
  | { settled: true; kind: 'scroll_until'; plan: ScrollUntilPlan; reasoning: string }
  | { settled: true; kind: 'wait_until'; plan: WaitUntilPlan; reasoning: string }
  | { settled: true; kind: 'run_flow'; name: string; reasoning: string }
  | { settled: true; kind: 'check'; passed: boolean; reasoning: string }
  | { settled: false; reason: string };

export type CheckResolution = Extract<Resolution, { kind: 'check' }> | Extract<Resolution, { settled: false }>;

export const notSettled = (reason: string): { settled: false; reason: string } => ({ settled: false, reason });
