import type { Ctx } from '../../../context';
import { beginRecording, finishRecording, type DeviceHandle, type RecordingRow } from '../../sessions';
import type { PerformedAction } from '../steps/device-actions';
import { CommandFailed } from './maestro-commands';

/** The commands this file carries out. */
export const RECORDING_COMMANDS = new Set(['startRecording', 'stopRecording']);

const scalar = (v: unknown): string | null => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);

/**
 * Maestro's `startRecording`/`stopRecording` as recordings of the run's session (docs/artifacts.md):
 * listed with the session's recordings and downloaded like them. One at a time, as Maestro; a
 * recording the flow leaves running is stopped and kept when the flow ends.
 */
export class FlowRecordings {
  private current: RecordingRow | null = null;

  constructor(
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
        this.current = await beginRecording(this.ctx.db, this.device, {
          organizationId: this.organizationId,
          createdByUserId: null,
          now: this.ctx.clock.now(),
        });
      } catch (err) {
        if (this.signal.aborted || !(err instanceof Error)) throw err;
        throw new CommandFailed(`startRecording: ${err.message}`);
      }
      return [{ type: 'start_recording', text: path, url: `/api/v1/recordings/${this.current.publicId}` }];
    }
    if (!this.current) throw new CommandFailed('stopRecording: the flow has not started a recording');
    const row = await this.stop();
    if (row.status !== 'ready') throw new CommandFailed(`stopRecording: ${row.errorMessage ?? 'nothing was recorded'}`);
    return [{ type: 'stop_recording', url: `/api/v1/recordings/${row.publicId}`, duration_ms: row.durationMs ?? 0 }];
  }

  /** The flow ended: a recording it left running is stopped and kept. */
  async finish(): Promise<void> {
    if (this.current) await this.stop();
  }

  private async stop(): Promise<RecordingRow> {
    const row = this.current!;
    this.current = null;
    return finishRecording(this.ctx.db, this.device, row, () => this.ctx.clock.now());
  }
}
