import type { Ctx } from '../../context';
import type { CiProgressEntry, VisualVerdict } from '../../db/schema';
import { apiTime, apiTimeOrNull } from '../../http/api-time';
import { rollUpVisual, shardsOf } from '../engine';
import type { SessionsService } from '../sessions';
import { aggregateStatus, isTerminal } from './ci-outcome';
import * as repo from './ci.repository';
import type { CaseResult, CiRunPayload, MultiSuiteRun, StepResult } from './ci.schemas';

/** Live progress lines kept in a poll payload (the most recent). */
const MAX_PROGRESS = 300;

interface StepLike {
  index?: number;
  text?: string;
  status?: string;
  resolved_by?: string | null;
  duration_ms?: number;
  error?: string | null;
  visual?: { diff_pct: number; verdict: VisualVerdict } | null;
  screenshot?: string | null;
}

function stepsOf(run: repo.EngineTestRunRow): StepLike[] {
  const steps = (run.result as { steps?: unknown } | null)?.steps;
  return Array.isArray(steps) ? (steps as StepLike[]) : [];
}

/** A run's steps as progress lines, each at the time it ended (its start plus the steps' durations). */
function runProgress(run: repo.EngineTestRunRow, label: string): CiProgressEntry[] {
  const out: CiProgressEntry[] = [{ at: apiTime(run.startedAt), message: `${label} started` }];
  let t = run.startedAt.getTime();
  for (const s of stepsOf(run)) {
    t += s.duration_ms ?? 0;
    out.push({
      at: apiTime(new Date(t)),
      message: `${label}, step ${(s.index ?? 0) + 1} ${s.status ?? 'ran'}: ${s.text ?? ''}${s.error ? ` (${s.error})` : ''}`,
    });
  }
  if (run.finishedAt)
    out.push({
      at: apiTime(run.finishedAt),
      message: `${label} ${run.status}${run.errorMessage ? `: ${run.errorMessage}` : ''}`,
    });
  return out;
}

/** A matrix target in words: "android tablet Pixel Tablet 14". */
export function targetLabel(row: {
  deviceType: string;
  deviceCategory: string | null;
  deviceModel: string | null;
  osVersion: string | null;
}): string {
  return [row.deviceType, row.deviceCategory ?? 'handheld', row.deviceModel, row.osVersion].filter(Boolean).join(' ');
}

/** The CI poll payload and the multi-suite aggregate, read from the CI rows and the engine's run rows. */
/** Progress lines in time order, stable where two share a time (the orchestration's and the engine's interleave), the latest kept. */
function latestInOrder(progress: CiProgressEntry[]): CiProgressEntry[] {
  return progress
    .map((p, i) => ({ p, i }))
    .sort((a, b) => (a.p.at < b.p.at ? -1 : a.p.at > b.p.at ? 1 : a.i - b.i))
    .map((x) => x.p)
    .slice(-MAX_PROGRESS);
}

export class CiPresenter {
  constructor(private readonly deps: { appUrl: string; sessions: SessionsService }) {}

  /** Where the CI run is shown in the console (its page `/ci/runs/{run_id}`). */
  runUrl(publicId: string): string {
    return `${this.deps.appUrl}/ci/runs/${publicId}`;
  }

  /** Where a test run is shown in the console (its page `/runs/{run_id}`). */
  testRunUrl(publicId: string): string {
    return `${this.deps.appUrl}/runs/${publicId}`;
  }

  /** The cases' results (their last attempts), each with all its attempts. */
  caseResults(attempts: repo.EngineCaseRun[], target: number | null = null): CaseResult[] {
    const byCase = new Map<string, repo.EngineCaseRun[]>();
    for (const a of attempts) {
      const key = `${a.run.suiteRunId}:${a.run.testCaseId}`;
      byCase.set(key, [...(byCase.get(key) ?? []), a]);
    }
    const finals = attempts.filter((a) => a.run.retriedByRunId === null);
    return finals.map(({ run, casePublicId, caseName }) => ({
      case_id: casePublicId,
      case_name: caseName,
      run_id: run.publicId,
      status: run.status,
      duration_ms: run.durationMs,
      error_message: run.errorMessage,
      visual_regression_status: run.visualRegressionStatus,
      url: this.testRunUrl(run.publicId),
      flaky: run.flaky,
      quarantined: run.quarantined,
      shard: run.shard,
      device_id: run.deviceId,
      device_name: run.deviceName,
      target,
      attempts: (byCase.get(`${run.suiteRunId}:${run.testCaseId}`) ?? []).map(({ run: a }) => ({
        attempt: a.attempt,
        run_id: a.publicId,
        status: a.status,
        duration_ms: a.durationMs,
        error_message: a.errorMessage,
      })),
    }));
  }

