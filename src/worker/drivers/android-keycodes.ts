/**
 * Android `KeyEvent.KEYCODE_*` constants (android.view.KeyEvent) for the names simdeck sends,
 * for servers that take a key as a number (the UiAutomator2 server's press_keycode). A name
 * missing here still works through `input keyevent`, which takes names.
 */
const NAMED: Record<string, number> = {
  SOFT_LEFT: 1,
  SOFT_RIGHT: 2,
  HOME: 3,
  BACK: 4,
  CALL: 5,
  ENDCALL: 6,
  STAR: 17,
  POUND: 18,
  DPAD_UP: 19,
  DPAD_DOWN: 20,
  DPAD_LEFT: 21,
  DPAD_RIGHT: 22,
  DPAD_CENTER: 23,
  VOLUME_UP: 24,
  VOLUME_DOWN: 25,
  POWER: 26,
  CAMERA: 27,
  CLEAR: 28,
  COMMA: 55,
  PERIOD: 56,
  ALT_LEFT: 57,
  ALT_RIGHT: 58,
  SHIFT_LEFT: 59,
  SHIFT_RIGHT: 60,
  TAB: 61,
  SPACE: 62,
  ENTER: 66,
  DEL: 67,
  GRAVE: 68,
  MINUS: 69,
  EQUALS: 70,
  LEFT_BRACKET: 71,
  RIGHT_BRACKET: 72,
  BACKSLASH: 73,
  SEMICOLON: 74,
  APOSTROPHE: 75,
  SLASH: 76,
  AT: 77,
  PLUS: 81,
  MENU: 82,
  NOTIFICATION: 83,
  SEARCH: 84,
  MEDIA_PLAY_PAUSE: 85,
  MEDIA_STOP: 86,
  MEDIA_NEXT: 87,
  MEDIA_PREVIOUS: 88,
  MEDIA_REWIND: 89,
  MEDIA_FAST_FORWARD: 90,
  MUTE: 91,
  PAGE_UP: 92,
  PAGE_DOWN: 93,
  ESCAPE: 111,
  FORWARD_DEL: 112,
  CTRL_LEFT: 113,
  CTRL_RIGHT: 114,
  CAPS_LOCK: 115,
  MOVE_HOME: 122,
  MOVE_END: 123,
  INSERT: 124,
  MEDIA_PLAY: 126,
  MEDIA_PAUSE: 127,
  VOLUME_MUTE: 164,
  APP_SWITCH: 187,
  SLEEP: 223,
  WAKEUP: 224,
  ASSIST: 219,
  CUT: 277,
  COPY: 278,
  PASTE: 279,
};

const KEYCODES = new Map<string, number>(Object.entries(NAMED));
// KEYCODE_0…KEYCODE_9 are 7…16; KEYCODE_A…KEYCODE_Z are 29…54; KEYCODE_F1…F12 are 131…142.
for (let d = 0; d <= 9; d++) KEYCODES.set(String(d), 7 + d);
for (let c = 0; c < 26; c++) KEYCODES.set(String.fromCharCode(65 + c), 29 + c);
for (let f = 1; f <= 12; f++) KEYCODES.set(`F${f}`, 130 + f);

/** The number of a `KEYCODE_<NAME>` (as `keycodeFor` writes it), or null when the table has none. */
export function androidKeyCodeNumber(keycode: string): number | null {
  return KEYCODES.get(keycode.replace(/^KEYCODE_/, '')) ?? null;
}

/** The `KEYCODE_<NAME>` of a number, or null (the reverse of androidKeyCodeNumber). */
export function androidKeyCodeName(code: number): string | null {
  for (const [name, n] of KEYCODES) if (n === code) return `KEYCODE_${name}`;
  return null;
}
