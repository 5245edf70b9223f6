import type { DeviceHandle } from '../../sessions';
import { judgeAssertionInRun, type RunTimeline } from './assertion-judge';
import type { Observation } from './interpreter';

/** A device no test of a run's judging may touch: judging a claim on kept screens never acts on the phone. */
export const untouchable = new Proxy({} as DeviceHandle, {
  get: () => {
    throw new Error('the device was used');
  },
});

/** An assertion judged at the end of a run with this timeline, the screen now `now`: pass, fail or not settled. */
export async function judgedInRun(claim: string, timeline: RunTimeline, now: Observation): Promise<string> {
  const cursor = { from: 0, at: null };
  const signal = new AbortController().signal;
  const { resolution: r } = await judgeAssertionInRun(untouchable, claim, now, timeline, cursor, signal);
  return r.settled ? (r.passed ? 'pass' : 'fail') : 'not settled';
}