  async payload(ctx: Ctx, row: repo.CiRunRow): Promise<CiRunPayload> {
    if (row.matrix) return this.matrixPayload(ctx, row);
    const terminal = isTerminal(row.status);
    let progress: CiProgressEntry[] = [...row.progress];
    // Terminal runs always have results: none when they ended before their engine run started.
    let results: CaseResult[] | StepResult[] | null = terminal ? [] : null;
    let shards: CiRunPayload['shards'] = null;
    if (row.suiteRunId !== null) {
      const attempts = await repo.listEngineAttempts(ctx.db, [row.suiteRunId]);
      for (const c of attempts)
        progress.push(
          ...runProgress(c.run, `Case "${c.caseName}"${c.run.attempt > 1 ? ` (attempt ${c.run.attempt})` : ''}`),
        );
      if (terminal) results = this.caseResults(attempts, row.matrixIndex);
      const [sr] = await repo.findEngineSuiteRuns(ctx.db, [row.suiteRunId]);
      if (sr)
        shards = await shardsOf(
          ctx,
          this.deps.sessions,
          sr,
          attempts.map((a) => a.run),
        );
    } else if (row.testRunId !== null) {
      const run = await repo.findEngineTestRun(ctx.db, row.testRunId);
      if (run) {
        progress.push(...runProgress(run, `Case "${row.targetName}"`));
        if (terminal)
          results = stepsOf(run).map((s) => ({
            index: s.index ?? 0,
            text: s.text ?? '',
            status: s.status ?? 'skipped',
            resolved_by: s.resolved_by ?? null,
            duration_ms: s.duration_ms ?? null,
            error: s.error ?? null,
            visual: s.visual ? { diff_pct: s.visual.diff_pct, verdict: s.visual.verdict } : null,
            screenshot: s.screenshot ?? null,
          }));
      }
    }
    progress = latestInOrder(progress);
    return {
      ...this.header(row),
      queue: await this.queueOf(ctx, row),
      progress,
      results,
      shards,
      phase: row.phase,
      suite_id: row.type === 'suite_run' ? row.targetPublicId : null,
      test_id: row.type === 'test_run' ? row.targetPublicId : null,
      name: row.targetName,
      session_id: row.sessionId,
      engine_run_id: row.engineRunPublicId,
      visual_regression_status: row.visualRegressionStatus,
      targets: null,
      matrix_run_id:
        row.matrixParentId === null ? null : ((await repo.findCiRunById(ctx.db, row.matrixParentId))?.publicId ?? null),
      multi_suite_run_id:
        row.multiSuiteRunId === null
          ? null
          : ((await repo.findMultiSuiteRunById(ctx.db, row.multiSuiteRunId))?.publicId ?? null),
    };
  }

  /**
   * A device matrix run: its targets' CI runs side by side, each with its roll-up and shards; the
   * results of every target in one list (each case says its target and device), progress merged.
   */
  private async matrixPayload(ctx: Ctx, row: repo.CiRunRow): Promise<CiRunPayload> {
    const children = await repo.listMatrixChildren(ctx.db, [row.id]);
    const parts = await Promise.all(children.map((c) => this.payload(ctx, c)));
    const terminal = isTerminal(row.status);
    const targets = children.map((c, i) => {
      const p = parts[i]!;
      const cases = (p.results ?? []) as CaseResult[];
      return {
        index: c.matrixIndex ?? i,
        device_type: c.deviceType,
        category: c.deviceCategory,
        model: c.deviceModel,
        os_version: c.osVersion,
        run_id: c.publicId,
        status: c.status,
        engine_run_id: c.engineRunPublicId,
        session_id: c.sessionId,
        passed: cases.filter((r) => r.status === 'passed').length,
        failed: cases.filter((r) => r.status !== 'passed').length,
        flaky: cases.filter((r) => r.flaky).length,
        quarantined: cases.filter((r) => r.quarantined).length,
        duration_ms: c.durationMs,
        error_message: c.errorMessage,
        shards: p.shards,
      };
    });
    const progress = latestInOrder([
      ...row.progress,
      ...parts.flatMap((p, i) =>
        p.progress.map((e) => ({ at: e.at, message: `[${targetLabel(children[i]!)}] ${e.message}` })),
      ),
    ]);
    return {
      ...this.header(row),
      queue: null,
      progress,
      results: terminal ? parts.flatMap((p) => (p.results ?? []) as CaseResult[]) : null,
      shards: null,
      targets,
      matrix_run_id: null,
      phase: row.phase,
      suite_id: row.targetPublicId,
      test_id: null,
      name: row.targetName,
      session_id: null,
      engine_run_id: null,
      visual_regression_status: row.visualRegressionStatus,
      multi_suite_run_id:
        row.multiSuiteRunId === null
          ? null
          : ((await repo.findMultiSuiteRunById(ctx.db, row.multiSuiteRunId))?.publicId ?? null),
    };
  }

