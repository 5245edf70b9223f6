import { startsWithVerb } from './lexicon';
import type { ScreenIndex } from './target-finder';
import { normalizeText } from './text-match';
import { isInteractive } from './ui-tree';

/**
 * "Shelves, Fiction, Dune Messiah": names only, separated by commas, the first a tab or button on this screen (or
 * further down it)
 * (though it reads like a verb: "Book"). Read as the path "Shelves > Fiction > Dune Messiah": each name must be
 * found on the screen the one before leads to, else the step stops there. A part with a verb, a digit or a
 * quote is no name, and the list is left to the other forms.
 */
export function namesAsPath(s: string, index: ScreenIndex): string | null {
  const parts = s.split(/\s*,\s*/);
  if (parts.length < 3 || parts.length > 6) return null;
  const name = /^\p{Lu}[\p{L}'’. -]{0,40}$/u;
  if (!parts.every((p) => name.test(p) && p.split(/\s+/).length <= 5)) return null;
  if (parts.slice(1).some((p) => startsWithVerb(p) || /^(?:and|or|then|but)\b/i.test(p))) return null;
  const first = normalizeText(parts[0]!);
  const here = index.allCandidates.filter(
    (e) => isInteractive(e.node) && e.node.role !== 'input' && e.node.text && normalizeText(e.node.text) === first,
  );
  return here.length === 1 ? parts.join(' > ') : null;
}

/**
 * "Reserve Dune Messiah (Fiction) Tue 14 Apr 11:15, note "Window seat"", "Book a table with Kim Lee (Upstairs) on
 * Mon 13 Apr at 09:00": a tab or button here, then a name with, in brackets, the row to open before it, then the
 * values to pick there. Read as the path "<button> > <row in brackets> > <name>", then "choose <values>" on the
 * screen it leads to (a time after a day is picked after it: "Tue 14 Apr at 11:15"). Each name must be found on the
 * screen reached; without the brackets, which row leads to the name is knowledge of the app, and the step is
 * left to the other forms.
 */
export function routeWithBracket(s: string, index: ScreenIndex): { path: string; then?: string } | null {
  const m =
    /^(\p{Lu}\p{L}+(?: an? \p{L}+)?)\s+(?:with\s+|for\s+)?(\p{Lu}[\p{L}'’. -]{1,40}?)\s+\((\p{Lu}[\p{L}'’ -]{1,40})\)\s*,?\s*(?:(?:on|for|at)\s+)?(.*)$/u.exec(
      s,
    );
  if (!m) return null;
  const first = normalizeText(m[1]!);
  const here = index.allCandidates.filter(
    (e) => isInteractive(e.node) && e.node.role !== 'input' && e.node.text && normalizeText(e.node.text) === first,
  );
  if (here.length !== 1) return null;
  const rest = m[4]!.trim().replace(/^(\p{L}{3} \d{1,2} \p{L}{3})\s+(\d{1,2}:\d{2})\b/u, '$1 at $2');
  if (/^(?:and|then|but)\b/i.test(rest)) return null;
  const path = `${here[0]!.node.text!} > ${m[3]!.trim()} > ${m[2]!.trim()}`;
  // "reason Persistent cough": a lower-case label, then its value, quoted so the value is read as one.
  const values = rest
    .split(/\s*,\s*/)
    .map((part, i) => {
      const lv = /^(\p{Ll}+)\s+([^"]+)$/u.exec(part);
      return i > 0 && lv && !startsWithVerb(part) && !/^(?:and|then|but|no|not|without|with)$/.test(lv[1]!)
        ? `${lv[1]} "${lv[2]}"`
        : part;
    })
    .join(', ');
  // "Book Dr Julia Kerr (Mental health) for Thu 16 Apr at 11:15, reason "Low mood"": the values, then the booking made.
  if (rest && first === 'book') return { path, then: `rest of the booking: ${values}` };
  return rest ? { path, then: `choose ${values}` } : { path };
}

/** "Go to Orders, Past": names only, separated by commas, after a verb of going are a path ("Orders > Past"). */
export function commaPath(raw: string): string {
  const parts = raw.split(/\s*,\s*/);
  const named = parts.length > 1 && parts.every((p) => /^\p{Lu}[\p{L}'’. -]{0,30}$/u.test(p) && !startsWithVerb(p));
  return named ? parts.join(' > ') : raw;
}

const ARROW = /\s*(?:→|›|⟶|=>)\s*/;
/** "name Bedtime, time 22:30": a form's entries as the last part of a path, a lower-case label then its value. */
export const FORM_ENTRIES = /^\p{Ll}[\p{L}'-]*(?: \p{Ll}[\p{L}'-]*)? [^\s>→]/u;
const ACTION_FIRST =
  /^(?:tap|click|press|touch|hit|go|open|navigate|head|switch|return|select|choose|pick|type|enter|input|fill|scroll|swipe|verify|check|wait|sign|log|turn|set)\b/i;

/**
 * "Settings → Household members", "Living Room → Ceiling light", "Scenes → New scene → tap Save scene": a
 * path written with arrows, read as "Settings > Household members" when its first part is a tab, button or
 * row here (or this screen's title) and the whole is no name on this screen ("London → Paris" as a row's
 * name stays that row). The path is then read as any path: names tapped in turn, later parts starting with
 * a verb done on the screen reached.
 */
export function arrowPath(s: string, index: ScreenIndex): string | null {
  if (!ARROW.test(s)) return null;
  // "Add schedule → …" starts with a button's name that is also a verb: a path only when that button is here
  // ("Search London → Paris" is a search, "Tap Save → …" an action).
  const verbFirst = startsWithVerb(s);
  if (verbFirst && (!/^\p{Lu}/u.test(s) || ACTION_FIRST.test(s))) return null;
  const parts = s.split(ARROW).map((p) => p.trim());
  if (parts.length < 2 || parts.length > 8 || parts.some((p) => p === '')) return null;
  const whole = normalizeText(s);
  if (index.allCandidates.some((e) => e.node.text && normalizeText(e.node.text).includes(whole))) return null;
  const first = normalizeText(parts[0]!.replace(/\s+(?:tab|screen|page|button|row)$/i, ''));
  const here = index.allCandidates.some(
    (e) =>
      e.node.role !== 'input' &&
      e.node.text &&
      normalizeText(e.node.text) === first &&
      (isInteractive(e.node) || e.node.role === 'navigation_bar'),
  );
  // A tab bar below the content is not on screen yet: a path of short names is still a path (each is looked for).
  const shortName = (p: string) => /^[\p{Lu}\d°£$€+−-]/u.test(p) && p.split(/\s+/).length <= 6;
  // "Add schedule → name Bedtime, time 22:30": the last part may be the form's entries, as a person fills it in.
  const entries = (p: string, i: number) => i === parts.length - 2 && FORM_ENTRIES.test(p);
  const names =
    shortName(parts[0]!) && parts.slice(1).every((p, i) => shortName(p) || startsWithVerb(p) || entries(p, i));
  if (verbFirst) return here ? parts.join(' > ') : null;
  return here || names ? parts.join(' > ') : null;
}
