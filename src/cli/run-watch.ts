import type { ApiClient } from './api-client';
import { junitStatus, type JunitCase, type JunitSuite } from './junit';

export const TERMINAL = ['passed', 'failed', 'cancelled', 'error'];

/** The poll payload of GET /ci/runs/{run_id}, as far as the CLI reads it. */
export interface CiRun {
  run_id: string;
  type: 'suite_run' | 'test_run';
  status: string;
  run_url: string;
  name?: string;
  suite_id?: string | null;
  /** The engine's test run (a test) or suite run (a suite) behind it. */
  engine_run_id?: string | null;
  commit_sha: string | null;
  started_at: string | null;
  created_at: string;
  duration_ms: number | null;
  error_message: string | null;
  queue: { position: number } | null;
  progress: Array<{ at: string; message: string }>;
  results: Array<CaseResult | StepResult> | null;
  shards?: Shard[] | null;
  targets?: Array<{
    index: number;
    device_type: string;
    category: string | null;
    model: string | null;
    os_version: string | null;
    run_id: string;
    status: string;
    passed: number;
    failed: number;
    shards: Shard[] | null;
  }> | null;
}
export interface Shard {
  index: number;
  session_id: string;
  device_id: string | null;
  device_name: string | null;
  cases: number;
  status: string;
}
export interface CaseResult {
  case_id?: string;
  case_name: string;
  run_id?: string;
  status: string;
  duration_ms: number | null;
  error_message: string | null;
  url: string;
  flaky?: boolean;
  quarantined?: boolean;
  attempts?: Array<{ attempt: number; run_id: string; status: string; error_message: string | null }>;
  shard?: number | null;
  device_id?: string | null;
  device_name?: string | null;
  target?: number | null;
  /** Present once runs record video and logs. */
  video?: { url: string } | null;
  logs_url?: string | null;
}
export interface StepResult {
  index: number;
  text: string;
  status: string;
  duration_ms: number | null;
  error: string | null;
}

export interface MultiRun {
  id: string;
  status: string;
  started_at: string;
  suite_runs: Array<{
    suite_id: string;
    suite_name: string;
    run_id: string;
    status: string;
    passed: number;
    failed: number;
  }>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Prints what is new in a run since the last poll: its queue position, then its progress lines. */
export class RunReporter {
  private seen = new Map<string, Set<string>>();
  private position = new Map<string, number | null>();

  constructor(private readonly say: (line: string) => void) {}

