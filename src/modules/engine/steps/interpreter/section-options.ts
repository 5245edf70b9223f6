import { selectorFor } from '../selectors';
import type { Intent, Target } from './intent';
import { notSettled, type Resolution } from './resolution';
import { findTarget, type ScreenIndex } from './target-finder';
import { normalizeText } from './text-match';
import { describeElement, isInteractive, isVisible, touchPoint, type TreeElement } from './ui-tree';

/**
 * An option shown under a heading: "Set Mode to Off", "Under Mode tap Cool" on a screen where "Mode" is a text
 * with the buttons Heat, Cool and Off below it. The option is the nearest button (or chip, or row) named exactly so
 * below the heading, within a short reach; null when the heading is itself a control or no such option follows it,
 * so the step is read as before.
 */

const REACH = 240;

/** The options named `want` within reach under the heading, nearest first. */
function optionsUnder(index: ScreenIndex, heading: TreeElement, want: string): TreeElement[] {
  const top = heading.node.bounds;
  const under = (e: TreeElement) => {
    const b = e.node.bounds;
    return b.y >= top.y + top.height / 2 && b.y - (top.y + top.height) <= REACH;
  };
  return index.candidates
    .filter((e) => isInteractive(e.node) && e.node.role !== 'input' && e.node.role !== 'toggle')
    .filter((e) => normalizeText(e.node.text ?? '') === want && under(e))
    .sort((a, b) => a.node.bounds.y - b.node.bounds.y);
}

/**
 * The heading named so, or else the one heading that holds every word said and has the option under it ("units" for
 * "Temperature units" over °C and °F).
 */
function headingNamed(index: ScreenIndex, heading: Target, want: string): TreeElement | null {
  const head = findTarget(index, heading, { closeOnly: true });
  if (head.found) return isInteractive(head.element.node) ? null : head.element;
  const said = normalizeText(heading.text).split(' ').filter(Boolean);
  if (said.length === 0 || heading.role) return null;
  const holding = index.elements.filter((e) => {
    if (e.node.role !== 'text' || isInteractive(e.node)) return false;
    const words = normalizeText(e.node.text ?? '').split(' ');
    return words.length <= 4 && said.every((w) => words.includes(w)) && optionsUnder(index, e, want).length > 0;
  });
  return holding.length === 1 ? holding[0]! : null;
}

export function optionBelow(
  index: ScreenIndex,
  heading: Target,
  option: string,
  opts: { belowTheFold?: boolean } = {},
): Resolution | null {
  const want = normalizeText(option);
  if (want === '') return null;
  const head = headingNamed(index, heading, want);
  if (!head) return null;
  const top = head.node.bounds;
  const el = optionsUnder(index, head, want)[0];
  if (!el) return opts.belowTheFold === false ? null : belowTheFold(index, top, option);
  const point = touchPoint(el);
  if (!point || !isVisible(el, index.observation.screen)) {
    const b = el.node.bounds;
    const direction = b.y + b.height / 2 > index.observation.screen.height / 2 ? 'down' : 'up';
    return {
      settled: false,
      reason: `${describeElement(el.node)} is off screen; scroll to it first`,
      reveal: { text: el.node.text ?? option, direction },
    };
  }
  if (!el.node.enabled) return notSettled(`${describeElement(el.node)} is disabled`);
  return {
    settled: true,
    kind: 'actions',
    actions: [
      { op: 'input', event: { kind: 'tap', ...point }, selector: selectorFor(el.node, index.observation.tree) },
    ],
    reasoning: `tap ${describeElement(el.node)}, the option "${option}" under ${describeElement(head.node)}`,
  };
}

/**
 * A heading at the foot of the screen whose options are not drawn yet ("Scene" with Good night further down): the
 * option is scrolled to, then the clause read again. Only when no element anywhere is named so; otherwise the
 * option is not this heading's, and the clause is read as before.
 */
function belowTheFold(index: ScreenIndex, top: { y: number; height: number }, option: string): Resolution | null {
  if (top.y + top.height + REACH <= index.observation.screen.height) return null;
  const want = normalizeText(option);
  if (index.elements.some((e) => normalizeText(e.node.text ?? '') === want)) return null;
  return {
    settled: false,
    reason: `no option "${option}" under the heading yet; scroll to it first`,
    reveal: { text: option, direction: 'down' },
  };
}

/**
 * "Time 22:30", "scene Good night", "Time: 22:30" as a step: a heading shown here (a text, not a control) over a
 * choice, then one of its options, as a QA engineer lists a form's entries. Read as "Set Time to 22:30" when an
 * option of that name is under the heading, or when the heading is at the foot of the screen and nothing here is
 * named so yet (its options are further down). Anything else is left to be read as before.
 */
