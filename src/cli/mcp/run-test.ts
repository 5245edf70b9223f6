import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ApiClient } from '../api-client';
import { TERMINAL, type CiRun } from '../run-watch';

/** What a tool handler gets to say how far it is, and when to stop. */
export interface Reporter {
  signal: AbortSignal;
  progress(step: number, message: string): Promise<void>;
}

export const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        reject(signal.reason);
      },
      { once: true },
    );
  });

export const text = (value: unknown): CallToolResult => ({
  content: [{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value, null, 2) }],
});

export const RUN_TEST_INPUT = z.object({
  test_id: z.string().optional(),
  suite_id: z.string().optional(),
  session_id: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe('run on this active session (one the agent holds) instead of a device the server allocates'),
  device_category: z.enum(['phone', 'tablet', 'tv']).optional(),
  build_id: z.number().int().positive().optional(),
  mode: z.enum(['hybrid', 'ai', 'replay']).optional(),
});

interface Step {
  index?: number;
  text?: string;
  status?: string;
  resolved_by?: string | null;
  duration_ms?: number;
  error?: string | null;
}
interface TestRun {
  public_id: string;
  status: string;
  error_message: string | null;
  duration_ms: number | null;
  result: { steps?: Step[] } | null;
}
interface SuiteRun {
  public_id: string;
  status: string;
  error_message: string | null;
  duration_ms: number | null;
  test_runs: Array<{ public_id: string; test_case_public_id: string; status: string; error_message: string | null }>;
}

/** A run's steps as the result lists them: numbered from 1, as the console and the CLI show them. */
function stepsOf(run: TestRun) {
  return (run.result?.steps ?? []).map((s) => ({
    step: (s.index ?? 0) + 1,
    text: s.text ?? '',
    status: s.status ?? 'skipped',
    resolved_by: s.resolved_by ?? null,
    error: s.error ?? null,
  }));
}

/**
 * `run_test`: a saved case or suite, on the session the agent holds (`/ai/test/run`,
 * `/ai/suite/run`) or on a device the server allocates (`/ci/run-test`, `/ci/run-suite`); waits
 * for the end, reporting progress.
 */
export async function runTest(
  api: ApiClient,
  a: z.infer<typeof RUN_TEST_INPUT>,
  r: Reporter,
  pollMs: number,
): Promise<CallToolResult> {
  if (!a.test_id === !a.suite_id) return { ...text('Give exactly one of test_id and suite_id'), isError: true };
  if (a.session_id) return runOnSession(api, { ...a, session_id: a.session_id }, r, pollMs);
  const body = { device_category: a.device_category, build_id: a.build_id, mode: a.mode, metadata: { source: 'mcp' } };
  const started = await api.post<{ run_id: string }>(
    a.test_id ? '/ci/run-test' : '/ci/run-suite',
    a.test_id ? { ...body, test_id: a.test_id } : { ...body, suite_id: a.suite_id },
    r.signal,
  );
  const seen = new Set<string>();
  let step = 0;
  for (;;) {
    const run = await api.get<CiRun>(`/ci/runs/${started.run_id}`, r.signal);
    if (run.queue) await r.progress(++step, `waiting for a device: position ${run.queue.position}`);
    for (const p of run.progress)
      if (!seen.has(`${p.at}${p.message}`) && seen.add(`${p.at}${p.message}`)) await r.progress(++step, p.message);
    if (TERMINAL.includes(run.status)) {
      const { run_id, type, status, run_url, duration_ms, error_message, results } = run;
      return {
        ...text({ run_id, type, status, run_url, duration_ms, error_message, results }),
        isError: status === 'error' || status === 'cancelled',
      };
    }
    await sleep(pollMs, r.signal);
  }
}

async function runOnSession(
  api: ApiClient,
  a: z.infer<typeof RUN_TEST_INPUT> & { session_id: string },
  r: Reporter,
  pollMs: number,
): Promise<CallToolResult> {
  const common = { session_id: a.session_id, mode: a.mode, build_id: a.build_id };
  let step = 0;
  const finished = (status: string, payload: unknown): CallToolResult => ({
    ...text(payload),
    isError: status === 'error' || status === 'cancelled',
  });
  if (a.test_id) {
    const started = await api.post<{ run_public_id: string }>(
      '/ai/test/run',
      { ...common, test_case_public_id: a.test_id },
      r.signal,
    );
    // A step is reported each time its status changes (a result may list a step before it settles).
    const reported = new Map<number, string>();
    for (;;) {
      const run = await api.get<TestRun>(`/tests/runs/${started.run_public_id}`, r.signal);
      const steps = stepsOf(run);
      for (const s of steps)
        if (reported.get(s.step) !== s.status && reported.set(s.step, s.status))
          await r.progress(++step, `step ${s.step} ${s.status}: ${s.text}`);
      if (TERMINAL.includes(run.status))
        return finished(run.status, {
          run_id: run.public_id,
          type: 'test_run',
          session_id: a.session_id,
          status: run.status,
          duration_ms: run.duration_ms,
          error_message: run.error_message,
          results: steps,
        });
      await sleep(pollMs, r.signal);
    }
  }
  const started = await api.post<{ suite_run_public_id: string }>(
    '/ai/suite/run',
    { ...common, suite_public_id: a.suite_id },
    r.signal,
  );
  const seen = new Map<string, string>();
  for (;;) {
    const run = await api.get<SuiteRun>(`/tests/suite-runs/${started.suite_run_public_id}`, r.signal);
    for (const c of run.test_runs)
      if (seen.get(c.public_id) !== c.status && seen.set(c.public_id, c.status))
        await r.progress(++step, `case ${c.test_case_public_id}: ${c.status}`);
    if (TERMINAL.includes(run.status))
      return finished(run.status, {
        run_id: run.public_id,
        type: 'suite_run',
        session_id: a.session_id,
        status: run.status,
        duration_ms: run.duration_ms,
        error_message: run.error_message,
        results: run.test_runs.map((c) => ({
          run_id: c.public_id,
          case_id: c.test_case_public_id,
          status: c.status,
          error_message: c.error_message,
        })),
      });
    await sleep(pollMs, r.signal);
  }
}
