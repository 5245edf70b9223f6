import { escapeRegExp } from './step-text';
import { passed, notSettled, type CheckResolution } from './resolution';
import { lineCountClaim } from './stepper-lines';
import { scrollable, scrolledDown } from './screen-shape';
import { matchAll, rowsUnderHeading, type ScreenIndex } from './target-finder';
import { amountSigns, humanizeId, lineParts, normalizeText } from './text-match';
import { describeElement, isVisible, type TreeElement } from './ui-tree';

/**
 * Judges the shorthand claims of `claim-forms.ts` on one screen: a row's place in the list, words
 * that name a thing and what it reads ("Due Fri 22 Aug"), the heading a screen with a generic title
 * shows, and a value that describes itself when the thing said to show it has no element.
 */

const loose = (s: string | null | undefined) => normalizeText(s ?? '');
/** The same value, its amounts' signs included. */
const same = (a: string | null | undefined, b: string) =>
  loose(a) === loose(b) && amountSigns(a ?? '') === amountSigns(b);
const words = (s: string) => loose(s).split(' ').filter(Boolean);
const holds = (hay: string[], needle: string[]) => {
  for (let i = 0; i + needle.length <= hay.length; i++) if (needle.every((w, k) => hay[i + k] === w)) return true;
  return false;
};

const inside = (e: TreeElement, roles: string[]): boolean =>
  e.parent !== null && (roles.includes(e.parent.node.role) || inside(e.parent, roles));

/**
 * The screen's heading: the tallest text near the top of the content (outside rows, dialogs and the
 * top bar), taller than most texts on the screen. A screen titled "Task" is headed by the task's name.
 */
export function screenHeading(index: ScreenIndex): TreeElement | null {
  const { screen } = index.observation;
  const texts = index.elements.filter(
    (e) =>
      e.node.role === 'text' &&
      e.node.text?.trim() &&
      isVisible(e, screen) &&
      !inside(e, ['list_item', 'alert', 'navigation_bar']),
  );
  if (texts.length < 2) return null;
  const heights = texts.map((e) => e.node.bounds.height).sort((a, b) => a - b);
  const median = heights[Math.floor(heights.length / 2)]!;
  const top = texts.filter((e) => e.node.bounds.y < screen.height * 0.4);
  const tallest = Math.max(...top.map((e) => e.node.bounds.height));
  if (!(tallest > median)) return null;
  return top.find((e) => e.node.bounds.height === tallest) ?? null;
}

/** Whether the screen's heading reads `name`. */
export function headedBy(index: ScreenIndex, name: string): TreeElement | null {
  const heading = screenHeading(index);
  return heading && loose(heading.node.text) === loose(name) ? heading : null;
}

/** The list's rows: under the heading named, or all rows when the place named is elsewhere on screen. */
function rowsIn(index: ScreenIndex, within: string | undefined): TreeElement[] | string {
  const all = index.allCandidates.filter((e) => e.node.role === 'list_item' && e.node.text);
  if (!within) return all;
  const under = rowsUnderHeading(index, within)?.filter((e) => e.node.text);
  if (under && under.length > 0) return under;
  // "in Today": a view's button, a heading holding the word, or the screen's title must show the place.
  const want = words(within);
  const shown = index.elements.some(
    (e) => e.node.text && isVisible(e, index.observation.screen) && holds(words(e.node.text), want),
  );
  return shown ? all : `no "${within}" on this screen`;
}

/**
 * The end of the list is in the UI tree: the tree reports content wholly below the screen (it holds
 * every row), or the last row stops well short of the screen's bottom edge.
 */
function endInTree(index: ScreenIndex, last: TreeElement): boolean {
  const { height } = index.observation.screen;
  const below = index.elements.some((e) => e.node.bounds.height > 0 && e.node.bounds.y >= height);
  return below || last.node.bounds.y + last.node.bounds.height < height * 0.9;
}

