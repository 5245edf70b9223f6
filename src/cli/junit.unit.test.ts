import { DOMParser, type Element as XmlElement } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { junitXml } from './junit';
import { exitCodeOf, junitSuitesOf, type CiRun } from './run-watch';

const parse = (xml: string) => {
  const doc = new DOMParser({
    onError: (level, msg) => {
      if (level !== 'warning') throw new Error(msg);
    },
  }).parseFromString(xml, 'text/xml');
  return { root: doc.documentElement!, all: (n: string) => Array.from(doc.getElementsByTagName(n)) as XmlElement[] };
};
const run = (over: Partial<CiRun>): CiRun => ({
  run_id: 'ci_1',
  type: 'suite_run',
  status: 'failed',
  run_url: 'https://simdeck.test/ci/runs/ci_1',
  name: 'Checkout <smoke> & "more"',
  commit_sha: 'abc',
  started_at: '2026-06-01T12:00:00',
  created_at: '2026-06-01T11:59:59',
  duration_ms: 4500,
  error_message: null,
  queue: null,
  progress: [],
  results: null,
  ...over,
});

describe('JUnit reports', () => {
  it('a suite run: one testcase per case, failure/error/skipped by status, counts and escaping right', () => {
    const xml = junitXml('simdeck', [
      ...junitSuitesOf(
        run({
          results: [
            {
              case_name: 'Sign in',
              status: 'passed',
              duration_ms: 1200,
              error_message: null,
              url: 'https://simdeck.test/tests/runs/run_1',
            },
            {
              case_name: 'Pay',
              status: 'failed',
              duration_ms: 2300,
              error_message: 'Step 2 failed: no "Pay" <button>',
              url: 'https://simdeck.test/tests/runs/run_2',
            },
            { case_name: 'Refund', status: 'error', duration_ms: null, error_message: 'device lost', url: 'u3' },
            { case_name: 'Later', status: 'pending', duration_ms: null, error_message: null, url: 'u4' },
          ],
        }),
      ),
    ]);
    const { root, all } = parse(xml);
    expect(['tests', 'failures', 'errors', 'skipped', 'time'].map((a) => root.getAttribute(a))).toEqual([
      '4',
      '1',
      '1',
      '1',
      '4.500',
    ]);
    expect(all('testsuite')[0]!.getAttribute('name')).toBe('Checkout <smoke> & "more"');
    expect(all('testcase').map((c) => [c.getAttribute('name'), c.getAttribute('time')])).toEqual([
      ['Sign in', '1.200'],
      ['Pay', '2.300'],
      ['Refund', '0.000'],
      ['Later', '0.000'],
    ]);
    expect(all('failure')[0]!.getAttribute('message')).toBe('Step 2 failed: no "Pay" <button>');
    expect(all('error')[0]!.textContent).toBe('device lost');
    expect(all('skipped')).toHaveLength(1);
    expect(all('property').map((p) => [p.getAttribute('name'), p.getAttribute('value')])).toEqual([
      ['run_id', 'ci_1'],
      ['run_url', 'https://simdeck.test/ci/runs/ci_1'],
      ['commit_sha', 'abc'],
      ['status', 'failed'],
      // The start time is a property: Surefire's schema has no timestamp attribute.
      ['timestamp', '2026-06-01T12:00:00'],
    ]);
  });

  it('a test run: one testcase per step; a run that ended before any case is one errored case with the reason', () => {
    const steps = parse(
      junitXml('simdeck', [
        ...junitSuitesOf(
          run({
            type: 'test_run',
            status: 'passed',
            results: [{ index: 0, text: 'Tap Sign in', status: 'passed', duration_ms: 300, error: null }],
          }),
        ),
      ]),
    );
    expect(steps.all('testcase').map((c) => c.getAttribute('name'))).toEqual(['step 1: Tap Sign in']);
    expect(steps.root.getAttribute('failures')).toBe('0');
    const early = parse(
      junitXml('simdeck', [
        ...junitSuitesOf(
          run({ status: 'error', error_message: 'No device became free within 30 minutes', results: [] }),
        ),
      ]),
    );
    expect(early.all('error').map((e) => e.getAttribute('message'))).toEqual([
      'No device became free within 30 minutes',
    ]);
  });

  it('exit codes: 0 passed, 1 failed, 2 error, cancelled or still running', () => {
    expect(['passed', 'failed', 'error', 'cancelled', 'running'].map(exitCodeOf)).toEqual([0, 1, 2, 2, 2]);
  });
});
