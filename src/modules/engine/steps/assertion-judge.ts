import type { DeviceHandle } from '../../sessions';
import { runLoopPlan } from './device-actions';
import {
  assertionCheck,
  checkReveal,
  interpretAssertion,
  judgeCheck,
  type CheckResolution,
  type Observation,
} from './interpreter';
import { sleep, waitForSettledScreen } from './settle';

/**
 * An assertion on the screen the steps left; one that fails on what may be scrolled away is read
 * again once that is scrolled into view (at most three times; the observation moves on with it for
 * the next assertion).
 */
export async function judgeAssertionOnScreen(
  device: DeviceHandle,
  text: string,
  observation: Observation,
  signal: AbortSignal,
): Promise<CheckResolution> {
  let r = interpretAssertion(text, observation);
  // A check that failed, or that could not find the element it reads ("The From field contains …" with
  // the form scrolled away), may be true of what is scrolled out of view.
  const retry = (c: CheckResolution) => (c.settled ? !c.passed : /^no element matches\b/.test(c.reason));
  let check = assertionCheck(text, observation);
  for (let tries = 0; check && tries < 3 && retry(r); tries++) {
    const reveal = checkReveal(check, observation);
    if (!reveal) break;
    const { plan, rest } = reveal;
    check = rest;
    const wait = (ms: number, s?: AbortSignal) => sleep(ms, s);
    const { met } = await runLoopPlan(plan, { device, appPackage: null, signal, wait });
    observation.tree = (await waitForSettledScreen(device, { signal })).tree;
    if (!met) break;
    r = judgeCheck(check, observation);
  }
  return r;
}
