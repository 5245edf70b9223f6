import type { ScreenIndex } from './target-finder';
import { humanizeId, normalizeText } from './text-match';
import { describeElement, type TreeElement } from './ui-tree';

/**
 * "Enter a@b.co", "Enter 250" with no field named and none focused: the field a person would pick
 * from the value's shape and the fields' names (label, id, hint). An email goes to the one email
 * field, a number to the one amount / number / code field, any other single word to the one field
 * that takes free text. Several fields that fit, or none, leave the step to be said more precisely.
 */

type Shape = 'email' | 'number' | 'word';

const EMAIL = /^[^\s@"]+@[^\s@"]+\.[^\s@"]+$/;
const NUMBER = /^[-+−]?[£$€]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/;

/** What a value looks like; null for a value of several words, which is never placed by its shape. */
export function valueShape(value: string): Shape | null {
  const v = value.trim();
  if (v === '' || /\s/.test(v)) return null;
  if (EMAIL.test(v)) return 'email';
  if (NUMBER.test(v)) return 'number';
  return 'word';
}

/** Words in a field's name that say what it takes. */
const KINDS: { kind: string; words: RegExp; takes: (v: string, shape: Shape) => 'exact' | 'open' | null }[] = [
  { kind: 'email', words: /\be ?mail\b/, takes: (_v, shape) => (shape === 'email' ? 'exact' : null) },
  {
    kind: 'pin',
    words: /\b(?:pin|passcode|pass code|otp|cvv|cvc|one time (?:password|code))\b/,
    takes: (v) => (/^\d{3,8}$/.test(v) ? 'exact' : null),
  },
  {
    kind: 'phone',
    words: /\b(?:phone|mobile|telephone|tel)\b/,
    takes: (v) => (/^\+?\d{6,15}$/.test(v) ? 'exact' : null),
  },
  {
    kind: 'number',
    words: /\b(?:amount|number|quantity|qty|age|price|count|sum|total|weight|height|income|salary|how many|years?)\b/,
    takes: (_v, shape) => (shape === 'number' ? 'exact' : null),
  },
  // "Promo code", "Postcode", "Sort code": digits fit exactly; a word may be such a code as well.
  {
    kind: 'code',
    words: /\b(?:code|postcode|zip)\b/,
    takes: (v, shape) => (/^\d[\d-]*$/.test(v) ? 'exact' : shape === 'word' ? 'open' : null),
  },
  { kind: 'password', words: /\bpass ?word\b/, takes: (_v, shape) => (shape === 'word' ? 'open' : null) },
];

function fieldName(index: ScreenIndex, el: TreeElement): string {
  // A field's own text is its hint only while no label names it (else it may be the value typed).
  const label = index.labels.get(el.node)?.text ?? null;
  return normalizeText([label ?? el.node.text ?? '', el.node.id ? humanizeId(el.node.id) : ''].join(' '));
}

/** A field with no text, or showing only its own label. */
function isBlank(index: ScreenIndex, el: TreeElement): boolean {
  const text = normalizeText(el.node.text ?? '');
  return text === '' || text === normalizeText(index.labels.get(el.node)?.text ?? '');
}

/** How well a field takes a value: exactly its kind, as free text, or not at all. */
function takesValue(index: ScreenIndex, el: TreeElement, value: string, shape: Shape): 'exact' | 'open' | null {
  const name = fieldName(index, el);
  const kinds = KINDS.filter((k) => k.words.test(name));
  if (kinds.length === 0) return shape === 'word' ? 'open' : null;
  const takes = kinds.map((k) => k.takes(value, shape));
  return takes.includes('exact') ? 'exact' : takes.includes('open') ? 'open' : null;
}

/** Whether a field's name says it takes values of another shape than this one ("Email" for "fern2024"). */
export function refusesValue(index: ScreenIndex, el: TreeElement, value: string): boolean {
  const shape = valueShape(value);
  if (!shape) return false;
  const name = fieldName(index, el);
  return KINDS.some((k) => k.words.test(name)) && takesValue(index, el, value, shape) === null;
}

/**
 * The one field that fits a value by its shape, among the screen's enabled text fields (`except` left
 * out), or why none is chosen. A value that names an exact kind (an email, a number) goes only to a
 * field of that kind; a word goes to the one field that takes free text.
 */
export function fieldForValue(
  index: ScreenIndex,
  value: string,
  except: TreeElement | null = null,
): { field: TreeElement } | { reason: string } {
  const shape = valueShape(value);
  if (!shape) return { reason: `"${value}" is several words; say which field to type it into` };
  const all = index.candidates.filter((e) => e.node.role === 'input' && e.node.enabled);
  const rated = all.filter((e) => e !== except).map((e) => ({ e, how: takesValue(index, e, value, shape) }));
  const exact = rated.filter((r) => r.how === 'exact');
  const pool = shape === 'word' ? rated.filter((r) => r.how === 'open') : exact;
  const chosen = exact.length > 0 ? exact : pool;
  // A word fits many fields loosely: it goes to the one that takes it only when every other field is filled in.
  const open = exact.length === 0 && chosen.length === 1;
  const blank = open ? all.find((e) => e !== chosen[0]!.e && isBlank(index, e)) : undefined;
  if (blank)
    return { reason: `"${value}" could be meant for ${describeElement(blank.node)}, still empty; say which field` };
  if (chosen.length === 1) return { field: chosen[0]!.e };
  const kind = shape === 'email' ? 'an email' : shape === 'number' ? 'a number' : 'this text';
  return chosen.length === 0
    ? { reason: `no field on screen takes ${kind} like "${value}"; say which field to type into` }
    : { reason: `${chosen.length} fields on screen could take "${value}"; say which field to type into` };
}
