import type { InputEvent } from './driver';

/**
 * Key names: the one list the step interpreter, the control API (`keycode`), the recorder and the
 * model's `press_key` tool read. Keys are Android keycode names without `KEYCODE_` (`ENTER`, `DEL`,
 * `DPAD_UP`); drivers of other platforms map them.
 */

/** What people write for a key ("return", "the up arrow", "backspace") → its keycode name. */
export const KEY_NAMES: Readonly<Record<string, string>> = {
  enter: 'ENTER',
  return: 'ENTER',
  tab: 'TAB',
  space: 'SPACE',
  spacebar: 'SPACE',
  backspace: 'DEL',
  delete: 'DEL',
  del: 'DEL',
  escape: 'ESCAPE',
  esc: 'ESCAPE',
  up: 'DPAD_UP',
  down: 'DPAD_DOWN',
  left: 'DPAD_LEFT',
  right: 'DPAD_RIGHT',
  center: 'DPAD_CENTER',
  select: 'DPAD_CENTER',
  ok: 'DPAD_CENTER',
  'arrow up': 'DPAD_UP',
  'arrow down': 'DPAD_DOWN',
  'arrow left': 'DPAD_LEFT',
  'arrow right': 'DPAD_RIGHT',
  'up arrow': 'DPAD_UP',
  'down arrow': 'DPAD_DOWN',
  'left arrow': 'DPAD_LEFT',
  'right arrow': 'DPAD_RIGHT',
  menu: 'MENU',
  search: 'SEARCH',
  'volume up': 'VOLUME_UP',
  'volume down': 'VOLUME_DOWN',
  power: 'POWER',
  back: 'BACK',
  home: 'HOME',
};

/** Keycode names beyond the ones above that a key may be written as directly. */
const CODE_PATTERN =
  /^(?:DPAD_(?:UP|DOWN|LEFT|RIGHT|CENTER)|[A-Z]|[0-9]|F\d{1,2}|MOVE_(?:HOME|END)|PAGE_(?:UP|DOWN)|FORWARD_DEL|NUMPAD_ENTER|APP_SWITCH)$/;

/** The keys the model's tool and the control API document. */
export const KEY_HELP =
  'ENTER, TAB, DEL, ESCAPE, SPACE, BACK, HOME, MENU, SEARCH, DPAD_UP/DOWN/LEFT/RIGHT/CENTER, VOLUME_UP/DOWN, POWER, or a letter or digit';

/**
 * A keycode as a client or a model writes it (`enter`, `KEYCODE_ENTER`, `Return`, `dpad-up`), or
 * null when it is not a key: upper case, without `KEYCODE_`, people's names mapped.
 */
export function normalizeKeyCode(raw: string): string | null {
  const k = raw.trim().toLowerCase();
  if (KEY_NAMES[k]) return KEY_NAMES[k]!;
  const code = k
    .toUpperCase()
    .replace(/^KEYCODE_/, '')
    .replace(/[\s-]+/g, '_');
  if (Object.values(KEY_NAMES).includes(code) || CODE_PATTERN.test(code)) return code;
  return null;
}

/**
 * A keycode from a client, a recording or a model: a known name as above, else any well-formed keycode
 * name (`MEDIA_PLAY_PAUSE`), passed on for the driver to take or refuse; null when it is not one.
 */
export function keyCodeOf(raw: string): string | null {
  const known = normalizeKeyCode(raw);
  if (known) return known;
  const code = raw
    .trim()
    .toUpperCase()
    .replace(/^KEYCODE_/, '')
    .replace(/[\s-]+/g, '_');
  return /^[A-Z0-9_]{1,40}$/.test(code) ? code : null;
}

/**
 * The keycode for a key named in prose (`enter`, `the Return key`, `DPAD_DOWN`, `KEYCODE_TAB`,
 * `Enter / Done`: the first alternative that is a key), or null.
 */
export function keyCodeFor(name: string): string | null {
  const s = name
    .trim()
    .replace(/^["'](.*)["']$/, '$1')
    .toLowerCase()
    .replace(/^the\s+/, '')
    .replace(/\s+key$/, '')
    .trim();
  const alternatives = s.split(/\s*\/\s*|\s+or\s+/).filter(Boolean);
  for (const alt of alternatives.length > 1 ? alternatives : [s]) {
    const code = normalizeKeyCode(alt);
    if (code) return code;
  }
  return null;
}

/** The input event for a keycode: character keys (A–Z, 0–9, SPACE) type their character, as on Android. */
export function keyInputEvent(code: string): InputEvent {
  const key = code.toUpperCase().replace(/^KEYCODE_/, '');
  const ch = /^[A-Z0-9]$/.test(key) ? key.toLowerCase() : key === 'SPACE' ? ' ' : null;
  return ch ? { kind: 'text', text: ch } : { kind: 'key', key };
}

/** How a recorded key press reads as a step the interpreter reads back ("Press key ENTER", "Go back"). */
export function keyStep(code: string): string {
  const key = code.toUpperCase().replace(/^KEYCODE_/, '');
  if (key === 'BACK') return 'Go back';
  if (key === 'HOME') return 'Go home';
  return `Press key ${key}`;
}
