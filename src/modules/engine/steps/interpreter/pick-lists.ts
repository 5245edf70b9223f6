import { ORDINAL_PATTERN, startsWithVerb } from './lexicon';
import { fieldTarget } from './parse-forms';
import type { ScreenIndex } from './target-finder';
import { findTarget } from './target-finder';
import { normalizeText } from './text-match';
import { isInteractive } from './ui-tree';

/**
 * Values picked in one breath, as QA engineers write them on forms of chips and options: "Choose Mon 13
 * Apr at 09:00 and save", "Tap Small only", "Then tap Thu 23 Apr and 16:40", "Pick Red and Large but don't
 * save", "Mon 20 Apr, 09:30, note "Gift wrap", Express on, Place order". The first item must be the exact
 * name of one control on this screen; it is tapped, and the rest is read again, one clause at a time, on
 * the screen that follows: a name there is tapped, a field's label followed by a quoted value is typed
 * into that field, "X on" turns a switch on, a bare verb ("save") is the one button it starts. "X at Y"
 * and "X and Y" split only when both halves are names on screen. A remark that asks for nothing ("only",
 * "but don't save") is dropped. Anything else leaves the step to the other forms.
 */

/** "but don't save", "without saving", "and do not confirm": nothing more to do. */
const HOLD_BACK =
  /(?:,?\s+(?:but|and)\s+(?:don['’]t|do not|never)\s+[\p{L}][\p{L} ]{0,30}|,?\s+without\s+[\p{L}]+ing(?:\s+it)?)$/iu;
const PICK_VERB = /^(?:(?:tap|click|press|choose|select|pick)(?:\s+on)?\s+(?:the\s+)?)/i;
/** Verbs that start a clause of their own, never a button's name in a list. */
const ACTION_VERB =
  /^(?:tap|click|press|turn|switch|toggle|enter|type|fill|leave|keep|select|choose|pick|scroll|swipe|go|open|verify|check|wait|clear)\b/i;
const ORDINAL_PICK = new RegExp(
  `^(?:tap|click|select|choose|pick|open|press)(?:\\s+on)?\\s+the\\s+${ORDINAL_PATTERN}\\b`,
  'i',
);
const SEPARATOR = /\s*;\s*|,\s*(?:and\s+)?(?:then\s+)?|\s+(?:and\s+)?then\s+/i;

/** The one enabled control on this screen named exactly `said`, or null. */
function nameHere(index: ScreenIndex, said: string): string | null {
  const want = normalizeText(said);
  if (want === '') return null;
  const hits = index.candidates.filter(
    (e) => isInteractive(e.node) && e.node.role !== 'input' && e.node.text && normalizeText(e.node.text) === want,
  );
  return hits.length === 1 && hits[0]!.node.enabled ? hits[0]!.node.text! : null;
}

/** "Express" for the one switch here whose name starts with that word ("Express delivery"), else as said. */
function switchNamed(index: ScreenIndex, said: string): string {
  const want = normalizeText(said);
  const hits = index.candidates.filter((e) => {
    const name = e.node.role === 'toggle' && e.node.text ? normalizeText(e.node.text) : '';
    return name === want || name.startsWith(`${want} `);
  });
  return hits.length === 1 ? hits[0]!.node.text! : said;
}

/**
 * The field a list names by its label, or by the first words of it ("notes" for "Notes for the host"): the
 * label to type into, or null when no one field here answers to it.
 */
function fieldNamed(index: ScreenIndex, said: string): string | null {
  const target = fieldTarget(said);
  if (!target) return null;
  if (findTarget(index, { ...target, role: 'field' }, { roles: ['input'], closeOnly: true }).found) return said;
  const want = normalizeText(said);
  const labels = index.candidates
    .filter((e) => e.node.role === 'input')
    .map((e) => index.labels.get(e.node)?.text?.trim() ?? '')
    .filter((l) => l !== '' && normalizeText(l).startsWith(`${want} `));
  return labels.length === 1 ? labels[0]! : null;
}

/** "Blood test results" after a field's label, in double or single quotes. */
const QUOTED = /^(\p{L}[\p{L} ]{0,30}?)\s*:?\s+(?:"([^"]+)"|'([^']+)')$/u;

/** "leave size and colour empty": nothing to do, when each part is a word shown on this screen. */
function leftAlone(index: ScreenIndex, item: string): boolean {
  const m = /^leave\s+(?:the\s+)?(.+?)\s+(?:empty|blank|unset|unchosen|unselected)$/i.exec(item);
  if (!m) return false;
  const words = new Set(index.elements.flatMap((e) => (e.node.text ? normalizeText(e.node.text).split(' ') : [])));
  const parts = m[1]!.split(/\s*,\s*(?:and\s+)?|\s+and\s+/i).map((p) => normalizeText(p.replace(/^the\s+/i, '')));
  return parts.every((p) => /^\p{L}+$/u.test(p) && words.has(p));
}

/** One later item of the list as a clause of its own, or null when it reads as none of the forms. */
function laterClause(index: ScreenIndex, raw: string, split = true): string[] | null {
  const item = raw.replace(/\s+only$/i, '').trim();
  if (item === '') return null;
  const name = nameHere(index, item);
  if (name) return [`tap ${name}`];
  if (leftAlone(index, item)) return [];
  const several = split ? splitItem(index, item) : null;
  if (several) return several;
  const quoted = QUOTED.exec(item);
  if (quoted && !startsWithVerb(quoted[1]!)) {
    const label = fieldNamed(index, quoted[1]!);
    return label ? [`enter "${quoted[2] ?? quoted[3]}" in ${label}`] : null;
  }
  const state = /^(\p{Lu}[\p{L}\d' -]{0,30}?)\s+(on|off)$/u.exec(item);
  // "Wi-Fi on" names a switch and its state; "Turn on" (a dialog's button) is a verb, not a switch called "Turn".
  if (state && !/^(?:turn|switch|toggle|flip)$/i.test(state[1]!))
    return [`turn ${switchNamed(index, state[1]!)} ${state[2]}`];
  const kept = /^(?:leave|keep)\s+(?:the\s+)?(\p{Lu}[\p{L}\d' -]{0,30}?)\s+(on|off)$/iu.exec(item);
  if (kept) return [`leave ${switchNamed(index, kept[1]!)} ${kept[2]}`];
  // "… and save": a bare verb only after "and" ("Tap Cancel booking and Yes, cancel" is no list).
  if (/^\p{L}+$/u.test(item) && !/^\p{Lu}/u.test(item)) {
    if (split) return null;
    const starts = index.candidates.filter(
      (e) => e.node.role === 'button' && e.node.text && normalizeText(e.node.text).split(' ')[0] === item.toLowerCase(),
    );
    return starts.length === 1 ? [item] : null;
  }
  // "Place order", "Confirm booking": a short name, tapped where it shows (scrolled to when below the fold).
  const shortName = /^[\p{Lu}\d][^"',;]{0,30}$/u.test(item) && item.split(' ').length <= 4;
  if (shortName && !ACTION_VERB.test(item)) return [`tap ${item}`];
  return startsWithVerb(item) ? [item] : null;
}

/**
 * "Mon 13 Apr at 09:00", "Red and Large", "14:15 and save": an item said as several, split at "at" / "and"
 * when its first part is a name on this screen; a part after "at" must be one too. Null when it is not.
 */
function splitItem(index: ScreenIndex, item: string): string[] | null {
  const pieces = item.split(/\s+(at|and|&)\s+/i);
  if (pieces.length < 3) return null;
  const head = nameHere(index, pieces[0]!);
  if (!head) return null;
  const out = [`tap ${head}`];
  for (let i = 1; i < pieces.length; i += 2) {
    const piece = pieces[i + 1]!;
    const name = nameHere(index, piece);
    if (/^at$/i.test(pieces[i]!) && !name) return null;
    const clause = name ? [`tap ${name}`] : laterClause(index, piece, false);
    if (!clause) return null;
    out.push(...clause);
  }
  return out;
}

/** Hides quoted values, and names on screen that hold a comma ("Yes, cancel"), so that they never split the list. */
function masked(s: string, index: ScreenIndex): { text: string; unmask: (t: string) => string } {
  const hidden: string[] = [];
  const hide = (q: string) => {
    hidden.push(q);
    return `\u0000${hidden.length - 1}\u0000`;
  };
  let text = s.replace(/"[^"]*"|(?<=\s)'[^']+'(?=$|[\s,;])/g, hide);
  for (const e of index.elements) {
    const name = e.node.text?.trim();
    if (name && /[,;]/.test(name) && name.length <= 60 && text.includes(name)) text = text.split(name).join(hide(name));
  }
  return { text, unmask: (t) => t.replace(/\u0000(\d+)\u0000/g, (_m, i: string) => hidden[Number(i)]!) };
}

export interface PickList {
  /** The control to tap first, by its name on screen. */
  first: string;
  /** What is left, one clause after another, to read on the screen the tap leads to. */
  rest: string;
}

/** A list of names to tap in turn, or null when the step is no such list on this screen. */
export function pickList(s: string, index: ScreenIndex): PickList | null {
  const held = HOLD_BACK.exec(s);
  const body = held ? s.slice(0, held.index) : s;
  const { text, unmask } = masked(body, index);
  const items = text.split(SEPARATOR).map((t) => unmask(t).trim());
  if (items.some((t) => t === '')) return null;
  const head = items[0]!.replace(PICK_VERB, '');
  const only = /\s+only$/i.test(head);
  const headName = nameHere(index, head.replace(/\s+only$/i, ''));
  const headParts = headName ? null : splitItem(index, head.replace(/\s+only$/i, ''));
  const later: string[] = headParts ? headParts.slice(1) : [];
  if (!headName && !headParts) return movedTo(body, index);
  for (const item of items.slice(1)) {
    // "… tap the last flight, 14:30 → 17:25": what follows an ordinal pick says which row it must be.
    const previous = later.at(-1);
    if (previous && ORDINAL_PICK.test(previous) && !startsWithVerb(item)) {
      later[later.length - 1] = `${previous}, ${item}`;
      continue;
    }
    const clause = laterClause(index, item);
    if (!clause) return null;
    later.push(...clause);
  }
  // A single name with nothing said around it is an everyday tap: the other forms read it.
  if (items.length === 1 && !held && !only && !headParts) return null;
  return { first: headName ?? headParts![0]!.replace(/^tap /, ''), rest: later.join('; ') };
}

const NAVIGATION =
  /^(?:back|go|go back|return|navigate|switch|scroll|swipe|skip|jump|continue|next|done|close|cancel)$/i;

/**
 * "Reschedule to Thu 16 Apr at 14:15 and save", "Move to Archive": the button of that name here, then the
 * values chosen on the screen it opens (read there as a list of their own).
 */
function movedTo(body: string, index: ScreenIndex): PickList | null {
  const m = /^(\p{Lu}[\p{L} ]{0,30}?)\s+to\s+(?:the\s+)?([\p{Lu}\d].*)$/u.exec(body.replace(PICK_VERB, ''));
  // Going back, or on, is no button that opens values to choose; the values must read as such.
  if (!m || NAVIGATION.test(m[1]!) || !/\d|,|\s(?:at|and)\s/.test(m[2]!)) return null;
  const button = index.candidates.filter(
    (e) =>
      e.node.role === 'button' && e.node.enabled && e.node.text && normalizeText(e.node.text) === normalizeText(m[1]!),
  );
  if (button.length !== 1 || nameHere(index, m[2]!.split(/[,;]|\s+(?:and|at)\s+/)[0]!)) return null;
  return { first: button[0]!.node.text!, rest: `choose ${m[2]}` };
}

/**
 * "Leave Video off; tap Confirm booking" with a switch "Video appointment" here: a switch kept as it is,
 * named by the first words of its label, is that switch (when it is the only one they start).
 */
export function keptSwitch(s: string, index: ScreenIndex): string {
  const m =
    /^((?:leave|keep)\s+(?:the\s+)?)(\p{Lu}[\p{L}\d' -]{0,30}?)(\s+(?:switch\s+|toggle\s+)?(?:on|off)(?=$|[,;]|\s+(?:and|then)\s))/iu.exec(
      s,
    );
  if (!m) return s;
  const name = switchNamed(index, m[2]!);
  return name === m[2] ? s : `${m[1]}${name}${m[3]}${s.slice(m[0].length)}`;
}
