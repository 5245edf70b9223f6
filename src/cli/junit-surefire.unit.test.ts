import fs from 'node:fs';
import path from 'node:path';
import { DOMParser, XMLSerializer, type Element as XmlElement } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { junitXml } from './junit';
import { junitSuitesOf, type CaseResult, type CiRun } from './run-watch';

/**
 * The JUnit report against Maven Surefire's test report schema (test/fixtures/surefire-testsuite.xsd,
 * validated by libxml2's xmllint compiled to WebAssembly): every <testsuite> it writes is one
 * Surefire would, retried attempts included.
 */
const XSD = fs.readFileSync(path.join(__dirname, '../../test/fixtures/surefire-testsuite.xsd'), 'utf8');

async function surefireProblems(suiteXml: string): Promise<string[]> {
  const r = await validateXML({
    xml: [{ fileName: 'suite.xml', contents: suiteXml }],
    schema: [{ fileName: 'surefire.xsd', contents: XSD }],
  });
  return r.valid ? [] : r.errors.map((e) => e.rawMessage);
}

const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml');
const suitesIn = (xml: string) => Array.from(parse(xml).getElementsByTagName('testsuite')) as XmlElement[];

const shard = (index: number, device: string) => ({
  index,
  session_id: `sess-${device}`,
  device_id: `dev-${device}`,
  device_name: device,
  cases: 2,
  status: 'finished',
});
const result = (over: Partial<CaseResult> & Pick<CaseResult, 'case_name'>): CaseResult => ({
  case_id: `case_${over.case_name}`,
  run_id: `run_${over.case_name}`,
  status: 'passed',
  duration_ms: 1500,
  error_message: null,
  url: `https://simdeck.test/runs/run_${over.case_name}`,
  flaky: false,
  quarantined: false,
  attempts: [{ attempt: 1, run_id: `run_${over.case_name}`, status: over.status ?? 'passed', error_message: null }],
  shard: 0,
  device_id: 'dev-Pixel',
  device_name: 'Pixel',
  target: 0,
  ...over,
});

/** A device matrix: an Android target on two shards, an iOS target on one. */
const matrix: CiRun = {
  run_id: 'ci_m',
  type: 'suite_run',
  status: 'failed',
  run_url: 'https://simdeck.test/ci/runs/ci_m',
  name: 'Checkout <smoke> & "more"',
  commit_sha: 'abc1234',
  started_at: '2026-06-01T12:00:00',
  created_at: '2026-06-01T11:59:59',
  duration_ms: 61_234,
  error_message: null,
  queue: null,
  progress: [],
  shards: null,
  targets: [
    {
      index: 0,
      device_type: 'android',
      category: 'phone',
      model: null,
      os_version: '14',
      run_id: 'ci_a',
      status: 'failed',
      passed: 2,
      failed: 1,
      shards: [shard(0, 'Pixel'), shard(1, 'Pixel B')],
    },
    {
      index: 1,
      device_type: 'ios',
      category: 'tablet',
      model: 'iPad Air',
      os_version: null,
      run_id: 'ci_i',
      status: 'passed',
      passed: 1,
      failed: 0,
      shards: [shard(0, 'iPad')],
    },
  ],
  results: [
    result({ case_name: 'Sign in' }),
    // Failed, then passed on the retry: flaky, a flakyFailure entry.
    result({
      case_name: 'Search',
      flaky: true,
      attempts: [
        { attempt: 1, run_id: 'run_s1', status: 'failed', error_message: 'step 2 failed: no "Go" <button>' },
        { attempt: 2, run_id: 'run_Search', status: 'passed', error_message: null },
      ],
      video: { url: 'https://simdeck.test/videos/run_Search.mp4' },
    }),
    // Failed on every attempt (one errored): a failure with rerun entries.
    result({
      case_name: 'Pay',
      status: 'failed',
      error_message: 'step 3 failed',
      shard: 1,
      device_id: 'dev-Pixel B',
      device_name: 'Pixel B',
      attempts: [
        { attempt: 1, run_id: 'run_p1', status: 'error', error_message: 'The device was lost' },
        { attempt: 2, run_id: 'run_p2', status: 'failed', error_message: 'step 3 failed' },
        { attempt: 3, run_id: 'run_Pay', status: 'failed', error_message: 'step 3 failed' },
      ],
    }),
    // Quarantined: its failure fails nothing, so CI shows it skipped.
    result({ case_name: 'Refund', status: 'failed', quarantined: true, error_message: 'flaky backend', shard: 1 }),
    result({ case_name: 'Sign in', target: 1, device_id: 'dev-iPad', device_name: 'iPad' }),
  ],
};