/** A text outside the lists said to be first: the first thing under the top bar, the content not scrolled. */
function topText(index: ScreenIndex, text: string): CheckResolution | null {
  const { screen } = index.observation;
  const shown = index.elements.filter(
    (e) => e.node.role === 'text' && loose(e.node.text) === loose(text) && isVisible(e, screen),
  );
  if (shown.length !== 1 || inside(shown[0]!, ['list', 'list_item', 'alert'])) return null;
  if (scrolledDown(index)) return notSettled('the screen is scrolled; what is at its top is not on screen');
  const first = index.elements.find(
    (e) =>
      e.node.text?.trim() &&
      isVisible(e, screen) &&
      !['application', 'screen', 'navigation_bar'].includes(e.node.role) &&
      !inside(e, ['navigation_bar']),
  );
  const ok = first === shown[0];
  return passed(
    ok,
    ok ? `"${text}" is the first text on the screen` : `the screen starts with ${describeElement(first!.node)}`,
  );
}

/**
 * "X is shown at the bottom" on a screen without a list: the text is on screen and nothing with a text lies below
 * it but the tab bar (a control whose id says tab).
 */
function atBottom(index: ScreenIndex, text: string): CheckResolution {
  const { screen } = index.observation;
  const shown = index.elements.filter((e) => isVisible(e, screen) && e.node.text?.trim());
  const hits = shown.filter((e) => loose(e.node.text) === loose(text));
  if (hits.length !== 1)
    return passed(false, hits.length ? `"${text}" is shown ${hits.length} times` : `no element reads "${text}"`);
  const bottom = hits[0]!.node.bounds.y + hits[0]!.node.bounds.height;
  // Content that may go on below the screen: what is lowest is not known here.
  const more = index.elements.some((e) => e.node.bounds.height > 0 && e.node.bounds.y >= screen.height);
  if ((more || bottom >= screen.height * 0.9) && scrollable(index))
    return notSettled(`the screen scrolls: more may be below "${text}"`);
  const below = shown.filter(
    (e) =>
      e.node.bounds.y >= bottom - 2 &&
      !/\btab\b/i.test((e.node.id ?? '').replace(/[-_]/g, ' ')) &&
      e.node.role !== 'tab',
  );
  return below.length
    ? passed(false, `${describeElement(below[0]!.node)} is below "${text}"`)
    : passed(true, `${describeElement(hits[0]!.node)} is the last text on screen`);
}

/** "X is the third task (in Today)", "X is the last task": the row of that title at that place. */
export function checkRowAt(
  index: ScreenIndex,
  text: string,
  ordinal: number,
  within?: string,
  atEnd = false,
): CheckResolution {
  const rows = rowsIn(index, within);
  if (typeof rows === 'string') return notSettled(rows);
  if (rows.length === 0 && ordinal === -1 && !within) return atBottom(index, text);
  if (rows.length === 0) return passed(false, `no list rows on this screen${within ? ` for "${within}"` : ''}`);
  const where = rows.findIndex((r) => loose(r.node.text) === loose(text));
  // ""Deliver to Home" is shown at the top": a text above the list, first on the screen.
  const top = where < 0 && ordinal === 1 && !within ? topText(index, text) : null;
  if (top) return top;
  const place = ordinal === -1 ? 'last' : `row ${ordinal}`;
  let row: TreeElement | undefined;
  if (ordinal === -1) {
    row = rows.at(-1)!;
    // Not known yet: failed, so that an assertion scrolls to the end of the content and reads it again.
    if (!(atEnd && isVisible(row, index.observation.screen)) && !endInTree(index, row))
      return passed(false, `the list goes on below the screen; its last row is not on screen yet`);
  } else {
    if (scrolledDown(index)) return notSettled('the list is scrolled; its first rows are not on screen to count from');
    row = rows[ordinal - 1];
  }
  const found = where >= 0 ? `"${text}" is row ${where + 1} of ${rows.length}` : `no row reads "${text}"`;
  if (!row) return passed(false, `the list has ${rows.length} row(s), no ${place}; ${found}`);
  const ok = loose(row.node.text) === loose(text);
  return passed(ok, ok ? `${found}` : `${place} is ${describeElement(row.node)}; ${found}`);
}

/** Words that say what a value is, before the value itself: "Name Sam Rivera", "Email sam@x.test". */
const DESCRIPTOR =
  /^(?:(?:full |user |display |first |last )?name|e-?mail(?: address)?|title|heading|tagline|subtitle|message|text|label|status|date|time|phone(?: number)?|address|user(?:name)?|account|version|total|count|counter|note|notes|error|description|value|amount|price)$/i;