  /** The fields every CI run's payload starts with. */
  private header(row: repo.CiRunRow) {
    return {
      run_id: row.publicId,
      type: row.type,
      status: row.status,
      run_url: this.runUrl(row.publicId),
      commit_sha: row.commitSha,
      metadata: row.metadata ?? null,
      created_at: apiTime(row.createdAt),
      started_at: apiTimeOrNull(row.startedAt),
      finished_at: apiTimeOrNull(row.finishedAt),
      duration_ms: row.durationMs,
      error_message: row.errorMessage,
    };
  }

  /** The session's place in the device queue while the run waits for a device. */
  private async queueOf(ctx: Ctx, row: repo.CiRunRow): Promise<{ position: number } | null> {
    if (row.phase !== 'queued' || !row.sessionId) return null;
    const session = await this.deps.sessions.getSession({ ctx, input: { sessionId: row.sessionId } }).catch(() => null);
    return session?.status === 'pending' && session.queue_position !== null
      ? { position: session.queue_position }
      : null;
  }

  async multi(ctx: Ctx, m: repo.MultiSuiteRunRow): Promise<MultiSuiteRun> {
    const children = await repo.listMultiSuiteChildren(ctx.db, m.id);
    // A suite run as a device matrix has one engine suite run per target.
    const targets = await repo.listMatrixChildren(
      ctx.db,
      children.filter((c) => c.matrix).map((c) => c.id),
    );
    const engineRunsOf = (c: repo.CiRunRow) =>
      (c.matrix ? targets.filter((t) => t.matrixParentId === c.id) : [c]).flatMap((r) =>
        r.suiteRunId === null ? [] : [r.suiteRunId],
      );
    const allIds = children.flatMap(engineRunsOf);
    const caseRuns = await repo.listEngineCaseRuns(ctx.db, allIds);
    const suiteRuns = new Map((await repo.findEngineSuiteRuns(ctx.db, allIds)).map((s) => [s.id, s]));
    const entries = children.map((c) => {
      const ids = engineRunsOf(c);
      const runs = caseRuns.filter((r) => r.run.suiteRunId !== null && ids.includes(r.run.suiteRunId));
      const visual =
        c.visualRegressionStatus ?? rollUpVisual(ids.map((id) => suiteRuns.get(id)?.visualRegressionStatus ?? null));
      return {
        suite_id: c.targetPublicId,
        suite_name: c.targetName,
        run_id: c.publicId,
        status: c.status,
        passed: runs.filter((r) => r.run.status === 'passed').length,
        failed: runs.filter((r) => r.run.status === 'failed' || r.run.status === 'error').length,
        visual_regression_status: visual,
        case_runs: runs.map(({ run, caseName }) => ({
          case_name: caseName,
          run_id: run.publicId,
          status: run.status,
          visual_regression_status: run.visualRegressionStatus,
          duration_ms: run.durationMs,
          url: this.testRunUrl(run.publicId),
        })),
        suite_run_id: c.engineRunPublicId,
        error_message: c.errorMessage,
      };
    });
    const done = children.every((c) => isTerminal(c.status));
    const finished = children.flatMap((c) => (c.finishedAt ? [c.finishedAt.getTime()] : []));
    return {
      id: m.publicId,
      status: aggregateStatus(children.map((c) => ({ status: c.status, started: c.startedAt !== null }))),
      visual_regression_status: rollUpVisual(entries.map((e) => e.visual_regression_status)),
      suite_runs: entries,
      started_at: apiTime(m.createdAt),
      completed_at: done && finished.length ? apiTime(new Date(Math.max(...finished))) : null,
      commit_sha: m.commitSha,
      tags: m.tags,
      match: m.match,
      metadata: m.metadata ?? null,
    };
  }
}
