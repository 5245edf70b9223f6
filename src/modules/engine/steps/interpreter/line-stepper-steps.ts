import { selectorFor } from '../selectors';
import { repeatCount, startsWithVerb } from './lexicon';
import { notSettled, type DeviceAction, type Resolution } from './resolution';
import { COUNT_PATTERN, parseCount } from './step-text';
import { lineCountValue, lineNamed, type StepperLine } from './stepper-lines';
import type { ScreenIndex } from './target-finder';
import { screenTitle } from './screen-title';
import { normalizeText } from './text-match';
import { describeElement, isVisible, touchPoint, type TreeElement } from './ui-tree';

/**
 * Steps said of a stepper line by its name (`stepper-lines.ts`), alone or in a list as QA engineers write them:
 * - "Adult − once", "Adult −1", "Senior +2", "Child + twice", "Adult −" (once): the line's − or + tapped that many
 *   times, one tap at a time (the rest read again after it: a button a cap disabled on the way takes them in vain,
 *   as on a phone, while one disabled before any tap fails the step); steps
 *   in brackets say how a step is done ("Swap the adult for a child (Adult −, Child +), Continue");
 * - "Add 2 child tickets", "Add one nachos", "Remove one adult", "On Snacks add 1 Salted popcorn and 2 Soft drink":
 *   the same, said with a verb (a screen said first must be this one);
 * - "Take adult down to 0", "Bring Child up to 2", "Set Adult to 1": the line's button tapped until its count reads
 *   the number, the count read back after (a count already past it, the wrong way, fails);
 * - "Make it 1 adult, 1 child, 1 senior": each line set so, those that go down first (a total the screen caps
 *   then leaves room for those that go up).
 * What follows in a list is read after, one item at a time: a bare name ("…, Continue") is tapped. A name that is
 * no stepper line on this screen leaves the step to the other forms.
 */

const SIGN = '(\\+|−|–|-)';
const NAME = "(\\p{L}[\\p{L}'’ -]{0,40}?)";
const SIGNED = new RegExp(
  `^(?:tap\\s+)?(?:the\\s+)?${NAME}\\s*${SIGN}\\s*(?:(\\d{1,2})(?:\\s*(?:more\\s+)?times)?|(once|twice|thrice|(?:two|three|four|five|six|seven|eight|nine|ten) (?:more )?times))?$`,
  'iu',
);
const ADDED = new RegExp(`^(add|remove|take off)\\s+(?:${COUNT_PATTERN}|an?|another)\\s+${NAME}$`, 'iu');
const SET_TO = new RegExp(
  `^(?:take|bring|set|put|get|move|change)\\s+(?:the\\s+)?(?:number of\\s+)?${NAME}(?:\\s+(?:count|quantity|qty))?\\s+(?:(down|up)\\s+)?to\\s+${COUNT_PATTERN}$`,
  'iu',
);
const MIX = /^(?:make it|make that|set (?:it|them) to|choose|select|pick)\s+(.+)$/i;
const MIX_ITEM = new RegExp(`^${COUNT_PATTERN}\\s+${NAME}$`, 'iu');
const ON_SCREEN =
  /^[Oo]n\s+(?:the\s+)?(\p{Lu}[^,]{0,30}?)(?:\s+(?:screen|page))?,?\s+(?=(?:add|remove|take|bring|set|make)\s)/u;
const VERIFY = /^verify the count of the "([^"]+)" line reads (\d{1,3})(?:,\s+then\s+(.+))?$/;
const SEP = /\s*,\s*(?:and\s+)?(?:then\s+)?|\s+(?:and\s+)?then\s+|\s+and\s+/i;

/** One of the line's buttons tapped `times` times, or why it cannot be. */
function taps(index: ScreenIndex, button: TreeElement, times: number): DeviceAction[] | string {
  const p = touchPoint(button);
  if (!p || !isVisible(button, index.observation.screen) || !index.candidates.includes(button))
    return `${describeElement(button.node)} is not on screen`;
  if (!button.node.enabled) return `${describeElement(button.node)} is disabled`;
  const tap: DeviceAction = {
    op: 'input',
    event: { kind: 'tap', ...p },
    selector: selectorFor(button.node, index.observation.tree),
  };
  return Array.from({ length: times }, () => tap);
}

