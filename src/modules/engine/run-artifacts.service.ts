import { requireRole, type Ctx } from '../../context';
import { LOG_LINE_LEVELS } from '../../db/schema';
import { notFound } from '../../errors';
import { apiTime } from '../../http/api-time';
import type { ObjectStorage } from '../../storage/storage';
import { runLogsKey, type RunLogLine } from './execution/run-logs';
import { runVideoKey, type RunVideo } from './execution/run-video';
import type { RunLogs, RunLogsQuery } from './run-artifacts.schemas';
import * as repo from './runs.repository';

/** What a run leaves to debug with besides its result: its slice of the device log and its video (any member reads them). */
export class RunArtifactsService {
  constructor(private readonly deps: { storage: ObjectStorage }) {}

  private async runOf(ctx: Ctx, runId: string): Promise<repo.RunRow> {
    const org = requireRole(ctx, 'viewer');
    const found = await repo.findRunByPublicId(ctx.db, org.id, runId);
    if (!found) throw notFound('Test run');
    return found.run;
  }

  /** The run's log lines in order, each with its step; none while the run has not ended. */
  async getRunLogs({ ctx, input }: { ctx: Ctx; input: RunLogsQuery & { runId: string } }): Promise<RunLogs> {
    const run = await this.runOf(ctx, input.runId);
    const raw = await this.deps.storage.getBuffer(runLogsKey(run.publicId));
    if (!raw) return { lines: [], dropped: 0 };
    const kept = JSON.parse(raw.toString('utf8')) as { lines: RunLogLine[]; dropped: number };
    const min = input.level ? LOG_LINE_LEVELS.indexOf(input.level) : 0;
    const q = input.q?.toLowerCase();
    const lines = kept.lines
      .filter((l) => LOG_LINE_LEVELS.indexOf(l.level) >= min)
      .filter((l) => input.step_index === undefined || l.step_index === input.step_index)
      .filter((l) => !q || l.message.toLowerCase().includes(q) || l.tag.toLowerCase().includes(q))
      .map((l) => ({ ...l, at: apiTime(new Date(l.at)) }));
    return { lines, dropped: kept.dropped };
  }

  /** Where the run's video is stored and its size; 404 while it has none (running, or not kept). */
  async getRunVideo({ ctx, input }: { ctx: Ctx; input: { runId: string } }): Promise<{ key: string; size: number }> {
    const run = await this.runOf(ctx, input.runId);
    const video = (run.result as { video?: RunVideo | null } | null)?.video;
    if (!video) throw notFound('Video');
    return { key: runVideoKey(run.publicId), size: video.size_bytes };
  }
}
