import type { InputEvent, Rotation } from '../../../../worker/driver';
import type { ElementSelector } from '../selectors';
import type { CapabilityStep } from './capability-step';
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
  | { op: 'wait'; ms: number }
  /** Stops the app (it is started again by a later launch). */
  | { op: 'terminate' }
  /** A device capability: a link, the location, a permission, appearance, network or clipboard. */
  | { op: 'capability'; step: CapabilityStep };

/**
 * What the interpreter makes of a step on one screen. Not settled means it cannot act or judge
 * without guessing: the step goes to the model (or fails in a replay-only run) with `reason`.
 */
export type Resolution =
  | {
      settled: true;
      kind: 'actions';
      actions: DeviceAction[];
      reasoning: string;
      /** What is left of the step, read on the screen these actions lead to ("then tap Settings"). */
      then?: string;
    }
  | {
      settled: true;
      kind: 'scroll_until';
      plan: ScrollUntilPlan;
      reasoning: string;
      then?: string;
      /** Why the clause could not be read here: when the scroll never shows its element, the step is not settled for this reason. */
      notFound?: string;
      /** A check that failed before the scroll: when the scroll never shows what it reads, this failure stands. */
      checkFailed?: string;
    }
  | { settled: true; kind: 'wait_until'; plan: WaitUntilPlan; reasoning: string; then?: string }
  | { settled: true; kind: 'run_flow'; name: string; reasoning: string; then?: string }
  | { settled: true; kind: 'check'; passed: boolean; reasoning: string; then?: string }
  | { settled: false; reason: string; reveal?: Reveal };

/** An element the step means that is in the UI tree but scrolled away: scroll, then read the step again. */
export interface Reveal {
  text: string;
  direction: 'up' | 'down' | 'left' | 'right';
}

export type CheckResolution = Extract<Resolution, { kind: 'check' }> | Extract<Resolution, { settled: false }>;

export const notSettled = (reason: string): { settled: false; reason: string } => ({ settled: false, reason });

/** A check settled one way or the other, with why. */
export const passed = (ok: boolean, reasoning: string): CheckResolution => ({
  settled: true,
  kind: 'check',
  passed: ok,
  reasoning,
});
