import { create } from 'xmlbuilder2';

/** A test case as a JUnit report has it. `skipped` is a case that never ran (a cancelled or ended run). */
export interface JunitCase {
  name: string;
  classname: string;
  durationMs: number | null;
  status: 'passed' | 'failed' | 'error' | 'skipped';
  message?: string | null;
  url?: string | null;
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
 * The JUnit XML that CI systems render (GitHub, GitLab, Jenkins, CircleCI): a `testsuites` root,
 * one `testsuite` per suite with tests/failures/errors/skipped/time, and a `testcase` per case
 * (or per step of a single test) carrying `failure`, `error` or `skipped`.
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
  suites.forEach((s, i) => {
    const suite = root.ele('testsuite', {
      id: String(i),
      name: s.name,
      tests: String(s.cases.length),
      failures: String(count(s.cases, 'failed')),
      errors: String(count(s.cases, 'error')),
      skipped: String(count(s.cases, 'skipped')),
      time: seconds(s.durationMs),
      ...(s.timestamp ? { timestamp: s.timestamp } : {}),
    });
    const props = Object.entries(s.properties).filter(
      (e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '',
    );
    if (props.length) {
      const p = suite.ele('properties');
      for (const [k, v] of props) p.ele('property', { name: k, value: v });
    }
    for (const c of s.cases) {
      const tc = suite.ele('testcase', { name: c.name, classname: c.classname, time: seconds(c.durationMs) });
      const message = c.message ?? undefined;
      if (c.status === 'failed')
        tc.ele('failure', { message: message ?? 'failed', type: 'failure' }).txt(message ?? 'failed');
      else if (c.status === 'error')
        tc.ele('error', { message: message ?? 'error', type: 'error' }).txt(message ?? 'error');
      else if (c.status === 'skipped') tc.ele('skipped', message ? { message } : {});
      if (c.url) tc.ele('system-out').txt(c.url);
    }
  });
  return root.end({ prettyPrint: true });
}
