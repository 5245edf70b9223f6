import { describe, expect, it } from 'vitest';
import type { CiRunStatus } from '../../db/schema';
import { aggregateStatus, ciStatusOfEngineRun, commitStatusOf } from './ci-outcome';

const child = (status: CiRunStatus, started = true) => ({ status, started });

describe('aggregateStatus (spec: Multi-suite run)', () => {
  it('is running while any child is in flight, pending while none has started', () => {
    expect(aggregateStatus([child('pending', false), child('pending', false)])).toBe('pending');
    expect(aggregateStatus([child('running'), child('pending', false)])).toBe('running');
    expect(aggregateStatus([child('passed'), child('pending', false)])).toBe('running');
    expect(aggregateStatus([child('error'), child('running')])).toBe('running');
  });

  it('otherwise error > cancelled > failed > passed', () => {
    expect(aggregateStatus([child('passed'), child('passed')])).toBe('passed');
    expect(aggregateStatus([child('passed'), child('failed')])).toBe('failed');
    expect(aggregateStatus([child('failed'), child('cancelled'), child('passed')])).toBe('cancelled');
    expect(aggregateStatus([child('cancelled'), child('error'), child('failed')])).toBe('error');
  });
});

describe('ciStatusOfEngineRun', () => {
  it('maps the engine run statuses; a test run cancelled (error "Cancelled") is cancelled', () => {
    expect(ciStatusOfEngineRun({ status: 'passed', errorMessage: null })).toBe('passed');
    expect(ciStatusOfEngineRun({ status: 'failed', errorMessage: 'Step 2 failed' })).toBe('failed');
    expect(ciStatusOfEngineRun({ status: 'cancelled', errorMessage: null })).toBe('cancelled');
    expect(ciStatusOfEngineRun({ status: 'error', errorMessage: 'Cancelled' })).toBe('cancelled');
    expect(ciStatusOfEngineRun({ status: 'error', errorMessage: 'interrupted' })).toBe('error');
  });
});

describe('commitStatusOf', () => {
  const run = {
    phase: 'running',
    targetName: 'Checkout',
    errorMessage: null,
    visualRegressionStatus: null,
    cases: null,
  } as const;

  it('is pending until the run ends, saying what it waits for', () => {
    expect(commitStatusOf({ ...run, status: 'pending', phase: 'queued' })).toEqual({
      state: 'pending',
      description: 'Waiting for a free device',
    });
    expect(commitStatusOf({ ...run, status: 'running' })).toEqual({ state: 'pending', description: 'Running' });
  });

  it('passed → success; with a visual warn or fail verdict, success with a warning description', () => {
    expect(commitStatusOf({ ...run, status: 'passed', cases: { passed: 3, total: 3 } })).toEqual({
      state: 'success',
      description: 'Passed (3 of 3 cases passed)',
    });
    expect(commitStatusOf({ ...run, status: 'passed', visualRegressionStatus: 'warn' })).toEqual({
      state: 'success',
      description: 'Passed with a visual regression warning (warn)',
    });
    expect(commitStatusOf({ ...run, status: 'passed', visualRegressionStatus: 'ok' }).description).toBe('Passed');
  });

  it('failed → failure; error and cancelled → error', () => {
    expect(commitStatusOf({ ...run, status: 'failed', cases: { passed: 1, total: 3 } })).toEqual({
      state: 'failure',
      description: 'Failed (1 of 3 cases passed)',
    });
    expect(commitStatusOf({ ...run, status: 'error', errorMessage: 'The device was lost' })).toEqual({
      state: 'error',
      description: 'Error: The device was lost',
    });
    expect(commitStatusOf({ ...run, status: 'cancelled' })).toEqual({ state: 'error', description: 'Cancelled' });
  });
});
