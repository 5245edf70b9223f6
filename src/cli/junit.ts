import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';

/** An earlier attempt of a case that ran again (a retry), failed or errored. */
export interface JunitAttempt {
  status: 'failed' | 'error';
  message: string | null;
  url?: string | null;
}

/** A test case as a JUnit report has it. `skipped` is a case that never ran (a cancelled or ended run). */
export interface JunitCase {
  name: string;
  classname: string;
  durationMs: number | null;
  status: 'passed' | 'failed' | 'error' | 'skipped';
  message?: string | null;
  url?: string | null;
  /** Earlier attempts that failed: flaky entries when the case passed at last, rerun entries otherwise. */
  retried?: JunitAttempt[];
  /** More lines for the case's output (its device, video, logs). */
  output?: string[];
}

export interface JunitSuite {
  name: string;
  timestamp: string | null;
  durationMs: number | null;
  properties: Record<string, string | null | undefined>;
  cases: JunitCase[];
}

const seconds = (ms: number | null | undefined) => ((ms ?? 0) / 1000).toFixed(3);
const count = (cases: JunitCase[], status: JunitCase['status']) => cases.filter((c) => c.status === status).length;

/** Maps a run status to its JUnit outcome. */
export function junitStatus(status: string): JunitCase['status'] {
  if (status === 'passed') return 'passed';
  if (status === 'failed') return 'failed';
  if (status === 'error') return 'error';
  return 'skipped';
}

/**
 * A retried attempt the way Maven Surefire writes a rerun: `flakyFailure`/`flakyError` on a case
 * that passed at last, `rerunFailure`/`rerunError` on one that never did; the message in a
 * `stackTrace`, the attempt's run in `system-out`.
 */
function retryEntry(tc: XMLBuilder, kind: string, a: JunitAttempt, n: number): void {
  const message = a.message ?? a.status;
  const e = tc.ele(kind, { message, type: a.status === 'failed' ? 'failure' : 'error' });
  e.ele('stackTrace').txt(`attempt ${n}: ${message}`);
  if (a.url) e.ele('system-out').txt(a.url);
}

function testcase(suite: XMLBuilder, c: JunitCase): void {
  const tc = suite.ele('testcase', { name: c.name, classname: c.classname, time: seconds(c.durationMs) });
  const message = c.message ?? undefined;
  const retried = c.retried ?? [];
  const passed = c.status === 'passed';
  // Surefire's order: failure, rerunFailure, flakyFailure, skipped, error, rerunError, flakyError, system-out.
  if (c.status === 'failed')
    tc.ele('failure', { message: message ?? 'failed', type: 'failure' }).txt(message ?? 'failed');
  retried.forEach((a, i) => {
    if (a.status === 'failed') retryEntry(tc, passed ? 'flakyFailure' : 'rerunFailure', a, i + 1);
  });
  if (c.status === 'skipped') tc.ele('skipped', message ? { message } : {});
  if (c.status === 'error') tc.ele('error', { message: message ?? 'error', type: 'error' }).txt(message ?? 'error');
  retried.forEach((a, i) => {
    if (a.status === 'error') retryEntry(tc, passed ? 'flakyError' : 'rerunError', a, i + 1);
  });
  const out = [...(c.url ? [c.url] : []), ...(c.output ?? [])];
  if (out.length) tc.ele('system-out').txt(out.join('\n'));
}

/**
 * The JUnit XML that CI systems render (GitHub, GitLab, Jenkins, CircleCI), each `testsuite` as
 * Maven Surefire's schema has it: tests/failures/errors/skipped/time, `properties` (run, device,
 * start time), and a `testcase` per case (or per step of a single test) carrying `failure`,
 * `error` or `skipped`, with retried attempts as Surefire's flaky and rerun entries. A
 * `testsuites` root holds them all.
 */
export function junitXml(name: string, suites: JunitSuite[]): string {
  const all = suites.flatMap((s) => s.cases);
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('testsuites', {
    name,
    tests: String(all.length),
    failures: String(count(all, 'failed')),
    errors: String(count(all, 'error')),
    skipped: String(count(all, 'skipped')),
    time: seconds(suites.reduce((t, s) => t + (s.durationMs ?? 0), 0)),
  });
  for (const s of suites) {
    const suite = root.ele('testsuite', {
      name: s.name,
      time: seconds(s.durationMs),
      tests: String(s.cases.length),
      errors: String(count(s.cases, 'error')),
      skipped: String(count(s.cases, 'skipped')),
      failures: String(count(s.cases, 'failed')),
    });
    const props = Object.entries({ ...s.properties, timestamp: s.timestamp }).filter(
      (e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '',
    );
    if (props.length) {
      const p = suite.ele('properties');
      for (const [k, v] of props) p.ele('property', { name: k, value: v });
    }
    for (const c of s.cases) testcase(suite, c);
  }
  return root.end({ prettyPrint: true });
}
