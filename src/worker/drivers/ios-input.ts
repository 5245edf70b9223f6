import type { InputEvent } from '../driver';
import { DEVICE_ARGUMENT_LIMITS } from '../device-arguments';
import { runToolText, type Run, type ToolCall } from './exec';
import { idbInputArgs, parseIdbDescribe } from './idb-commands';
import { type CompanionTouch, CompanionUnreachableError, type IdbCompanion } from './idb-companion';
import type { IdbCompanions } from './idb-companions';
import { hidEventsFor, touchPhaseEvent } from './idb-hid';

/**
 * A simulator's input and UI tree through idb: over its companion's gRPC channel when one answers
 * (`idb-companions.ts`), else one `idb ui …` process per call. Events of one simulator are sent
 * one after another. A touch's phases stream as they come on one `hid` stream (DOWN at start and
 * at each move, UP at the end); through the command line, which has no touch phases, a touch is
 * replayed at its end as a tap or a swipe.
 */

export interface IosInputDeps {
  run: Run;
  idbCall: (args: string[]) => ToolCall;
  companions: IdbCompanions;
  now: () => number;
}

interface Touch {
  x: number;
  y: number;
  at: number;
  /** The companion's stream while the touch streams there. */
  stream: { companion: IdbCompanion; touch: CompanionTouch } | null;
}

/** Most moves one touch streams; later moves are dropped (the touch still ends where `end` says). */
const MAX_TOUCH_MOVES = 10_000;

export class IosInput {
  private readonly density = new Map<string, number>();
  private readonly touches = new Map<string, Touch & { moves: number }>();
  private readonly queues = new Map<string, Promise<void>>();

  constructor(private readonly deps: IosInputDeps) {}

  /** Sends one input event after the simulator's earlier ones. */
  send(udid: string, event: InputEvent): Promise<void> {
    const next = (this.queues.get(udid) ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => this.sendNow(udid, event));
    this.queues.set(udid, next);
    return next;
  }

  /** The flat JSON of `idb ui describe-all --json` and the points-per-pixel to read it with. */
  async describeAll(udid: string): Promise<{ json: string; density: number }> {
    const c = await this.deps.companions.get(udid);
    if (c) {
      try {
        return { json: await c.accessibilityInfo(), density: c.screen.density };
      } catch (err) {
        this.unreachable(udid, c, err);
      }
    }
    const density = await this.cliDensity(udid);
    const json = await runToolText(this.deps.run, this.deps.idbCall(['ui', 'describe-all', '--json', '--udid', udid]));
    return { json, density };
  }

  /** The simulator is torn down: its touch, queue and companion connection end. */
  async forget(udid: string): Promise<void> {
    this.touches.get(udid)?.stream?.touch.cancel();
    this.touches.delete(udid);
    this.queues.delete(udid);
    this.density.delete(udid);
    await this.deps.companions.close(udid);
  }

  async closeAll(): Promise<void> {
    for (const t of this.touches.values()) t.stream?.touch.cancel();
    this.touches.clear();
    this.queues.clear();
    await this.deps.companions.closeAll();
  }

  private async sendNow(udid: string, event: InputEvent): Promise<void> {
    if (event.kind === 'touch') return this.sendTouch(udid, event);
    const c = await this.deps.companions.get(udid);
    if (c) {
      try {
        return await c.hid(hidEventsFor(event, c.screen.density));
      } catch (err) {
        this.unreachable(udid, c, err);
      }
    }
    await this.cliEvent(udid, event);
  }

  private async sendTouch(udid: string, event: Extract<InputEvent, { kind: 'touch' }>): Promise<void> {
    const held = this.touches.get(udid);
    if (event.phase === 'start') {
      // A touch that never ended is lifted before the next one.
      held?.stream?.touch.cancel();
      const c = await this.deps.companions.get(udid);
      const stream = c
        ? {
            companion: c,
            touch: c.openTouch(
              touchPhaseEvent('start', event.x, event.y, c.screen.density),
              DEVICE_ARGUMENT_LIMITS.durationMs,
            ),
          }
        : null;
      this.touches.set(udid, { x: event.x, y: event.y, at: this.deps.now(), stream, moves: 0 });
      return;
    }
    if (!held) return;
    const s = held.stream;
    if (event.phase === 'move') {
      held.moves += 1;
      if (s && held.moves <= MAX_TOUCH_MOVES)
        s.touch.move(touchPhaseEvent('move', event.x, event.y, s.companion.screen.density));
      return;
    }
    this.touches.delete(udid);
    if (s) {
      try {
        return await s.touch.end(touchPhaseEvent('end', event.x, event.y, s.companion.screen.density));
      } catch (err) {
        this.unreachable(udid, s.companion, err);
      }
    }
    // The command line has no touch phases: the touch is replayed as a tap or a swipe.
    const tap = Math.hypot(event.x - held.x, event.y - held.y) < 10;
    await this.cliEvent(
      udid,
      tap
        ? { kind: 'tap', x: held.x, y: held.y }
        : {
            kind: 'swipe',
            x: held.x,
            y: held.y,
            x2: event.x,
            y2: event.y,
            durationMs: Math.min(DEVICE_ARGUMENT_LIMITS.durationMs, Math.max(50, this.deps.now() - held.at)),
          },
    );
  }

  /** Rethrows a failure that is not "unreachable"; an unreachable companion is dropped for the command line. */
  private unreachable(udid: string, c: IdbCompanion, err: unknown): void {
    if (!(err instanceof CompanionUnreachableError)) throw err;
    this.deps.companions.lost(udid, c, `${err.message}${err.diagnostic ? ` (${err.diagnostic})` : ''}`);
  }

  private async cliEvent(udid: string, event: Exclude<InputEvent, { kind: 'touch' }>): Promise<void> {
    const density = await this.cliDensity(udid);
    for (const a of idbInputArgs(udid, event, density)) await runToolText(this.deps.run, this.deps.idbCall(a));
  }

  private async cliDensity(udid: string): Promise<number> {
    const hit = this.density.get(udid);
    if (hit) return hit;
    const d = parseIdbDescribe(
      await runToolText(this.deps.run, this.deps.idbCall(['describe', '--json', '--udid', udid])),
    ).density;
    this.density.set(udid, d);
    return d;
  }
}
