import type { Ctx } from '../../../context';
import type { DeviceHandle } from '../../sessions';
import type { PerformedAction } from '../steps/device-actions';
import { CommandFailed } from './maestro-commands';

/** The commands this file carries out. */
export const RECORDING_COMMANDS = new Set(['startRecording', 'stopRecording']);

/** A recording of the session's screen in progress (a session recording, docs/artifacts.md). */
export interface SessionRecording {
  id: string;
  finish(): Promise<{ ready: boolean; durationMs: number | null; error: string | null }>;
}

/** Starts session recordings (wired by engine.ts to the sessions module's recordings). */
export interface SessionRecorder {
  begin(ctx: Ctx, device: DeviceHandle, organizationId: number): Promise<SessionRecording>;
}

const scalar = (v: unknown): string | null => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);

/**
 * Maestro's `startRecording`/`stopRecording` as recordings of the run's session (docs/artifacts.md):
 * listed with the session's recordings and downloaded like them. One at a time, as Maestro; a
 * recording the flow leaves running is stopped and kept when the flow ends.
 */
export class FlowRecordings {
  private current: SessionRecording | null = null;

  constructor(
    private readonly recorder: SessionRecorder,
    private readonly ctx: Ctx,
    private readonly device: DeviceHandle,
    private readonly organizationId: number,
    private readonly signal: AbortSignal,
  ) {}

  async act(name: string, args: unknown): Promise<PerformedAction[]> {
    if (name === 'startRecording') {
      if (this.current)
        throw new CommandFailed('startRecording: the flow is already recording; stopRecording comes first');
      const o = typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {};
      const path = scalar(args) ?? scalar(o.path) ?? undefined;
      try {
        this.current = await this.recorder.begin(this.ctx, this.device, this.organizationId);
      } catch (err) {
        if (this.signal.aborted || !(err instanceof Error)) throw err;
        throw new CommandFailed(`startRecording: ${err.message}`);
      }
      return [{ type: 'start_recording', text: path, url: `/api/v1/recordings/${this.current.id}` }];
    }
    if (!this.current) throw new CommandFailed('stopRecording: the flow has not started a recording');
    const id = this.current.id;
    const done = await this.stop();
    if (!done.ready) throw new CommandFailed(`stopRecording: ${done.error ?? 'nothing was recorded'}`);
    return [{ type: 'stop_recording', url: `/api/v1/recordings/${id}`, duration_ms: done.durationMs ?? 0 }];
  }

  /** The flow ended: a recording it left running is stopped and kept. */
  async finish(): Promise<void> {
    if (this.current) await this.stop();
  }

  private stop() {
    const rec = this.current!;
    this.current = null;
    return rec.finish();
  }
}