/** The value beside or below a label element (never the label itself). */
type Beside = (index: ScreenIndex, label: TreeElement) => TreeElement | null;

/**
 * Words that name a thing and then give what it reads, split where the screen says: a label on
 * screen ("Due" beside "Fri 22 Aug") or a word that describes the value ("Name" before "Sam
 * Rivera"). Null when no split of the words names a label or a describing word.
 */
export function phraseSplit(index: ScreenIndex, text: string, beside: Beside): CheckResolution | null {
  const parts = text.trim().split(/\s+/);
  const misses: string[] = [];
  for (let k = 1; k < parts.length; k++) {
    const label = parts.slice(0, k).join(' ');
    const value = parts.slice(k).join(' ');
    const labels = index.elements.filter(
      (e) => e.node.role === 'text' && loose(e.node.text) === loose(label) && isVisible(e, index.observation.screen),
    );
    for (const l of labels) {
      const holder = beside(index, l);
      if (!holder) continue;
      if (same(holder.node.text, value))
        return passed(true, `${describeElement(holder.node)} (beside "${l.node.text}") reads "${holder.node.text}"`);
      misses.push(`${describeElement(holder.node)} (beside "${l.node.text}") reads "${holder.node.text}"`);
    }
    // "Balance £1,842.50 is shown" with no "Balance" text: the value shown by an element whose id says so.
    const byId = (labels.length > 0 ? [] : index.allCandidates).filter(
      (e) =>
        e.node.id &&
        loose(e.node.text) !== loose(label) &&
        e.node.role === 'text' &&
        isVisible(e, index.observation.screen) &&
        holds(words(humanizeId(e.node.id)), words(label)),
    );
    // Only a match answers: another value there may be a typo of the step's as well as a change on screen.
    const named = byId.find((e) => same(e.node.text, value));
    if (named)
      return passed(true, `${describeElement(named.node)} reads "${named.node.text}" (its id names the ${label})`);
    if (DESCRIPTOR.test(label)) {
      const shown = index.allCandidates.find(
        (e) => e.node.role !== 'input' && same(e.node.text, value) && isVisible(e, index.observation.screen),
      );
      if (shown) return passed(true, `${describeElement(shown.node)} is on screen (the ${label.toLowerCase()})`);
      misses.push(`no element reads "${value}"`);
    }
  }
  return misses.length > 0 ? passed(false, misses.join('; ')) : null;
}

/** "Due Fri 22 Aug", "Priority Medium": the words as one text on screen, else a label and its value. */
export function checkPhrase(index: ScreenIndex, text: string, beside: Beside): CheckResolution {
  const whole = matchAll(index, { text }, { closeOnly: true, wholeScreen: true })?.matches.find((e) =>
    isVisible(e, index.observation.screen),
  );
  if (whole) return passed(true, `${describeElement(whole.node)} is on screen`);
  // "Dr Priya Shah" on "Dr Priya Shah · General practice": one of the parts a text joins with " · ".
  const part = index.allCandidates.find(
    (e) =>
      /\s·\s/.test(e.node.text ?? '') &&
      isVisible(e, index.observation.screen) &&
      lineParts(e.node.text!).some((p) => same(p, text)),
  );
  if (part) return passed(true, `${describeElement(part.node)} shows "${text}" as one of its parts`);
  // "Adult 2", "Popcorn 1": the count of a stepper line, never the price beside its title.
  const counted = lineCountClaim(index, text);
  if (counted) return counted;
  const ending = phraseEndsText(index, text, beside);
  if (ending) return ending;
  const read =
    phraseSplit(index, text, beside) ?? notSettled(`no element reads "${text}" and no label on this screen starts it`);
  if (read.settled && read.passed) return read;
  // "09:30, Video": texts a comma joins, each shown (a whole reading, "Address 3 Mill Street, York", came first).
  const listed = text.split(/,\s+/);
  if (listed.length > 1) {
    const each = listed.map((p) => checkPhrase(index, p, beside));
    if (each.every((r) => r.settled && r.passed))
      return passed(true, each.map((r) => (r.settled ? r.reasoning : '')).join('; '));
  }
  // "Amount €64.40 and Category Shopping": read as a whole first, then as names and values joined by "and".
  const parts = text.split(/\s+and\s+/i);
  if (parts.length < 2 || parts.some((p) => !p.includes(' '))) return read;
  const each = parts.map((p) => checkPhrase(index, p, beside));
  if (!each.every((r) => r.settled)) return read;
  const failed = each.find((r) => r.settled && !r.passed);
  return failed ?? passed(true, each.map((r) => (r.settled ? r.reasoning : '')).join('; '));
}

