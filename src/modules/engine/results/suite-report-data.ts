import type { Ctx } from '../../../context';
import type { ObjectStorage } from '../../../storage/storage';
import type { SessionsService } from '../../sessions';
import { stepScreenshotKey, type StepEntry } from '../execution/case-outcome';
import * as repo from '../runs.repository';
import { apiTime } from '../../../http/api-time';
import {
  renderSuiteReport,
  type ReportAttempt,
  type ReportCase,
  type ReportImage,
  type ReportSection,
  type ReportStep,
} from './suite-report';
import { shardsOf } from './suite-shards-view';

/** Images a report embeds at most, in bytes; past it a step says its image was left out. */
export const REPORT_IMAGE_BUDGET = 40 * 1024 * 1024;
/** A stored run file name (never a path). */
const FILE_NAME = /^[\w.-]{1,200}$/;

export interface ReportDeps {
  sessions: SessionsService;
  storage: ObjectStorage;
  appUrl: string;
}

/** Reads run images into data URIs within one report's budget. */
class ImageBudget {
  private left = REPORT_IMAGE_BUDGET;
  constructor(private readonly storage: ObjectStorage) {}

  async load(runPublicId: string, file: string | null | undefined, alt: string): Promise<ReportImage | null> {
    if (!file) return null;
    // Steps name their images by the path that serves them (…/runs/{run}/screenshots/{file}).
    const name = file.slice(file.lastIndexOf('/') + 1);
    if (!FILE_NAME.test(name) || this.left <= 0) return { src: null, alt };
    const bytes = await this.storage.getBuffer(stepScreenshotKey(runPublicId, name)).catch(() => null);
    if (!bytes || bytes.length > this.left) return { src: null, alt };
    this.left -= bytes.length;
    const type = name.endsWith('.png') ? 'image/png' : 'image/jpeg';
    return { src: `data:${type};base64,${bytes.toString('base64')}`, alt };
  }
}

/** A link the run's result names (its video, its logs), when another part of simdeck recorded one. */
function linkIn(result: unknown, key: 'video' | 'logs'): string | null {
  const v = (result as Record<string, unknown> | null)?.[key];
  const url = v && typeof v === 'object' ? (v as { url?: unknown }).url : undefined;
  return typeof url === 'string' ? url : null;
}

async function stepsOf(run: repo.RunRow, images: ImageBudget): Promise<ReportStep[]> {
  const raw = (run.result as { steps?: unknown } | null)?.steps;
  const steps = (Array.isArray(raw) ? raw : []) as Partial<StepEntry>[];
  const out: ReportStep[] = [];
  for (const s of steps) {
    const index = typeof s.index === 'number' ? s.index : out.length;
    out.push({
      index,
      text: String(s.text ?? ''),
      status: String(s.status ?? 'skipped'),
      durationMs: typeof s.duration_ms === 'number' ? s.duration_ms : null,
      error: s.error ? String(s.error) : null,
      screenshot: await images.load(run.publicId, s.screenshot, `step ${index + 1}`),
      visual: s.visual
        ? {
            diffPct: Number(s.visual.diff_pct) || 0,
            verdict: String(s.visual.verdict),
            diff: await images.load(run.publicId, s.visual.diff_image, `step ${index + 1} visual diff`),
          }
        : null,
    });
  }
  return out;
}

/** One suite run as a report section: its shards, and every case with all its attempts. */
export async function reportSection(
  ctx: Ctx,
  deps: ReportDeps,
  sr: repo.SuiteRunRow,
  target: string | null,
  images = new ImageBudget(deps.storage),
): Promise<ReportSection> {
  const attempts = await repo.listSuiteRunAttempts(ctx.db, [sr.id]);
  const names = await repo.caseNamesById(ctx.db, [...new Set(attempts.map((a) => a.testCaseId))]);
  const byCase = new Map<number, repo.RunRow[]>();
  for (const a of attempts) byCase.set(a.testCaseId, [...(byCase.get(a.testCaseId) ?? []), a]);
  const cases: ReportCase[] = [];
  for (const [caseId, runs] of byCase) {
    const last = runs.find((r) => r.retriedByRunId === null) ?? runs.at(-1)!;
    const tried: ReportAttempt[] = [];
    for (const r of runs)
      tried.push({
        attempt: r.attempt,
        runId: r.publicId,
        status: r.status,
        durationMs: r.durationMs,
        error: r.errorMessage,
        steps: await stepsOf(r, images),
        videoUrl: linkIn(r.result, 'video'),
        logsUrl: linkIn(r.result, 'logs'),
        runUrl: `${deps.appUrl}/runs/${r.publicId}`,
      });
    cases.push({
      name: names.get(caseId) ?? `case ${caseId}`,
      status: last.status,
      flaky: last.flaky,
      quarantined: last.quarantined,
      shard: last.shard,
      deviceName: last.deviceName,
      attempts: tried,
    });
  }
  const shards = await shardsOf(ctx, deps.sessions, sr, attempts);
  return {
    target,
    suiteRunId: sr.publicId,
    status: sr.status,
    durationMs: sr.durationMs,
    error: sr.errorMessage,
    shards: shards.map((s) => ({ index: s.index, deviceName: s.device_name, cases: s.cases, status: s.status })),
    cases,
  };
}

/** The sections of several suite runs (a device matrix's targets), sharing one image budget. */
export async function reportSections(
  ctx: Ctx,
  deps: ReportDeps,
  runs: Array<{ sr: repo.SuiteRunRow; target: string | null }>,
): Promise<ReportSection[]> {
  const images = new ImageBudget(deps.storage);
  const out: ReportSection[] = [];
  for (const r of runs) out.push(await reportSection(ctx, deps, r.sr, r.target, images));
  return out;
}

export interface SuiteRunsReportInput {
  title: string;
  status: string;
  runs: Array<{ suiteRunId: number; target: string | null }>;
}

/** The HTML report of an organization's suite runs (internal ids; others' are left out). */
export async function htmlReport(
  ctx: Ctx,
  deps: ReportDeps,
  orgId: number,
  input: SuiteRunsReportInput,
): Promise<string> {
  const rows = new Map(
    (
      await repo.findOrgSuiteRuns(
        ctx.db,
        orgId,
        input.runs.map((r) => r.suiteRunId),
      )
    ).map((r) => [r.id, r]),
  );
  const runs = input.runs.flatMap((r) => {
    const sr = rows.get(r.suiteRunId);
    return sr ? [{ sr, target: r.target }] : [];
  });
  const sections = await reportSections(ctx, deps, runs);
  return renderSuiteReport({
    title: input.title,
    status: input.status,
    generatedAt: apiTime(ctx.clock.now()),
    sections,
  });
}
