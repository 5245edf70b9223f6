import { api, ok } from '../../api/client';
import type { Body } from '../../api/types';

export type ControlAction = Body<'/api/v1/sessions/{session_id}/control', 'post'>;

/**
 * Sends a session's input one request at a time, in order. Characters typed while a request is
 * in flight are joined into one `text` action, so fast typing loses nothing and stays in order.
 */
export class ControlQueue {
  private readonly pending: ControlAction[] = [];
  private sending = false;

  constructor(
    private readonly sessionId: string,
    private readonly onError: (err: unknown) => void,
    private readonly onSent: (action: ControlAction) => void = () => {},
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
          await ok(
            api.POST('/api/v1/sessions/{session_id}/control', {
              params: { path: { session_id: this.sessionId } },
              body: next,
            }),
          );
          this.onSent(next);
        } catch (err) {
          this.onError(err);
        }
      }
    } finally {
      this.sending = false;
    }
  }
}
