import { describe, expect, it } from 'vitest';
import { flakinessOf } from './case-flakiness';

const runs = (s: string) =>
  [...s].reverse().map((ch) => ({ status: ch === 'f' ? 'failed' : 'passed', flaky: ch === 'F' }));

describe('flakiness score', () => {
  it('is 0 without runs, for a case that always passes, and for one that always fails', () => {
    expect(flakinessOf([])).toEqual({ score: 0, runs: 0, flaky_runs: 0, alternations: 0 });
    expect(flakinessOf(runs('pppp')).score).toBe(0);
    expect(flakinessOf(runs('ffff')).score).toBe(0);
  });

  it('counts runs that passed only on a retry', () => {
    expect(flakinessOf(runs('pFpp'))).toEqual({ score: 0.25, runs: 4, flaky_runs: 1, alternations: 0 });
  });

  it('counts each flip between passed and failed (oldest first in the string)', () => {
    expect(flakinessOf(runs('pfpf'))).toEqual({ score: 0.75, runs: 4, flaky_runs: 0, alternations: 3 });
    expect(flakinessOf(runs('ppff'))).toMatchObject({ alternations: 1, score: 0.25 });
  });
});
