import type { InputEvent } from '../driver';
import { DeviceDriverError } from '../driver-error';
import { buttonKeycode, keycodeFor, textPieces } from './adb-commands';
import { androidKeyCodeNumber } from './android-keycodes';
import { type UiAutomator2Server, Uia2Refused } from './android-uia2';

type TouchGesture = Extract<InputEvent, { kind: 'tap' | 'double_tap' | 'long_press' | 'swipe' }>;
/** A W3C pointer action item (WebDriver "Perform Actions"). */
type PointerItem =
  | { type: 'pointerMove'; duration: number; x: number; y: number; origin: 'viewport' }
  | { type: 'pointerDown' | 'pointerUp'; button: 0 }
  | { type: 'pause'; duration: number };

/** Where a streamed touch has been, with the time of each point (ms since its start). */
export interface TouchPath {
  startedAt: number;
  points: { x: number; y: number; at: number }[];
}

/** Points kept of one streamed touch: enough for a drawn path, bounded for the request. */
const MAX_PATH_POINTS = 240;
/** A held finger's gap between two points is replayed up to this long, a whole path up to 60 s. */
const MAX_GAP_MS = 10_000;
const MAX_PATH_MS = 60_000;
/** The server aligns every pause to its 20 ms injection step: the shortest hold it makes. */
const TAP_HOLD_MS = 20;

const move = (x: number, y: number, duration = 0): PointerItem => ({
  type: 'pointerMove',
  duration: Math.round(duration),
  x: Math.round(x),
  y: Math.round(y),
  origin: 'viewport',
});
const DOWN: PointerItem = { type: 'pointerDown', button: 0 };
const UP: PointerItem = { type: 'pointerUp', button: 0 };
const pause = (ms: number): PointerItem => ({ type: 'pause', duration: Math.round(ms) });

/** The `POST /session/:id/actions` body of one touch finger doing `items`. */
export function touchActions(items: PointerItem[]) {
  return { actions: [{ type: 'pointer', id: 'finger1', parameters: { pointerType: 'touch' }, actions: items }] };
}

/** The pointer items of one gesture, timed as minitouch and `input` time them. */
export function gestureItems(event: TouchGesture): PointerItem[] {
  const tap = [DOWN, pause(TAP_HOLD_MS), UP];
  switch (event.kind) {
    case 'tap':
      return [move(event.x, event.y), ...tap];
    case 'double_tap':
      return [move(event.x, event.y), ...tap, pause(80), ...tap];
    case 'long_press':
      return [move(event.x, event.y), DOWN, pause(event.durationMs ?? 800), UP];
    case 'swipe':
      return [move(event.x, event.y), DOWN, move(event.x2, event.y2, event.durationMs ?? 300), UP];
  }
}

/** A streamed touch (start, moves, end) replayed as one chain, each move taking the time it took. */
export function pathItems(path: TouchPath): PointerItem[] {
  const [first, ...rest] = path.points;
  if (!first) return [];
  const items: PointerItem[] = [move(first.x, first.y), DOWN];
  let at = first.at;
  let budget = MAX_PATH_MS;
  for (const p of rest) {
    const ms = Math.min(MAX_GAP_MS, budget, Math.max(0, p.at - at));
    budget -= ms;
    items.push(move(p.x, p.y, ms));
    at = p.at;
  }
  items.push(UP);
  return items;
}

/** How long a chain runs on the device (its pauses and moves). */
export function chainMs(items: PointerItem[]): number {
  return items.reduce((ms, i) => ms + ('duration' in i ? i.duration : 0), 0);
}

/** Adds a point to a streamed touch; past the cap the last point is moved instead, so the end stays true. */
export function extendPath(path: TouchPath, x: number, y: number, at: number): void {
  const point = { x, y, at: at - path.startedAt };
  if (path.points.length < MAX_PATH_POINTS) path.points.push(point);
  else path.points[path.points.length - 1] = point;
}

/** Why the UiAutomator2 path could not take an event: the server is gone, or this event needs `input`. */
export class Uia2InputUnavailable extends Error {
  constructor(
    message: string,
    readonly serverGone: boolean,
  ) {
    super(message);
  }
}

const REQUEST_MS = 15_000;

/**
 * Input through a running UiAutomator2 server: gestures as W3C touch actions, keys through
 * press_keycode, text through `/keys` into the focused element (SendKeysToElement with no element
 * id), all on the server's one keep-alive connection. The event was checked by the caller.
 */
export async function sendUia2Input(
  server: UiAutomator2Server,
  event: Exclude<InputEvent, { kind: 'touch' }> | { kind: 'path'; path: TouchPath },
): Promise<void> {
  const post = async (suffix: string, body: unknown, timeoutMs = REQUEST_MS) => {
    try {
      await server.command('POST', suffix, body, timeoutMs);
    } catch (e) {
      // What the device refuses as an argument (a point off the screen) is the caller's error.
      if (e instanceof Uia2Refused && e.error === 'invalid argument')
        throw new DeviceDriverError('INVALID_INPUT', `the device refused the input: ${e.message.slice(0, 300)}`);
      throw new Uia2InputUnavailable((e as Error).message, !(e instanceof Uia2Refused));
    }
  };
  const press = async (keycode: string) => {
    const code = androidKeyCodeNumber(keycode);
    if (code === null) throw new Uia2InputUnavailable(`${keycode} has no key code number here`, false);
    await post('/appium/device/press_keycode', { keycode: code, metastate: 0 });
  };
  switch (event.kind) {
    case 'path':
    case 'tap':
    case 'double_tap':
    case 'long_press':
    case 'swipe': {
      const items = event.kind === 'path' ? pathItems(event.path) : gestureItems(event);
      if (items.length === 0) return;
      // The chain runs on the device before the server answers: its own length is added to the limit.
      return post('/actions', touchActions(items), REQUEST_MS + chainMs(items));
    }
    case 'key':
      return press(keycodeFor(event.key));
    case 'button':
      return press(buttonKeycode(event.button));
    case 'text':
      for (const piece of textPieces(event.text)) {
        if ('keycode' in piece) await press(piece.keycode);
        else {
          try {
            await server.command('POST', '/keys', { text: piece.text }, REQUEST_MS);
          } catch (e) {
            // `input text` with nothing focused types into nothing; so does this.
            if (e instanceof Uia2Refused && e.error === 'no such element') continue;
            throw new Uia2InputUnavailable((e as Error).message, !(e instanceof Uia2Refused));
          }
        }
      }
      return;
  }
}
