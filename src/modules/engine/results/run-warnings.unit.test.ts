import { describe, expect, it } from 'vitest';
import { flakiness, slowness } from './run-warnings';

describe('flakiness (newest first)', () => {
  it('flags a run that flipped when the recent runs flipped at least twice', () => {
    expect(flakiness(['passed', 'failed', 'passed'])).toEqual({ flaky: true, flips: 2 });
    expect(flakiness(['failed', 'passed', 'passed', 'failed'])).toEqual({ flaky: true, flips: 2 });
  });

  it('a single change, or a run that repeats the previous outcome, is not flaky', () => {
    expect(flakiness(['failed', 'passed', 'passed'])).toMatchObject({ flaky: false, flips: 1 });
    expect(flakiness(['passed', 'passed', 'failed', 'passed'])).toMatchObject({ flaky: false, flips: 2 });
    expect(flakiness(['passed'])).toMatchObject({ flaky: false });
  });
});

describe('slowness', () => {
  it('over twice the median of earlier passed runs and 5 s more', () => {
    expect(slowness(12_000, [4_000, 5_000, 6_000])).toEqual({ slow: true, medianMs: 5_000 });
    expect(slowness(9_000, [4_000, 5_000, 6_000])).toEqual({ slow: false, medianMs: 5_000 });
    expect(slowness(900, [100, 100, 100])).toEqual({ slow: false, medianMs: 100 });
    expect(slowness(20_000, [4_000, 6_000, 5_000, 7_000])).toEqual({ slow: true, medianMs: 5_500 });
  });

  it('needs three earlier passed runs', () => {
    expect(slowness(60_000, [1_000, 1_000])).toEqual({ slow: false, medianMs: null });
  });
});