describe('JUnit like Maven Surefire', () => {
  it('one testsuite per target and shard, each valid against the Surefire schema', async () => {
    const xml = junitXml('simdeck', junitSuitesOf(matrix));
    const suites = suitesIn(xml);
    expect(suites.map((s) => s.getAttribute('name'))).toEqual([
      'Checkout <smoke> & "more" [android phone 14, shard 1]',
      'Checkout <smoke> & "more" [android phone 14, shard 2]',
      'Checkout <smoke> & "more" [ios tablet iPad Air, shard 1]',
    ]);
    for (const s of suites) expect(await surefireProblems(new XMLSerializer().serializeToString(s))).toEqual([]);

    const props = (s: XmlElement) =>
      Object.fromEntries(
        (Array.from(s.getElementsByTagName('property')) as XmlElement[]).map((p) => [
          p.getAttribute('name'),
          p.getAttribute('value'),
        ]),
      );
    expect(props(suites[1]!)).toMatchObject({
      run_url: 'https://simdeck.test/ci/runs/ci_m',
      target: 'android phone 14',
      target_run_id: 'ci_a',
      device: 'Pixel B',
      device_id: 'dev-Pixel B',
      session_id: 'sess-Pixel B',
      shard: '1',
      timestamp: '2026-06-01T12:00:00',
    });
    expect(props(suites[2]!)).toMatchObject({ device: 'iPad', target: 'ios tablet iPad Air' });

    const doc = parse(xml);
    const one = (tag: string) => Array.from(doc.getElementsByTagName(tag)) as XmlElement[];
    // The flaky case passed: no failure of its own, its failed attempt as a flakyFailure.
    const flaky = one('flakyFailure');
    expect(flaky).toHaveLength(1);
    expect(flaky[0]!.getAttribute('message')).toBe('step 2 failed: no "Go" <button>');
    expect(flaky[0]!.getElementsByTagName('stackTrace')[0]!.textContent).toMatch(/^attempt 1: /);
    expect(flaky[0]!.getElementsByTagName('system-out')[0]!.textContent).toBe('https://simdeck.test/runs/run_s1');
    // The case that never passed: one failure, its earlier attempts as reruns.
    expect(one('failure').map((f) => f.getAttribute('message'))).toEqual(['step 3 failed']);
    expect(one('rerunFailure')).toHaveLength(1);
    expect(one('rerunError').map((e) => e.getAttribute('message'))).toEqual(['The device was lost']);
    expect(one('skipped').map((s) => s.getAttribute('message'))).toEqual(['quarantined; failed: flaky backend']);
    // Counts add up per suite: the failing shard has one failure and one skipped (quarantined).
    expect(['tests', 'failures', 'errors', 'skipped'].map((a) => suites[1]!.getAttribute(a))).toEqual([
      '2',
      '1',
      '0',
      '1',
    ]);
    // Video links travel in the case's output.
    expect(xml).toContain('video: https://simdeck.test/videos/run_Search.mp4');
  });

  it('a single-shard run without a matrix is one testsuite, still valid', async () => {
    const plain: CiRun = {
      ...matrix,
      targets: null,
      results: [result({ case_name: 'A', target: null }), result({ case_name: 'B', target: null, status: 'error' })],
    };
    const suites = suitesIn(junitXml('simdeck', junitSuitesOf(plain)));
    expect(suites.map((s) => s.getAttribute('name'))).toEqual(['Checkout <smoke> & "more"']);
    expect(await surefireProblems(new XMLSerializer().serializeToString(suites[0]!))).toEqual([]);
  });

  it('the schema bites: a flaky entry without its stackTrace, or an id attribute, is refused', async () => {
    const bad = `<testsuite name="s" tests="1" errors="0" skipped="0" failures="0">
      <testcase name="c" time="1.000"><flakyFailure message="m" type="failure"/></testcase></testsuite>`;
    expect((await surefireProblems(bad)).length).toBeGreaterThan(0);
    const id = `<testsuite id="0" name="s" tests="0" errors="0" skipped="0" failures="0"/>`;
    expect((await surefireProblems(id)).length).toBeGreaterThan(0);
  });
});
