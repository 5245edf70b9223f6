import { selectorFor } from '../selectors';
import { notSettled, type Resolution } from './resolution';
import { isTabItem } from './row-choice';
import { addedKind } from './form-values';
import { screenTitle } from './screen-title';
import { findTarget, type ScreenIndex } from './target-finder';
import { normalizeText } from './text-match';
import { describeElement, isInteractive, isVisible, touchPoint } from './ui-tree';

/**
 * "Open Add schedule", "Add schedule: type Bedtime", "New scene → tap Save", "Add a schedule Bedtime at 22:30" on a screen that shows no such control
 * but one button (or row, or tab) named for the things it makes ("Schedules", "Scenes"): a control that adds a
 * thing lives on the screen that lists those things. That button is tapped, then the whole step is read again
 * there, where the control must be named exactly (else the step is not settled as before).
 */

/** "Add schedule", "Open New scene", "Create list, …": the control's name, and the kind of thing it makes. */
const LEADING =
  /^(?:(?:open|tap|go to|navigate to)\s+(?:the\s+)?)?((?:Add|New|Create)\s+(?:an?\s+)?(\p{L}{3,20}))(?=\s*(?:$|[,:;→>]|->|\s-\s))/iu;

/** Whether the reading here did nothing because what it names is not on this screen. */
function missedHere(r: Resolution, name: string): boolean {
  if (!r.settled) return true;
  // "Add schedule: type Bedtime" read as a place the screen is not.
  if (r.kind === 'check') return !r.passed && r.reasoning.startsWith(`the step happens on the ${name} screen, but`);
  return r.kind === 'scroll_until' && r.notFound !== undefined;
}

export function placeBehind(text: string, r: Resolution, index: ScreenIndex): Resolution | null {
  const m = LEADING.exec(text.trim().replace(/^["“]|["”]$/g, ''));
  // "Add a schedule Bedtime at 22:30": the thing added with its entries, by the control that adds it.
  const said = m && /^\p{Lu}/u.test(m[1]!) ? { name: m[1]!, noun: m[2]! } : addedKind(text);
  if (!said) return null;
  const name = said.name;
  if (!missedHere(r, name)) return null;
  const noun = normalizeText(said.noun);
  if (findTarget(index, { text: name }, { wholeScreen: true, closeOnly: true }).found) return null;
  const plurals = new Set([`${noun}s`, `${noun}es`, noun.endsWith('y') ? `${noun.slice(0, -1)}ies` : `${noun}s`]);
  // Already on the screen that lists them: nothing more to open.
  if (plurals.has(normalizeText(screenTitle(index) ?? ''))) return null;
  const lists = index.candidates.filter(
    (e) =>
      isInteractive(e.node) &&
      e.node.role !== 'input' &&
      e.node.role !== 'toggle' &&
      e.node.enabled &&
      // A tab is looked under by the tab search, which leaves the screen as it found it when nothing is there.
      !isTabItem(e) &&
      plurals.has(normalizeText(e.node.text ?? '')) &&
      isVisible(e, index.observation.screen),
  );
  // No button here lists them: said as missing, the step is looked for under the app's other tabs ("New scene,
  // name it Party" on Home, New scene under the Scenes tab).
  if (lists.length !== 1) return r.settled ? null : notSettled(`no button named "${name}" on this screen`);
  const el = lists[0]!;
  const p = touchPoint(el);
  if (!p) return null;
  return {
    settled: true,
    kind: 'actions',
    actions: [{ op: 'input', event: { kind: 'tap', ...p }, selector: selectorFor(el.node, index.observation.tree) }],
    reasoning: `no "${name}" on this screen: open ${describeElement(el.node)}, where the ${noun}s are, and read the step there`,
    then: text,
  };
}
