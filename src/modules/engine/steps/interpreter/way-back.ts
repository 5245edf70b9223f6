import { selectorFor } from '../selectors';
import type { DeviceAction, Resolution } from './resolution';
import { normalizeStep } from './parse-step';
import { isTabItem } from './row-choice';
import { scrollToPlace, tapPlace } from './tab-places';
import { findTarget, indexScreen, type ScreenIndex } from './target-finder';
import { screenTitle } from './screen-title';
import { normalizeText } from './text-match';
import { isInteractive, isVisible, touchPoint, type Observation } from './ui-tree';

/**
 * "Open the Orders tab", "Go to Orders", "Switch to Home" on a screen with no tab bar (an order's confirmation, an
 * appointment's details): the tab bar is on the screens this one was opened from. A step that only says where to
 * go, whose place is nowhere on this screen, goes back (the screen's one "Back to …" button)
 * until a screen reads the step, at most MAX_BACKS times.
 */

/** Backs taken at most to find a screen with the place a step goes to. */
export const MAX_BACKS = 3;

const NAME = "(\\p{Lu}[\\p{L}\\p{N}'’ &-]{0,30}?)";
const GO = '(?:go|navigate|switch|return|get|head|move)(?: back)? to';
const FORMS = [
  new RegExp(`^(?:${GO}|open|tap(?: on)?|select) (?:the )?${NAME} tab$`, 'u'),
  new RegExp(`^(?:the )?${NAME} tab$`, 'u'),
  new RegExp(`^${GO} (?:the )?${NAME}(?: (?:screen|page|tab))?$`, 'u'),
];

/** The place a step only goes to ("Go to Orders", "Open the Orders tab"), or null for any other step. */
export function goesTo(text: string): string | null {
  const s = normalizeStep(text).replace(/^(?:i|we|the user)\s+/i, '');
  const lead = s.charAt(0).toLowerCase() + s.slice(1);
  for (const form of FORMS) {
    const m = form.exec(lead) ?? form.exec(s);
    // "Go to Orders and tap Past" does something there: not only a way to go.
    if (m && !/\s(?:and|then|or)\s/i.test(` ${m[1]!} `)) return m[1]!.trim();
  }
  return null;
}

/**
 * The way back from this screen to the tabs: its one "Back to …" button (an order's confirmation), else, on a screen
 * the last part of the step before opened (`arrivedFrom`, the screen that part was read on, has another title), its
 * Back control (an appointment's details just opened), or null. A Back control is not taken on any other screen: a
 * details screen still showing after a step that should have left it (a delete that did nothing) would be walked away
 * from, and the step would pass over the bug.
 */
export function wayBack(observation: Observation, arrivedFrom: Observation | null = null): DeviceAction | null {
  const index = indexScreen(observation);
  const buttons = index.candidates.filter(
    (e) =>
      e.node.role === 'button' &&
      e.node.enabled &&
      /^back to\b/i.test((e.node.text ?? '').trim()) &&
      isVisible(e, observation.screen),
  );
  if (buttons.length > 1) return null;
  if (buttons.length === 0) {
    if (!arrivedFrom || !openedFrom(index, arrivedFrom)) return null;
    const back = findTarget(index, { text: 'Back' }, { preferInteractive: true, closeOnly: true });
    return back.found && isInteractive(back.element.node) ? { op: 'back' } : null;
  }
  const p = touchPoint(buttons[0]!);
  if (!p) return null;
  return { op: 'input', event: { kind: 'tap', ...p }, selector: selectorFor(buttons[0]!.node, observation.tree) };
}

/**
 * "Go Home", "Go to the Home tab" (a capital: a name) where the screen shows a tab-bar item named Home: that tab, not
 * the device's home button (which `go home` in lower case stays). Null when no such tab shows.
 */
export function appHomeTab(text: string, index: ScreenIndex): Resolution | null {
  const s = normalizeStep(text).replace(/^(?:i|we|the user)\s+/i, '');
  if (!/^(?:go|navigate|return|get|head)(?: back)?(?: to)?(?: the)? Home(?: (?:screen|page|tab))?$/i.test(s))
    return null;
  if (!/\bHome\b/.test(s)) return null;
  const tabs = index.candidates.filter(
    (e) => isTabItem(e) && e.node.enabled && normalizeText(e.node.text ?? '') === 'home',
  );
  // The tab bar scrolled up with the content ("Profile" after coming back to it scrolled): scrolled to, then read again.
  if (tabs.length === 0 && index.candidates.some(isTabItem))
    return scrollToPlace(index, { text: 'Home', role: 'tab' }, text);
  if (tabs.length !== 1) return null;
  const tap = tapPlace(index, tabs[0]!);
  return tap.settled ? { ...tap, reasoning: `"Home" is the app's Home tab here: ${tap.reasoning}` } : null;
}

/** Whether this screen was opened from `before`: both have a title, and they differ. */
function openedFrom(index: ScreenIndex, before: Observation): boolean {
  const now = screenTitle(index);
  const then = screenTitle(indexScreen(before));
  return now !== null && then !== null && normalizeText(now) !== normalizeText(then);
}
