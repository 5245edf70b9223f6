import { counterBeside } from './counter-value';
import { lineCountValue } from './stepper-lines';
import type { Target } from './intent';
import { passed, notSettled, type CheckResolution } from './resolution';
import { matchAll, nameOf, type ScreenIndex } from './target-finder';
import { lineParts, normalizeText } from './text-match';
import { screenTitle } from './screen-title';
import { describeElement, isVisible, type TreeElement } from './ui-tree';
import { fieldAliases } from './field-aliases';
import { headedBy, selfDescribedValue } from './claim-checks';

export { screenTitle };

/**
 * Judges the checks that read a screen's layout: the value that belongs to a label, rows in an
 * order, which screen is showing.
 */

const loose = (s: string | null | undefined) => normalizeText(s ?? '');
/** Lower case and single spaces, signs and units kept ("50%" is not "50°C"). */
const spaced = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
const sameValue = (a: string, b: string) => loose(a) === loose(b);

/** Elements named by a target, close matches only; then one whose id or text holds its words ("the count"). */
export function namedElements(index: ScreenIndex, target: Target): TreeElement[] {
  const hit =
    matchAll(index, target, { closeOnly: true, wholeScreen: true }) ??
    (target.literal ? matchAll(index, { text: target.literal }, { closeOnly: true, wholeScreen: true }) : null);
  if (hit) return [...new Set(hit.matches)];
  // "the Reminder row": a label's row on a details screen, when no list row is called that.
  if (target.role === 'item') {
    const plain = matchAll(index, { text: target.text }, { closeOnly: true, wholeScreen: true });
    if (plain) return [...new Set(plain.matches)];
  }
  const want = loose(target.text);
  if (want.length < 3) return [];
  const holders = index.allCandidates.filter((e) =>
    [e.node.text, e.node.id?.replace(/[-_.]+/g, ' ')].some((v) => v && ` ${loose(v)} `.includes(` ${want} `)),
  );
  if (holders.length === 1) return holders;
  // "Base fare" on a screen with "Base fare (2 × €79.00)" and a value #base-fare-value: the label with a qualifier.
  const qualified = holders.filter((e) => qualifiedLabel(e.node.text, target.text));
  return qualified.length === 1 ? qualified : [];
}

/** "Base fare (2 × €79.00)", "Phone (optional)": the name followed by a qualifier in parentheses. */
function qualifiedLabel(text: string | null, name: string): boolean {
  const m = /^(.+?)\s*\([^()]*\)$/.exec(text?.trim() ?? '');
  return m !== null && loose(m[1]) === loose(name);
}

/** A text element that is only a label: its text is the name the step gave (with a qualifier in parentheses or not). */
function isLabel(el: TreeElement, target: Target): boolean {
  return (
    el.node.role === 'text' && (loose(el.node.text) === loose(target.text) || qualifiedLabel(el.node.text, target.text))
  );
}

/** The value beside a label (same row, to its right) or just below it; never the label itself. */
export function valueBeside(index: ScreenIndex, label: TreeElement): TreeElement | null {
  const l = label.node.bounds;
  const mid = l.y + l.height / 2;
  const texts = index.allCandidates.filter(
    (e) => e !== label && e.node.text?.trim() && e.node.role !== 'navigation_bar' && e.node.role !== 'alert',
  );
  const row = texts
    .filter((e) => {
      const b = e.node.bounds;
      return b.x >= l.x + l.width - 2 && mid >= b.y && mid <= b.y + b.height;
    })
    .sort((a, b) => a.node.bounds.x - b.node.bounds.x);
  if (row[0]) return row[0];
  const at = index.elements.indexOf(label);
  const below = index.elements.slice(at + 1).find((e) => texts.includes(e));
  if (!below) return null;
  const gap = below.node.bounds.y - (l.y + l.height);
  return gap >= -2 && gap <= Math.max(l.height * 2, 80) ? below : null;
}