/** What is left of a list, each item a clause: a bare name is tapped. */
function rest(items: string[]): string | undefined {
  if (items.length === 0) return undefined;
  return items
    .map((i) =>
      SIGNED.test(i) ||
      (startsWithVerb(i) && i.includes(' ')) ||
      !/^[\p{Lu}\d][^"]{0,30}$/u.test(i) ||
      i.split(' ').length > 4
        ? i
        : `tap ${i}`,
    )
    .join(', then ');
}

const joined = (...parts: Array<string | undefined>) => parts.filter(Boolean).join(', then ') || undefined;

function line(index: ScreenIndex, name: string): StepperLine | string | null {
  const found = lineNamed(index, name);
  if (found !== null) return found;
  // "2 child tickets": the line by its name alone.
  const bare = name.replace(/\s+(?:tickets?|items?|units?|portions?)$/i, '');
  return bare !== name ? lineNamed(index, bare) : null;
}

function stepTaps(
  index: ScreenIndex,
  l: StepperLine,
  name: string,
  up: boolean,
  times: number,
  then?: string,
  goesOn = false,
): Resolution {
  const button = up ? l.plus : l.minus;
  // "Adult + 5 times" past a cap: the button the cap disabled after earlier taps takes the rest in vain.
  if (goesOn && !button.node.enabled)
    return {
      settled: true,
      kind: 'actions',
      actions: [],
      reasoning: `${describeElement(button.node)} turned disabled; the ${times} tap(s) left do nothing`,
      ...(then ? { then } : {}),
    };
  const done = taps(index, button, 1);
  if (typeof done === 'string') return notSettled(done);
  const more = times > 1 ? `${name} ${up ? '+' : '−'} ${times - 1} more times` : undefined;
  return {
    settled: true,
    kind: 'actions',
    actions: done,
    reasoning: `tap ${describeElement(button.node)} (${times} time(s) in all)`,
    ...(joined(more, then) ? { then: joined(more, then)! } : {}),
  };
}

function setTo(index: ScreenIndex, l: StepperLine, name: string, want: number, way: string | undefined, then?: string) {
  const now = Number(l.count.node.text?.trim());
  const check = `verify the count of the "${name}" line reads ${want}`;
  if ((way === 'down' && want > now) || (way === 'up' && want < now))
    return {
      settled: true as const,
      kind: 'check' as const,
      passed: false,
      reasoning: `the count of "${name}" reads ${now}, already ${way === 'down' ? 'below' : 'above'} ${want}`,
    };
  if (want === now)
    return {
      settled: true as const,
      kind: 'actions' as const,
      actions: [],
      reasoning: `the count of "${name}" reads ${now} already`,
      ...(then ? { then } : {}),
    };
  const button = want > now ? l.plus : l.minus;
  const done = taps(index, button, Math.abs(want - now));
  if (typeof done === 'string') return notSettled(done);
  return {
    settled: true as const,
    kind: 'actions' as const,
    actions: done,
    reasoning: `tap ${describeElement(button.node)} ${done.length} time(s): ${now} → ${want}`,
    then: joined(check, then)!,
  };
}

/** A step said of stepper lines by name on this screen, or null when it is none. */
export function lineStepperStep(s: string, index: ScreenIndex): Resolution | null {
  const verify = VERIFY.exec(s);
  if (verify) {
    const r = lineCountValue(index, verify[1]!, verify[2]!) ?? notSettled(`no line "${verify[1]}" with a count here`);
    return r.settled && r.passed && verify[3] ? { ...r, then: verify[3] } : r;
  }
  if (/"/.test(s)) return null;
  // "On Snacks add 1 Salted popcorn": the screen said is this one (another is left to the other forms).
  const place = ON_SCREEN.exec(s);
  if (place && normalizeText(screenTitle(index) ?? '') !== normalizeText(place[1]!)) return null;
  const body = s.slice(place ? place[0].length : 0);
  // "Swap the adult for a child (Adult −, Child +), Continue": the steps in brackets say how.
  const spelled = /^[^()]+\(([^()]+)\)(\s*,.*)?$/.exec(body);
  const said = spelled && SIGNED.test(spelled[1]!.split(SEP)[0]!.trim()) ? `${spelled[1]}${spelled[2] ?? ''}` : body;
  const items = said.split(SEP).map((i) => i.trim());
  if (items.some((i) => i === '')) return null;
  const head = items[0]!;
  const signed = SIGNED.exec(head);
  const added = signed ? null : ADDED.exec(head);
  // "add 1 Salted popcorn and 2 Soft drink": the verb goes on to the counts after it.
  const after = rest(items.slice(1).map((i) => (added && MIX_ITEM.test(i) ? `${added[1]} ${i}` : i)));
  if (signed || added) {
    const l = line(index, signed ? signed[1]! : added![3]!);
    if (l === null) return null;
    if (typeof l === 'string') return notSettled(l);
    const up = signed ? signed[2] === '+' : /^add/i.test(added![1]!);
    const times = signed
      ? signed[3]
        ? Number(signed[3])
        : signed[4]
          ? repeatCount(signed[4])
          : 1
      : added![2]
        ? parseCount(added![2])
        : 1;
    if (!times || times > 20) return null;
    const goesOn = !!signed && /\smore\s+times$/i.test(head);
    return stepTaps(index, l, signed ? signed[1]! : added![3]!, up, times, after, goesOn);
  }
  const to = SET_TO.exec(head);
  if (to) {
    const l = line(index, to[1]!);
    const want = parseCount(to[3]!);
    if (l === null || want === null) return null;
    if (typeof l === 'string') return notSettled(l);
    return setTo(index, l, to[1]!, want, to[2]?.toLowerCase(), after);
  }
  return mix(s, index);
}

/** "Make it 1 adult, 1 child, 1 senior": every line named set to its count, those going down first. */
function mix(s: string, index: ScreenIndex): Resolution | null {
  const m = MIX.exec(s);
  if (!m) return null;
  const parts = m[1]!.split(SEP).map((p) => MIX_ITEM.exec(p.trim()));
  if (parts.length < 2 || parts.some((p) => !p)) return null;
  const wanted: Array<{ name: string; want: number; now: number; line: StepperLine }> = [];
  for (const p of parts) {
    const l = line(index, p![2]!);
    const want = parseCount(p![1]!);
    if (l === null || want === null) return null;
    if (typeof l === 'string') return notSettled(l);
    if (wanted.some((w) => w.line === l)) return notSettled(`"${p![2]}" names a line the step sets already`);
    wanted.push({ name: p![2]!, want, now: Number(l.count.node.text?.trim()), line: l });
  }
  const order = [...wanted].sort((a, b) => Math.sign(a.want - a.now) - Math.sign(b.want - b.now));
  const [first, ...others] = order;
  return setTo(
    index,
    first!.line,
    first!.name,
    first!.want,
    undefined,
    others.map((o) => `set ${o.name} to ${o.want}`).join(', then ') || undefined,
  );
}