export function headingOption(s: string, index: ScreenIndex): Intent | null {
  const words = s
    .trim()
    .replace(/^the\s+/i, '')
    .split(/\s+/);
  // The longest heading first: "Repeat on: Mon" is Repeat on's option, never "on: Mon" under Repeat.
  for (let n = Math.min(5, words.length - 1); n >= 1; n--) {
    const heading = words.slice(0, n).join(' ').replace(/:$/, '');
    const value = words
      .slice(n)
      .join(' ')
      .replace(/^"(.*)"$/, '$1');
    if (value === '' || /"|[,;]|^:|\s(?:and|then)\s/i.test(value)) continue;
    const head = findTarget(index, { text: heading }, { closeOnly: true });
    if (!head.found || head.element.node.role !== 'text' || isInteractive(head.element.node)) continue;
    if (normalizeText(head.element.node.text ?? '') !== normalizeText(heading)) continue;
    const r = optionBelow(index, { text: heading }, value);
    if (r && (r.settled || r.reveal)) return { kind: 'type', text: value, target: { text: heading } };
  }
  return null;
}

/**
 * "Switch units to °F", "Change the Mode to Cool": an option under a heading, with a verb the grammar does not read
 * so; "Set °F", "Use Express", "Switch to Dark": the one option button of that name. Null when the screen has none.
 */
export function setOption(s: string, index: ScreenIndex): Intent | null {
  const to = /^(?:set|switch|change|select|pick|choose)\s+(?:the\s+)?(.+?)\s+to\s+("[^"]+"|[^\s"].*)$/i.exec(s.trim());
  if (to) {
    const value = to[2]!.replace(/^"(.*)"$/, '$1');
    const r = optionBelow(index, { text: to[1]! }, value);
    if (r && (r.settled || r.reveal)) return { kind: 'type', text: value, target: { text: to[1]! } };
  }
  const bare = /^(?:set|use|switch to|change to)\s+("[^"]+"|[^\s"].*)$/i.exec(s.trim());
  if (!bare) return null;
  const want = normalizeText(bare[1]!.replace(/^"(.*)"$/, '$1'));
  const named = index.candidates.filter(
    (e) =>
      isInteractive(e.node) &&
      e.node.role !== 'input' &&
      e.node.role !== 'toggle' &&
      e.node.text &&
      normalizeText(e.node.text) === want,
  );
  return named.length === 1 ? { kind: 'tap', target: { text: named[0]!.node.text! } } : null;
}

/**
 * "Set thermostat Mode to Cool": a lower-case word naming the part of the screen ("Thermostat", a text shown here),
 * then the heading's name. With nothing here named the whole, the heading is looked for by its own name (the
 * option under it is then found as for "Set Mode to Cool").
 */
export function qualifiedHeading(intent: Intent, index: ScreenIndex): Intent {
  if (intent.kind !== 'type' || !intent.target || intent.target.within || intent.target.role) return intent;
  const m = /^(\p{Ll}[\p{Ll}-]{2,}(?: \p{Ll}[\p{Ll}-]{2,})?) (\p{Lu}[\p{L}\p{N} ]{0,30})$/u.exec(
    intent.target.text.trim(),
  );
  if (!m) return intent;
  if (findTarget(index, intent.target, { wholeScreen: true, closeOnly: true }).found) return intent;
  const part = normalizeText(m[1]!);
  const shown = index.allCandidates.some((e) => e.node.role === 'text' && normalizeText(e.node.text ?? '') === part);
  return shown ? { ...intent, target: { text: m[2]!.trim() } } : intent;
}

/**
 * Whether a text heads a choice on a screen opened from another (a Back control): two or more buttons (not rows)
 * under it, as Heat, Cool and Off under Mode in a room. On a screen with no way back (a tab's own screen) a heading
 * may preview another tab ("Scenes" over scene buttons that run them), so it heads no choice to go by.
 */
export function headsChoice(index: ScreenIndex, heading: Target): boolean {
  const back = findTarget(index, { text: 'Back' }, { preferInteractive: true, closeOnly: true });
  if (!back.found || !isInteractive(back.element.node)) return false;
  const head = findTarget(index, heading, { closeOnly: true });
  if (!head.found || isInteractive(head.element.node)) return false;
  const top = head.element.node.bounds;
  const buttons = index.candidates.filter((e) => {
    const b = e.node.bounds;
    return e.node.role === 'button' && b.y >= top.y + top.height / 2 && b.y - (top.y + top.height) <= REACH;
  });
  return buttons.length >= 2;
}