/** "Total: €97.40": the label's value, a field's text, or the element's own text when it is no label. */
export function checkValue(
  index: ScreenIndex,
  label: Target,
  value: string,
  match: 'equals' | 'contains' | 'words',
  quoted = false,
): CheckResolution {
  // "Adult shows 1": a stepper line's count, never the price beside its title.
  const counted = match === 'equals' ? lineCountValue(index, label.text, value) : null;
  if (counted) return counted;
  const found = namedElements(index, label);
  // "Screen 2" beside a label "Screen" whose value reads "Screen 2": the value repeats its label's name.
  const fits = (actual: string) =>
    match === 'equals'
      ? sameValue(actual, value) || sameValue(actual, `${label.text} ${value}`)
      : match === 'words'
        ? ` ${spaced(actual)} `.includes(` ${spaced(value)} `)
        : loose(actual).includes(loose(value));
  // "The origin is London": the field labelled From (`fieldAliases`), when one alias alone is on screen.
  const aliases = found.length === 0 ? fieldAliases(label.text) : { fields: [], counted: [] };
  const alias = [...aliases.fields, ...aliases.counted].filter(
    (text) => namedElements(index, { ...label, text }).length,
  );
  // "Number of passengers is 2" beside "2 passengers": the number, as a word of what the count reads.
  const count = aliases.counted.includes(alias[0]!) && /^\d+$/.test(value.trim()) ? 'words' : match;
  if (alias.length === 1) return checkValue(index, { ...label, text: alias[0]! }, value, count, quoted);
  // "Ceiling light brightness is 90%" beside "Brightness 80%": the thing's name, and its value said with its word.
  const attribute = found.length === 0 ? /^(.+?)\s+(\p{L}+)$/u.exec(label.text.trim()) : null;
  // Only when what is beside the name says that word: "Thermostat target" beside "Indoor 20°C" is not read so.
  const saysIt = (el: TreeElement) =>
    ` ${spaced(valueBeside(index, el)?.node.text ?? '')} `.includes(` ${spaced(attribute![2]!)} `);
  if (attribute && match !== 'contains' && namedElements(index, { ...label, text: attribute[1]! }).some(saysIt))
    return checkValue(index, { ...label, text: attribute[1]! }, `${attribute[2]} ${value}`, 'words', quoted);
  if (found.length === 0)
    return (
      selfDescribedValue(index, label.text, value) ?? notSettled(`no element matches ${nameOf(label)} on this screen`)
    );
  const verdicts = found.map((el) => {
    // "Desk lamp: Brightness 90%": a switch's value is the text beside or below it, unless an on/off is asked.
    const named = isLabel(el, label) || (el.node.role === 'toggle' && !/^(?:on|off)$/i.test(value.trim()));
    const beside = named && !sameValue(el.node.text ?? '', value) ? valueBeside(index, el) : el;
    // "Quantity is 2" beside − 2 +: the number between the stepper's buttons.
    const holder = counterBeside(index, beside) ?? beside;
    // "Notifications: on": a switch reads its state.
    const state = /^(on|off)$/i.exec(value.trim());
    if (holder?.node.role === 'toggle' && holder.node.checked !== undefined && state)
      return {
        ok: holder.node.checked === (state[1]!.toLowerCase() === 'on'),
        why: `${describeElement(holder.node)} is ${holder.node.checked ? 'on' : 'off'}`,
      };
    // "Personal shows "3 open tasks"": a list row shows its title and, below it, its second line.
    const line =
      holder?.node.role === 'list_item' && !sameValue(holder.node.text ?? '', value) ? rowLine(holder) : null;
    if (holder && line !== null) {
      // "Call the dentist shows High priority" of "Today · Personal · High priority": one of the line's parts, said
      // without quotes (a quoted text is the line's whole).
      // A rating said without its star: "★ 4.8" shows 4.8.
      const part = !quoted && lineParts(line).some((p) => fits(p) || fits(p.replace(/^[★⭐]\s*|\s*[★⭐]$/gu, '')));
      return { ok: fits(line) || part, why: `${describeElement(holder.node)}'s second line reads "${line}"` };
    }
    if (!holder) return { ok: false, why: `${describeElement(el.node)} has no value beside or below it` };
    if (/^[•*●]+$/.test(holder.node.text?.trim() ?? ''))
      return { ok: false, why: `${describeElement(holder.node)} hides its text` };
    const actual = holder.node.text ?? '';
    return {
      ok: fits(actual),
      why: `${describeElement(holder.node)}${holder === el ? '' : ` (beside ${JSON.stringify(label.text)})`} reads "${actual}"`,
    };
  });
  const good = verdicts.find((v) => v.ok);
  if (good) return passed(true, good.why);
  return passed(false, verdicts.map((v) => v.why).join('; '));
}