/**
 * "Reference RH-48350" where one text reads "Booking reference RH-48350": a name and a value (a word with a digit)
 * that end a longer text say what it says. The same name ending a text with another value fails. Else the one
 * label ending with the name ("Booking reference" beside "RH-47102") and its value; anything else is left to the
 * other readings.
 */
function phraseEndsText(index: ScreenIndex, text: string, beside: Beside): CheckResolution | null {
  const tokens = text.trim().split(/\s+/);
  if (tokens.length < 2 || tokens.length > 4 || !/\d/.test(tokens.at(-1)!)) return null;
  const label = normalizeText(tokens.slice(0, -1).join(' '));
  const whole = normalizeText(text);
  const n = normalizeText(tokens.at(-1)!).split(' ').length;
  const another = new RegExp(`\\s${escapeRegExp(label)}(?:\\s\\S+){${n}}$`);
  const shown = index.elements.filter((e) => e.node.text && isVisible(e, index.observation.screen));
  // The text goes on past the label with a value of its own ("booking reference rh 48350").
  const ends = shown.filter((e) => {
    const have = normalizeText(e.node.text!);
    return have.length > whole.length && (have.endsWith(` ${whole}`) || another.test(have));
  });
  if (ends.length !== 1) return labelEndsWith(index, text, label, beside);
  const ok = normalizeText(ends[0]!.node.text!).endsWith(` ${whole}`);
  return passed(ok, `${describeElement(ends[0]!.node)} ${ok ? 'ends with' : 'does not end with'} "${text}"`);
}

/** "Reference RH-47102" beside a label "Booking reference": the one label ending with those words, and its value. */
function labelEndsWith(index: ScreenIndex, text: string, label: string, beside: Beside): CheckResolution | null {
  const n = label.split(' ').length;
  const labels = index.elements.filter((e) => {
    const have = normalizeText(e.node.text ?? '').split(' ');
    return (
      e.node.role === 'text' &&
      isVisible(e, index.observation.screen) &&
      have.length > n &&
      have.slice(-n).join(' ') === label
    );
  });
  if (labels.length !== 1) return null;
  const holder = beside(index, labels[0]!);
  if (!holder) return null;
  const value = text.trim().split(/\s+/).at(-1)!;
  const ok = same(holder.node.text, value);
  return passed(ok, `${describeElement(holder.node)} (beside "${labels[0]!.node.text}") reads "${holder.node.text}"`);
}

/** A value that says what it is: several words with a number ("10 tasks left"), or a sentence. */
export function describesItself(value: string): boolean {
  const n = words(value);
  return n.length >= 2 && (/\d/.test(value) || n.length >= 4);
}

/**
 * "The counter shows "10 tasks left"" where no element is called the counter: the text shown answers.
 * A text of the same shape with other numbers ("9 tasks left") is what the counter reads instead: the
 * claim is false. Null when the value does not describe itself or nothing of its shape is on screen.
 */
export function selfDescribedValue(index: ScreenIndex, subject: string, value: string): CheckResolution | null {
  // "Status Shipped and price €40.00" names several things: the value alone does not answer for them all.
  if (!describesItself(value) || /\sand\s/i.test(subject)) return null;
  const visible = index.allCandidates.filter((e) => e.node.text && isVisible(e, index.observation.screen));
  const exact = visible.find((e) => same(e.node.text, value));
  if (exact) return passed(true, `no element is called "${subject}"; ${describeElement(exact.node)} is on screen`);
  const shape = (s: string) => loose(s).replace(/\d+/g, '#');
  if (!/\d/.test(value)) return null;
  const alike = visible.find((e) => shape(e.node.text!) === shape(value));
  return alike
    ? passed(false, `no element is called "${subject}"; ${describeElement(alike.node)} is on screen, not "${value}"`)
    : null;
}
