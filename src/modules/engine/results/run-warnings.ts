import type { Ctx } from '../../../context';
import { emitEvent } from '../../events';
import { recentOutcomesOfCase, type RunRow } from '../runs.repository';

/** How many earlier runs of a case the warnings look at. */
const WINDOW = 10;

/**
 * A case is flaky when this run's outcome differs from the previous one and its recent runs
 * (this one included, newest first) switched between passed and failed at least twice.
 */
export function flakiness(outcomes: ReadonlyArray<string>): { flaky: boolean; flips: number } {
  let flips = 0;
  for (let i = 1; i < outcomes.length; i++) if (outcomes[i] !== outcomes[i - 1]) flips++;
  return { flaky: outcomes.length > 1 && outcomes[0] !== outcomes[1] && flips >= 2, flips };
}

/**
 * A run is slow when it took over twice the median of the case's earlier passed runs (at least
 * three of them) and at least 5 s more: small runs vary too much for a ratio alone.
 */
export function slowness(
  durationMs: number,
  earlierPassedMs: ReadonlyArray<number>,
): { slow: boolean; medianMs: number | null } {
  if (earlierPassedMs.length < 3) return { slow: false, medianMs: null };
  const sorted = [...earlierPassedMs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const medianMs = sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
  return { slow: durationMs > 2 * medianMs && durationMs - medianMs >= 5_000, medianMs };
}

/** `run.warning.flaky` and `run.warning.slow` for a run that just ended, in its transaction. */
export async function emitRunWarnings(tx: Ctx, run: RunRow, casePublicId: string): Promise<void> {
  if ((run.status !== 'passed' && run.status !== 'failed') || run.mode === null) return;
  const earlier = await recentOutcomesOfCase(tx.db, run.testCaseId, run.id, WINDOW - 1);
  const base = {
    run_id: run.id,
    run_public_id: run.publicId,
    test_case_id: casePublicId,
    suite_run_id: run.suiteRunId,
  };
  const emit = (type: 'run.warning.flaky' | 'run.warning.slow', data: Record<string, unknown>) =>
    emitEvent(tx, {
      type,
      organizationId: run.organizationId,
      data: { ...base, ...data },
      metadata: run.metadata ?? null,
    });
  const outcomes = [run.status, ...earlier.map((r) => r.status)];
  const flaky = flakiness(outcomes);
  if (flaky.flaky)
    await emit('run.warning.flaky', { status: run.status, recent_statuses: outcomes, flips: flaky.flips });
  const passedMs = earlier.filter((r) => r.status === 'passed' && r.durationMs !== null).map((r) => r.durationMs!);
  const slow = slowness(run.durationMs ?? 0, passedMs);
  if (slow.slow) await emit('run.warning.slow', { duration_ms: run.durationMs, median_ms: slow.medianMs });
}