  report(run: CiRun, label = ''): void {
    const pos = run.queue?.position ?? null;
    if (pos !== (this.position.get(run.run_id) ?? null))
      this.say(`${label}waiting for a device: position ${pos ?? '-'} in the queue`);
    this.position.set(run.run_id, pos);
    const seen = this.seen.get(run.run_id) ?? new Set<string>();
    this.seen.set(run.run_id, seen);
    for (const p of run.progress) {
      const key = `${p.at}|${p.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      this.say(`${label}${p.message}`);
    }
  }
}

/** Polls a CI run until it ends (or `timeoutMs` passes: then the last payload, still running). */
export async function watchRun(
  api: ApiClient,
  runId: string,
  o: { intervalMs: number; timeoutMs: number; reporter: RunReporter },
): Promise<CiRun> {
  const until = Date.now() + o.timeoutMs;
  for (;;) {
    const run = await api.get<CiRun>(`/ci/runs/${encodeURIComponent(runId)}`);
    o.reporter.report(run);
    if (TERMINAL.includes(run.status) || Date.now() > until) return run;
    await sleep(o.intervalMs);
  }
}

/** Polls a multi-suite run until it ends, reporting each child run's progress as it goes. */
export async function watchMulti(
  api: ApiClient,
  id: string,
  o: { intervalMs: number; timeoutMs: number; reporter: RunReporter },
): Promise<{ multi: MultiRun; runs: CiRun[] }> {
  const until = Date.now() + o.timeoutMs;
  const finished = new Map<string, CiRun>();
  for (;;) {
    const multi = await api.get<MultiRun>(`/ci/multi-suite-runs/${encodeURIComponent(id)}`);
    for (const s of multi.suite_runs) {
      if (finished.has(s.run_id) || s.status === 'pending') continue;
      const run = await api.get<CiRun>(`/ci/runs/${encodeURIComponent(s.run_id)}`);
      o.reporter.report(run, `[${s.suite_name}] `);
      if (TERMINAL.includes(run.status)) finished.set(s.run_id, run);
    }
    if (TERMINAL.includes(multi.status) || Date.now() > until) {
      const runs = await Promise.all(
        multi.suite_runs.map(
          async (s) => finished.get(s.run_id) ?? api.get<CiRun>(`/ci/runs/${encodeURIComponent(s.run_id)}`),
        ),
      );
      return { multi, runs };
    }
    await sleep(o.intervalMs);
  }
}

/** A matrix target in words, as the report names it: "android phone Pixel 8 14". */
function targetName(t: NonNullable<CiRun['targets']>[number]): string {
  return [t.device_type, t.category ?? 'handheld', t.model, t.os_version].filter(Boolean).join(' ');
}

/** A case of a suite run as a JUnit case: its retried attempts, its device, video and logs. */
function junitCaseOf(c: CaseResult, classname: string): JunitCase {
  const attempts = c.attempts ?? [];
  const earlier = attempts.slice(0, -1).filter((a) => a.status === 'failed' || a.status === 'error');
  const quarantinedFailure = c.quarantined && c.status !== 'passed';
  return {
    name: c.case_name,
    classname,
    durationMs: c.duration_ms,
    // A quarantined case's failure does not fail the run: CI shows it skipped, saying why.
    status: quarantinedFailure ? 'skipped' : junitStatus(c.status),
    message: quarantinedFailure ? `quarantined; ${c.status}: ${c.error_message ?? c.status}` : c.error_message,
    url: c.url,
    retried: earlier.map((a) => ({
      status: a.status as 'failed' | 'error',
      message: a.error_message,
      url: c.run_id ? c.url.replace(c.run_id, a.run_id) : null,
    })),
    output: [
      ...(c.device_name ? [`device: ${c.device_name}${c.device_id ? ` (${c.device_id})` : ''}`] : []),
      ...(c.video?.url ? [`video: ${c.video.url}`] : []),
      ...(c.logs_url ? [`logs: ${c.logs_url}`] : []),
      ...(c.flaky ? [`flaky: passed on attempt ${attempts.length}`] : []),
    ],
  };
}

/**
 * A finished CI run as JUnit suites: a suite run's cases, one suite per device matrix target and
 * shard (each with its device, session and run as properties); a test run's steps as one suite.
 */
export function junitSuitesOf(run: CiRun): JunitSuite[] {
  const name = run.name ?? run.run_id;
  const base = {
    name,
    timestamp: run.started_at ?? run.created_at,
    durationMs: run.duration_ms,
    properties: { run_id: run.run_id, run_url: run.run_url, commit_sha: run.commit_sha, status: run.status },
  };
  const results = run.results ?? [];
  if (run.type === 'suite_run') {
    const cases = results as CaseResult[];
    // A run that ended before any case (no device, a bad build) is one errored case, so CI shows why.
    if (cases.length === 0)
      return [
        {
          ...base,
          cases:
            run.status === 'passed'
              ? []
              : [
                  {
                    name,
                    classname: name,
                    durationMs: run.duration_ms,
                    status: junitStatus(run.status),
                    message: run.error_message ?? run.status,
                    url: run.run_url,
                  },
                ],
        },
      ];
    const groups = new Map<string, CaseResult[]>();
    for (const c of cases) {
      const key = `${c.target ?? ''}|${c.shard ?? ''}`;
      groups.set(key, [...(groups.get(key) ?? []), c]);
    }
    const split = groups.size > 1;
    return [...groups.values()].map((group) => {
      const first = group[0]!;
      const target = first.target == null ? undefined : run.targets?.find((t) => t.index === first.target);
      const shards = target ? target.shards : run.shards;
      const shard = first.shard == null ? undefined : shards?.find((s) => s.index === first.shard);
      const label = [target && targetName(target), split && first.shard != null && `shard ${first.shard + 1}`]
        .filter(Boolean)
        .join(', ');
      const suiteName = label ? `${name} [${label}]` : name;
      return {
        ...base,
        name: suiteName,
        durationMs: split ? group.reduce((t, c) => t + (c.duration_ms ?? 0), 0) : run.duration_ms,
        properties: {
          ...base.properties,
          target: target ? targetName(target) : undefined,
          target_run_id: target?.run_id,
          shard: first.shard == null ? undefined : String(first.shard),
          device: shard?.device_name ?? first.device_name ?? undefined,
          device_id: shard?.device_id ?? first.device_id ?? undefined,
          session_id: shard?.session_id,
        },
        cases: group.map((c) => junitCaseOf(c, suiteName)),
      };
    });
  }
  const steps: JunitCase[] = (results as StepResult[]).map((s) => ({
    name: `step ${s.index + 1}: ${s.text}`,
    classname: name,
    durationMs: s.duration_ms,
    status: junitStatus(s.status),
    message: s.error,
    url: null,
  }));
  if (
    steps.length === 0 ||
    (run.status !== 'passed' && !steps.some((s) => s.status === 'failed' || s.status === 'error'))
  ) {
    steps.push({
      name,
      classname: name,
      durationMs: run.duration_ms,
      status: junitStatus(run.status),
      message: run.error_message ?? (run.status === 'passed' ? null : run.status),
      url: run.run_url,
    });
  }
  return [{ ...base, cases: steps }];
}

/** 0 passed, 1 failed, 2 error, cancelled, or still running at the timeout. */
export function exitCodeOf(status: string): number {
  return status === 'passed' ? 0 : status === 'failed' ? 1 : 2;
}
