import { describe, expect, it } from 'vitest';
import { judgeAssertionInRun, type RunTimeline } from './assertion-judge';
import type { Observation } from './interpreter';
import { node, screen } from './interpreter/hand-built-screens.fixture';
import { untouchable } from './run-timeline.fixture';

/**
 * A claim said of a screen by its title alone ("Checkout says "Deliver to Work"") after the steps left that
 * screen: judged on the last screen of the run so titled, never on another that happens to show the text.
 */

const home = (address: string) => screen('Home', [node('text', `Deliver to ${address}`, 80)]);
const checkout = (address: string) =>
  screen('Checkout', [node('text', `Deliver to ${address}`, 80), node('button', 'Place order', 600)]);
const placed = () => screen('Order placed', [node('text', 'Thanks, your order is in!', 80)]);

const steps = ['Change address to Work', 'Open basket, go to checkout, then tap Place order', 'tap Place order'];
const run = (screens: Array<Observation | null>): RunTimeline => ({
  points: screens.map((s, i) => ({ step: Math.min(i, 1), text: steps[i]!, screen: s })),
});

async function verdict(text: string, timeline: RunTimeline, now: Observation): Promise<string> {
  const cursor = { from: 0, at: null };
  const { resolution: r } = await judgeAssertionInRun(
    untouchable,
    text,
    now,
    timeline,
    cursor,
    new AbortController().signal,
  );
  return r.settled ? (r.passed ? 'pass' : 'fail') : 'not settled';
}

describe('a claim said of a screen the steps went past', () => {
  it('"Checkout says "Deliver to Work"" is read on the last Checkout screen', async () => {
    const timeline = run([home('Home'), home('Work'), checkout('Work')]);
    expect(await verdict('Checkout says "Deliver to Work"', timeline, placed())).toBe('pass');
  });

  it('near miss: Checkout showed another address; or no screen was Checkout though Home shows the text', async () => {
    expect(
      await verdict('Checkout says "Deliver to Work"', run([home('Work'), home('Work'), checkout('Home')]), placed()),
    ).toBe('fail');
    expect(
      await verdict('Checkout says "Deliver to Work"', run([home('Work'), home('Work'), home('Work')]), placed()),
    ).toBe('not settled');
  });
});

describe('a details screen the steps went past', () => {
  const details = (moved: string) =>
    screen('Appointment', [node('text', `Appointment moved to ${moved}`, 80), node('text', 'Dr Priya Shah', 130)]);
  const withBack = (o: Observation) => {
    o.tree.children[0]!.children[0]!.children = [node('button', 'Back', 0, { id: 'nav-back' })];
    return o;
  };
  const top = () => screen('Home', [node('text', 'Next appointment', 80)]);

  it('"Details show "Appointment moved to …"" is read on the last screen opened from another', async () => {
    const timeline = run([top(), withBack(details('Thu 16 Apr')), top()]);
    expect(await verdict('Details show "Appointment moved to Thu 16 Apr"', timeline, top())).toBe('pass');
  });

  it('near miss: the details said another time; no details screen at all is not judged', async () => {
    const moved = run([top(), withBack(details('Fri 17 Apr')), top()]);
    // Another text there may have been scrolled away then: never passed, not judged.
    expect(await verdict('Details show "Appointment moved to Thu 16 Apr"', moved, top())).not.toBe('pass');
    expect(await verdict('Details show "Appointment moved to Thu 16 Apr"', run([top(), top(), top()]), top())).toBe(
      'not settled',
    );
  });
});
