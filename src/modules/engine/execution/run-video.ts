import type { FastifyBaseLogger } from 'fastify';
import type { RecordVideo } from '../../../db/schema';
import type { DeviceHandle } from '../../sessions';

/** A run's video as its `result` describes it (docs/artifacts.md). */
export interface RunVideo {
  url: string;
  duration_ms: number;
  width: number;
  height: number;
  size_bytes: number;
  /** Where each step that ran begins in the video. */
  chapters: Array<{ step_index: number; at_ms: number }>;
}

/** Storage key of a run's video (next to its screenshots). */
export const runVideoKey = (runPublicId: string) => `runs/${runPublicId}/video.mp4`;

/** Frames per second of run videos: enough to follow taps and transitions, cheap to encode. */
export const RUN_VIDEO_FPS = 10;

/**
 * A run's screen recording: started on the device host before the app is prepared, a chapter
 * mark as each step begins, and at the end kept (with a chapter per step that ran) or dropped as
 * the suite's `record_video` says. The video never decides the run: a host without an encoder,
 * or a recording that fails, leaves the run without one.
 */
export class RunRecording {
  private startedAt: number | null = null;
  private readonly marks = new Map<number, number>();

  constructor(
    private readonly device: DeviceHandle,
    private readonly runPublicId: string,
    private readonly policy: RecordVideo,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    if (this.policy === 'never') return;
    try {
      await this.device.startRecording(this.runPublicId, { fps: RUN_VIDEO_FPS });
      this.startedAt = Date.now();
    } catch (err) {
      this.log.warn({ err, run: this.runPublicId }, 'the run is not recorded');
    }
  }

  /** The step `index` begins now (the first mark of an index counts). */
  mark(index: number): void {
    if (this.startedAt !== null && !this.marks.has(index)) this.marks.set(index, Date.now() - this.startedAt);
  }

  /** Drops the recording (if it still runs): the run ended without an outcome. */
  async abandon(): Promise<void> {
    if (this.startedAt === null) return;
    this.startedAt = null;
    await this.device
      .stopRecording({ recordingId: this.runPublicId, storageKey: runVideoKey(this.runPublicId), discard: true })
      .catch(() => {});
  }

  /** Ends the recording: the video of the run, or null when none is kept. */
  async finish(
    status: 'passed' | 'failed' | 'error',
    steps: Array<{ index: number; text: string; status: string }>,
  ): Promise<RunVideo | null> {
    if (this.startedAt === null) return null;
    this.startedAt = null;
    const discard = this.policy === 'on_failure' && status === 'passed';
    const ran = steps.filter((s) => s.status !== 'skipped');
    // The first chapter starts the video: what came before the first step (the app's launch) is in it.
    const chapters = ran.map((s, i) => ({ step_index: s.index, at_ms: i === 0 ? 0 : (this.marks.get(s.index) ?? 0) }));
    try {
      const stats = await this.device.stopRecording({
        recordingId: this.runPublicId,
        storageKey: runVideoKey(this.runPublicId),
        chapters: ran.map((s, i) => ({
          title: `Step ${s.index + 1}: ${s.text}`.slice(0, 300),
          at_ms: chapters[i]!.at_ms,
        })),
        discard,
      });
      if (!stats.uploaded) return null;
      return {
        url: `/api/v1/tests/runs/${this.runPublicId}/video`,
        duration_ms: stats.duration_ms,
        width: stats.width,
        height: stats.height,
        size_bytes: stats.size_bytes,
        chapters: chapters.map((c) => ({ ...c, at_ms: Math.min(c.at_ms, stats.duration_ms) })),
      };
    } catch (err) {
      this.log.warn({ err, run: this.runPublicId }, 'the run video could not be kept');
      return null;
    }
  }
}
