import { api, ok } from '../../api/client';
import type { Body } from '../../api/types';

export type ControlAction = Body<'/api/v1/sessions/{session_id}/control', 'post'>;

/**
 * Sends a session's input one request at a time, in order. Characters typed while a request is
 * in flight are joined into one `text` action, so fast typing loses nothing and stays in order.
 */
export class ControlQueue<Seen = null> {
  private readonly pending: ControlAction[] = [];
  private sending = false;

  /**
   * `look` runs just before an action is sent, on the screen it will act on (the recorder asks
   * which element a tap lands on); `onSent` gets its answer with the action once the device took it.
   */
  constructor(
    private readonly sessionId: string,
    private readonly onError: (err: unknown) => void,
    private readonly onSent: (action: ControlAction, seen: Seen | null) => void = () => {},
    private readonly look: (action: ControlAction) => Promise<Seen | null> = async () => null,
  ) {}

  push(action: ControlAction): void {
    const last = this.pending.at(-1);
    if (
      action.action === 'text' &&
      last?.action === 'text' &&
      (last.text ?? '').length + (action.text ?? '').length <= 1000
    ) {
      last.text = `${last.text ?? ''}${action.text ?? ''}`;
    } else {
      this.pending.push({ ...action });
    }
    void this.drain();
  }

  private async drain(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    try {
      for (let next = this.pending.shift(); next; next = this.pending.shift()) {
        try {
          const seen = await this.look(next);
          await ok(
            api.POST('/api/v1/sessions/{session_id}/control', {
              params: { path: { session_id: this.sessionId } },
              body: next,
            }),
          );
          this.onSent(next, seen);
        } catch (err) {
          this.onError(err);
        }
      }
    } finally {
      this.sending = false;
    }
  }
}
