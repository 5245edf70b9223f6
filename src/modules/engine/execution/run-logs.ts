import type { ObjectStorage } from '../../../storage/storage';
import type { DeviceHandle } from '../../sessions';

type DeviceLogRead = Awaited<ReturnType<DeviceHandle['readLogs']>>;
type DeviceLogLine = DeviceLogRead['lines'][number];

/** A line of a run's slice of the device log: the step during which it was written (null: before the first step). */
export interface RunLogLine extends DeviceLogLine {
  step_index: number | null;
}

export interface StepCrash {
  message: string;
  log_excerpt: string;
}

/** The run's log slice as its `result` names it. */
export interface RunLogsSummary {
  url: string;
  lines: number;
  size_bytes: number;
}

/** Lines a run keeps at most (the session keeps them all); older lines of a longer run go first. */
export const RUN_LOG_MAX_LINES = 20_000;

/** Storage key of a run's log slice (JSON, next to its screenshots). */
export const runLogsKey = (runPublicId: string) => `runs/${runPublicId}/logs.json`;

/** What a run does when its app crashed during a step (the `app.crashed` event). */
export type CrashListener = (crash: {
  stepIndex: number | null;
  packageName: string;
  message: string;
}) => Promise<void>;

/**
 * A run's slice of its session's device log (docs/design/0035-run-artifacts.md): read after every
 * step, each line tagged with the step during which it was written; an app crash among them fails
 * that step. Kept in the run's storage folder when the run ends.
 */
export class RunLogBook {
  readonly lines: RunLogLine[] = [];
  dropped = 0;

  constructor(
    private readonly device: DeviceHandle,
    private readonly appPackage: string | null,
    private readonly onCrash: CrashListener,
  ) {}

  /** Starts the slice here: what the device wrote before stays with the session only. */
  async start(): Promise<void> {
    await this.device.readLogs().catch(() => null);
  }

  /** Reads what the device wrote since the last read, as written during `stepIndex`; the app's crash, if any. */
  async collect(stepIndex: number | null): Promise<StepCrash | null> {
    let read: DeviceLogRead;
    try {
      read = await this.device.readLogs();
    } catch {
      // The log is what a run shows, never why it fails: an unreadable log leaves the step as it is.
      return null;
    }
    for (const l of read.lines) this.lines.push({ ...l, step_index: stepIndex });
    if (this.lines.length > RUN_LOG_MAX_LINES) {
      this.dropped += this.lines.length - RUN_LOG_MAX_LINES;
      this.lines.splice(0, this.lines.length - RUN_LOG_MAX_LINES);
    }
    const crash = read.crashes.find((c) => this.appPackage === null || c.package_name === this.appPackage);
    if (!crash) return null;
    await this.onCrash({ stepIndex, packageName: crash.package_name, message: crash.message });
    return { message: crash.message, log_excerpt: crash.log_excerpt };
  }

  /** Writes the slice to the run's folder; what the run's `result` says of it. */
  async save(storage: ObjectStorage, runPublicId: string): Promise<RunLogsSummary> {
    const body = Buffer.from(JSON.stringify({ lines: this.lines, dropped: this.dropped }));
    await storage.put(runLogsKey(runPublicId), body, { contentType: 'application/json' });
    return { url: `/api/v1/tests/runs/${runPublicId}/logs`, lines: this.lines.length, size_bytes: body.length };
  }
}
