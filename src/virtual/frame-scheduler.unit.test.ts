import { describe, expect, it } from 'vitest';
import { FrameScheduler } from './frame-scheduler';

/** A few event-loop turns: a finished frame's slot is handed on in the turn after it settles. */
const tick = async () => {
  for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
};

/** A one-slot scheduler whose slot device `a` holds until `release()`; `order` records the frames that ran. */
function heldSlot() {
  const s = new FrameScheduler(1);
  const order: string[] = [];
  const held = { release: () => {} };
  const [a, b, c] = [{}, {}, {}];
  s.request(a, () => new Promise<void>((r) => (held.release = r)), false);
  return { s, order, a, b, c, release: () => held.release() };
}

describe('FrameScheduler', () => {
  it('runs at most `slots` frames at once, one pending frame per device, urgent ones first', async () => {
    const s = new FrameScheduler(1);
    const order: string[] = [];
    const gates: Array<() => void> = [];
    const job = (name: string) => () => {
      order.push(name);
      return new Promise<void>((r) => gates.push(r));
    };
    const [a, b, c] = [{}, {}, {}];
    s.request(a, job('a1'), false);
    s.request(b, job('b1'), false);
    s.request(b, job('b2'), false); // folds into b's pending frame
    s.request(c, job('c1'), true); // a tap: ahead of the drag frames
    expect(order).toEqual([]); // frames start from the event loop, not inside the request
    await tick();
    expect(order).toEqual(['c1']);
    expect(s.queued).toBe(2);
    gates.shift()!();
    await tick();
    expect(order).toEqual(['c1', 'a1']);
    gates.shift()!();
    await tick();
    expect(order).toEqual(['c1', 'a1', 'b1']);
    s.request(a, job('a2'), false);
    s.cancel(a);
    gates.shift()!();
    await tick();
    expect(order).toEqual(['c1', 'a1', 'b1']);
    expect(s.queued).toBe(0);
  });

  it('promotes a pending drag frame when an urgent change comes (the newest job runs)', async () => {
    const { s, order, b, c, release } = heldSlot();
    await tick();
    s.request(b, async () => void order.push('b'), false);
    s.request(
      c,
      async () => {
        order.push('c');
        throw new Error('render failed');
      },
      false,
    );
    s.request(c, async () => void order.push('c-urgent'), true);
    release();
    await tick();
    await tick();
    expect(order).toEqual(['c-urgent', 'b']);
  });

  it('promote() moves a waiting drag frame ahead and keeps its job; a running or absent one is not queued again', async () => {
    const { s, order, a, b, c, release } = heldSlot();
    s.request(b, async () => void order.push('b'), false);
    s.request(c, async () => void order.push('c'), false);
    await tick();
    expect(s.promote(a)).toBe(false); // running, not waiting
    expect(s.promote(c)).toBe(true);
    expect(s.promote(c)).toBe(true); // already ahead
    expect(s.promote({})).toBe(false);
    expect(s.queued).toBe(2);
    release();
    await tick();
    await tick();
    expect(order).toEqual(['c', 'b']);
  });

  it("a device that keeps asking for urgent frames (a flood of taps) does not starve the others' drag frames", async () => {
    const s = new FrameScheduler(1);
    const order: string[] = [];
    const [flooder, dragger] = [{}, {}];
    let floods = 0;
    const flood = async () => {
      order.push('tap');
      // Every frame it gets, it asks for another urgent one at once.
      if (++floods < 20) s.request(flooder, flood, true);
    };
    s.request(flooder, flood, true);
    s.request(dragger, async () => void order.push('drag'), false);
    for (let i = 0; i < 10; i++) await tick();
    expect(order.indexOf('drag')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('drag')).toBeLessThanOrEqual(2);
  });
});
