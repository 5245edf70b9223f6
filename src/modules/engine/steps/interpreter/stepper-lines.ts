import { notSettled, type CheckResolution } from './resolution';
import { FILLER, lineName, signOf } from './row-stepper';
import type { ScreenIndex } from './target-finder';
import { normalizeText } from './text-match';
import { describeElement, type TreeElement } from './ui-tree';

/**
 * The lines of a screen that hold a stepper (− count +), as a ticket or basket screen shows them: "Adult £12.50 − 2 +".
 * A line is named by its title (one of the two texts before its − that is no amount, with no other stepper between)
 * or by its buttons' names less the stepper words ("One more adult" → "adult"). A step names a line as written, or by
 * words of its name ("popcorn" for "Salted popcorn", "drinks" for "Soft drink") when one line alone holds them.
 * Its count is the number between its − and + (never the price beside its title).
 */

export interface StepperLine {
  minus: TreeElement;
  count: TreeElement;
  plus: TreeElement;
  names: string[];
}

const stripped = (t: string) => normalizeText(t).replace(FILLER, ' ').replace(/\s+/g, ' ').trim();
/** Words of a name, each without a plural "s" ("drinks" is a word of "Soft drink"). */
const words = (t: string) =>
  normalizeText(t)
    .split(' ')
    .filter(Boolean)
    .map((w) => (w.length > 3 ? w.replace(/s$/, '') : w));

function namesOf(index: ScreenIndex, minus: TreeElement, plus: TreeElement): string[] {
  const names = [minus, plus].map((b) => stripped(b.node.text ?? '')).filter((n) => /\p{L}/u.test(n));
  const at = index.elements.indexOf(minus);
  let texts = 0;
  for (let i = at - 1; i >= 0 && texts < 2; i--) {
    const e = index.elements[i]!;
    if (signOf(e)) break;
    const t = e.node.role === 'text' ? (e.node.text?.trim() ?? '') : '';
    if (t === '') continue;
    texts++;
    if (/\p{L}/u.test(t) && !/^[€$£¥]/.test(t)) names.push(lineName(t));
  }
  return [...new Set(names)];
}

/** Every line of this screen with a − , a bare count and a + in that order. */
export function stepperLines(index: ScreenIndex): StepperLine[] {
  const lines: StepperLine[] = [];
  for (const minus of index.allCandidates) {
    if (signOf(minus) !== 'down') continue;
    // The line's parts in reading order: − then the number then +, in a row or stacked.
    const next = index.elements
      .slice(index.elements.indexOf(minus) + 1)
      .filter((e) => e.node.text?.trim() || e.node.role === 'button');
    const [count, plus] = next;
    if (count?.node.role !== 'text' || !/^\d{1,3}$/.test(count.node.text?.trim() ?? '')) continue;
    if (!plus || signOf(plus) !== 'up') continue;
    lines.push({ minus, count, plus, names: namesOf(index, minus, plus) });
  }
  return lines;
}

/** The one stepper line named so; a reason when several are; null when none is (the words may mean something else). */
export function lineNamed(index: ScreenIndex, name: string): StepperLine | string | null {
  const want = lineName(name.replace(/^(?:the|a|an)\s+/i, ''));
  if (want === '') return null;
  const lines = stepperLines(index);
  const exact = lines.filter((l) => l.names.includes(want));
  const asked = words(want);
  const pick =
    exact.length > 0 ? exact : lines.filter((l) => l.names.some((n) => asked.every((w) => words(n).includes(w))));
  if (pick.length === 1) return pick[0]!;
  if (pick.length === 0) return null;
  return `${pick.length} lines with a stepper answer to "${name}" on this screen; say which one`;
}

/** The count of the line named, when the value is a number ("2", "count 2") and the name is a stepper line here; else null. */
export function lineCountValue(index: ScreenIndex, name: string, value: string): CheckResolution | null {
  // "count 2": the word that says a count is read, said before it.
  const want = /^(?:(?:count|quantity|qty|number)\s+(?:of\s+|is\s+)?)?(\d{1,3})$/i.exec(value.trim())?.[1];
  if (want === undefined) return null;
  const line = lineNamed(index, name);
  if (line === null) return null;
  if (typeof line === 'string') return notSettled(line);
  const reads = line.count.node.text?.trim() ?? '';
  return {
    settled: true,
    kind: 'check',
    passed: reads === want,
    reasoning: `the count of the "${name}" line (${describeElement(line.count.node)} beside ${describeElement(line.minus.node)}) reads ${reads}${reads === want ? '' : `, not ${want}`}`,
  };
}

const COUNT_CLAIM =
  /^(?:the\s+)?(\p{L}[\p{L}'’ -]{0,40}?)(?:\s+(?:count|quantity|qty|number|tickets?))?(?:\s+(?:is|shows|reads|says|stays at|is at|at)|\s*[:=])?\s+(\d{1,3})$/iu;

/** "Adult 2", "Adult count 2", "Child shows 0", "Popcorn 1": a stepper line's count; null for other words. */
export function lineCountClaim(index: ScreenIndex, text: string): CheckResolution | null {
  const m = COUNT_CLAIM.exec(text.trim());
  return m ? lineCountValue(index, m[1]!, m[2]!) : null;
}
