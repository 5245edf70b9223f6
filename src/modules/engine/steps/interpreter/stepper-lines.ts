import { notSettled, type CheckResolution } from './resolution';
import { FILLER, lineName, signOf } from './row-stepper';
import { indexScreen, type ScreenIndex } from './target-finder';
import { normalizeText } from './text-match';
import { describeElement, type Observation, type TreeElement } from './ui-tree';

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

const WITH_BUTTON =
  /^(.+?)(?:,|\s+with|\s+and)\s+(?:its\s+|the\s+)?(\+|−|–|-|plus|minus)(?:\s+button)?\s+(?:is\s+)?(disabled|enabled)$/i;
const ALL_COUNTS =
  /^(?:all|every|each)\s+(?:the\s+)?(?:counts?|quantit(?:y|ies))\s+(?:are\s+|is\s+|at\s+|read\s+|show\s+)?(\d{1,3})$/i;

const ALL_SIGNS = /^(?:all\s+)?(?:the\s+)?(\+|−|–|-|plus|minus)\s+buttons\s+(?:are\s+)?(?:all\s+)?(disabled|enabled)$/i;

const verdict = (ok: boolean, reasoning: string): CheckResolution => ({
  settled: true,
  kind: 'check',
  passed: ok,
  reasoning,
});

/**
 * "Adult 2", "Adult count 2", "Child shows 0", "Popcorn 1": a stepper line's count; "Adult 0 with − disabled": and its
 * button so; "All counts 0", "− buttons disabled": every stepper line's count, or its − (+) (there must be one line).
 * Null for other words.
 */
export function lineCountClaim(index: ScreenIndex, text: string): CheckResolution | null {
  const all = ALL_COUNTS.exec(text.trim());
  if (all) {
    const lines = stepperLines(index);
    if (lines.length === 0) return null;
    const off = lines.find((l) => l.count.node.text?.trim() !== all[1]);
    return off
      ? verdict(false, `the count of the "${off.names[0] ?? ''}" line reads ${off.count.node.text}, not ${all[1]}`)
      : verdict(true, `all ${lines.length} stepper counts read ${all[1]}`);
  }
  const signs = ALL_SIGNS.exec(text.trim());
  if (signs) {
    const lines = stepperLines(index);
    if (lines.length === 0) return null;
    const want = signs[2]!.toLowerCase() === 'enabled';
    const els = lines.map((l) => (/^(?:\+|plus)$/i.test(signs[1]!) ? l.plus : l.minus));
    const off = els.find((e) => e.node.enabled !== want);
    return off
      ? verdict(false, `${describeElement(off.node)} is ${want ? 'disabled' : 'enabled'}`)
      : verdict(true, `all ${els.length} ${signs[1]} buttons are ${signs[2]!.toLowerCase()}`);
  }
  const button = WITH_BUTTON.exec(text.trim());
  const m = COUNT_CLAIM.exec(button ? button[1]!.trim() : text.trim());
  const count = m ? lineCountValue(index, m[1]!, m[2]!) : null;
  if (!button || !count?.settled || !count.passed) return count;
  const line = lineNamed(index, m![1]!) as StepperLine;
  const el = /^(?:\+|plus)$/i.test(button[2]!) ? line.plus : line.minus;
  const want = button[3]!.toLowerCase() === 'enabled';
  const why = `${count.reasoning}; ${describeElement(el.node)} is ${el.node.enabled ? 'enabled' : 'disabled'}`;
  return verdict(el.node.enabled === want, why);
}

/** "Count stops at 4", "The quantity is 2": a count said of no line by name. */
const BARE_COUNT =
  /^(?:the\s+)?(?:count|quantity|qty|number)\s+(?:now\s+)?(?:is|shows|reads|says|stops at|stays at|is capped at|tops out at|maxes out at|remains(?:\s+at)?)\s+(\d{1,3})\.?$/i;

/**
 * "Count stops at 4" after "Tap + on Soft drink five times": the count of the one stepper line the last step
 * named (by its name or its button's), said as "Soft drink count is 4"; null when the claim is no bare count or
 * the step named no single line of this screen.
 */
export function lastLineCountClaim(text: string, lastStep: string, observation: Observation): string | null {
  const m = BARE_COUNT.exec(text.trim());
  if (!m) return null;
  const step = ` ${normalizeText(lastStep)} `;
  const said = (t: string) => t !== '' && step.includes(` ${normalizeText(t)} `);
  const lines = stepperLines(indexScreen(observation)).filter(
    (l) => l.names.some(said) || said(l.plus.node.text ?? '') || said(l.minus.node.text ?? ''),
  );
  if (lines.length !== 1) return null;
  const name = lines[0]!.names.find(said) ?? lines[0]!.names[0];
  return name ? `${name} count is ${m[1]}` : null;
}
