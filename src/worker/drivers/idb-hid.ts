import type { InputEvent } from '../driver';
import { assertInputEvent } from '../device-asserts';
import { HID_LEFT_SHIFT, type IdbButton, iosButton, iosKeyAction, iosTextKeys, toPoints } from './idb-commands';

/**
 * Input events as the `HIDEvent`s of idb's `hid` RPC (src/worker/drivers/idb-grpc/idb.proto),
 * built the way idb's own client builds them (idb/common/hid.py): a press is DOWN then UP of a
 * touch, key or button, with a `delay` between them for a long press; a double tap is two taps
 * 0.1 s apart; text is one key press per character, shifted characters inside a left-shift press.
 * A swipe is sent as the companion itself expands idb's `swipe` event (FBSimulatorHIDEvent.swipe):
 * touch DOWN at points 10 pt apart with a delay after each, one more DOWN at the end (no inertial
 * scroll) and UP, so a swipe and a streamed touch (DOWN at each move) are the same events.
 * Coordinates arrive in pixels and leave in points. Objects follow @grpc/proto-loader's form of
 * the messages (field names as in the .proto, enums by name, one field of each `oneof`).
 */

export interface HidPoint {
  x: number;
  y: number;
}

export type HidPressAction =
  | { touch: { point: HidPoint } }
  | { key: { keycode: number } }
  | { button: { button: IdbButton } };

export type HidEvent =
  | { press: { action: HidPressAction; direction: 'DOWN' | 'UP' } }
  | { delay: { duration: number } };

/** Spacing of a swipe's touch points, as the companion's `defaultSwipeDelta`. */
const SWIPE_STEP_POINTS = 10;
/** Most touch points one swipe sends (a longer swipe takes wider steps). */
const MAX_SWIPE_STEPS = 300;
/** Pause between the taps of a double tap (idb's `multi_tap` default). */
const DOUBLE_TAP_PAUSE_S = 0.1;

const down = (action: HidPressAction): HidEvent => ({ press: { action, direction: 'DOWN' } });
const up = (action: HidPressAction): HidEvent => ({ press: { action, direction: 'UP' } });
const delay = (seconds: number): HidEvent => ({ delay: { duration: seconds } });

/** (x, y) pixels as a point. */
const pointAt = (x: number, y: number, density: number): HidPoint => ({
  x: toPoints(x, density),
  y: toPoints(y, density),
});
const touch = (point: HidPoint): HidPressAction => ({ touch: { point } });

/** DOWN, an optional hold, UP. */
function press(action: HidPressAction, holdMs?: number): HidEvent[] {
  return holdMs ? [down(action), delay(holdMs / 1000), up(action)] : [down(action), up(action)];
}

const round = (v: number) => Math.round(v * 100) / 100;

function swipe(a: HidPoint, b: HidPoint, ms: number): HidEvent[] {
  const steps = Math.min(
    MAX_SWIPE_STEPS,
    Math.max(1, Math.floor(Math.hypot(b.x - a.x, b.y - a.y) / SWIPE_STEP_POINTS)),
  );
  const stepDelay = ms / 1000 / (steps + 2);
  const events: HidEvent[] = [];
  for (let i = 0; i <= steps; i++) {
    const p = { x: round(a.x + ((b.x - a.x) * i) / steps), y: round(a.y + ((b.y - a.y) * i) / steps) };
    events.push(down(touch(p)), delay(stepDelay));
  }
  events.push(down(touch(b)), delay(stepDelay), up(touch(b)));
  return events;
}

/** The HID events of one input event (a touch phase has its own: `touchPhaseEvent`). */
export function hidEventsFor(event: Exclude<InputEvent, { kind: 'touch' }>, density: number): HidEvent[] {
  assertInputEvent(event);
  switch (event.kind) {
    case 'tap':
      return press(touch(pointAt(event.x, event.y, density)));
    case 'double_tap': {
      const t = touch(pointAt(event.x, event.y, density));
      return [...press(t), delay(DOUBLE_TAP_PAUSE_S), ...press(t)];
    }
    case 'long_press':
      return press(touch(pointAt(event.x, event.y, density)), event.durationMs ?? 800);
    case 'swipe':
      return swipe(pointAt(event.x, event.y, density), pointAt(event.x2, event.y2, density), event.durationMs ?? 300);
    case 'text':
      return iosTextKeys(event.text).flatMap(([usage, shifted]) => {
        const key = press({ key: { keycode: usage } });
        return shifted
          ? [down({ key: { keycode: HID_LEFT_SHIFT } }), ...key, up({ key: { keycode: HID_LEFT_SHIFT } })]
          : key;
      });
    case 'button':
      return press({ button: { button: iosButton(event.button) } });
    case 'key': {
      const action = iosKeyAction(event.key);
      return press('button' in action ? { button: { button: action.button } } : { key: { keycode: action.usage } });
    }
  }
}

/** A touch phase as the one event a live touch stream sends: DOWN at start and at each move, UP at the end. */
export function touchPhaseEvent(phase: 'start' | 'move' | 'end', x: number, y: number, density: number): HidEvent {
  const t = touch(pointAt(x, y, density));
  return phase === 'end' ? up(t) : down(t);
}