/** Texts shown in this order, top to bottom. */
export function checkOrder(index: ScreenIndex, values: string[]): CheckResolution {
  const rows: TreeElement[] = [];
  for (const v of values) {
    const el = index.allCandidates.find((e) => sameValue(e.node.text ?? '', v));
    if (!el) return passed(false, `no element reads "${v}"`);
    rows.push(el);
  }
  for (let i = 1; i < rows.length; i++) {
    const a = index.elements.indexOf(rows[i - 1]!);
    const b = index.elements.indexOf(rows[i]!);
    if (b < a) return passed(false, `"${values[i]}" comes before "${values[i - 1]}"`);
  }
  return passed(true, `${values.length} texts are shown in the order given`);
}

export function checkScreen(index: ScreenIndex, name: string, negated: boolean): CheckResolution {
  const title = screenTitle(index);
  if (title === null) return notSettled('the UI tree shows no screen title');
  const bare = name.replace(/\s+(?:screen|page)$/i, '');
  // "the New task form": a form is the screen of that title.
  // "the Margherita dish screen", "the Green Bowl menu": a name, then a lower-case word for its kind.
  const names = [bare, bare.replace(/\s+form$/i, ''), bare.replace(/^(\p{Lu}.*?)\s+\p{Ll}+$/u, '$1')];
  if (names.some((n) => loose(title) === loose(n))) return passed(!negated, `the screen is "${title}"`);
  // "We are still on Water the plants": a screen titled for its kind ("Task") and headed by that name.
  const heading = names.map((n) => headedBy(index, n)).find(Boolean);
  if (heading) return passed(!negated, `the screen "${title}" is headed ${describeElement(heading.node)}`);
  // "Recent activity screen" on "Activity" whose first line reads "Recent activity": the title said in full.
  const first = firstLine(index);
  const said = names.find((n) => loose(n).endsWith(` ${loose(title)}`) && first && loose(first.node.text) === loose(n));
  if (said) return passed(!negated, `the screen "${title}" opens with ${describeElement(first!.node)}`);
  return passed(negated, `the screen is "${title}"`);
}

/** The first text of the screen's content, below its top bar (none inside a row or a dialog). */
function firstLine(index: ScreenIndex): TreeElement | null {
  const under = (e: TreeElement, role: string): boolean =>
    e.parent !== null && (e.parent.node.role === role || under(e.parent, role));
  return (
    index.elements.find(
      (e) =>
        e.node.role === 'text' &&
        !!e.node.text?.trim() &&
        isVisible(e, index.observation.screen) &&
        !['navigation_bar', 'list_item', 'alert'].some((r) => under(e, r)),
    ) ?? null
  );
}

/** A row's second line: the first text inside it, or null when it has none. */
function rowLine(row: TreeElement): string | null {
  const walk = (n: TreeElement['node']): string | null => {
    for (const c of n.children) {
      if (c.role === 'text' && c.text) return c.text;
      const deeper = walk(c);
      if (deeper !== null) return deeper;
    }
    return null;
  };
  return walk(row.node);
}
