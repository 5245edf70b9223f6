import { notSettled, type Resolution } from './resolution';
import { findTarget, type ScreenIndex } from './target-finder';
import { normalizeText } from './text-match';
import { rowByParts } from './row-parts';
import { describeElement, isInteractive } from './ui-tree';
import { scrollToPlace } from './tab-places';
import { headsChoice, optionBelow } from './section-options';
import { actions, screenTitleOf, tapOn, tappable, withReveal } from './form-actions';

const wordsOf = (s: string) =>
  normalizeText(s)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
const sharesWord = (part: string, text: string) => {
  const have = new Set(wordsOf(text));
  return wordsOf(part).some((w) => have.has(w));
};

const SWITCHES = ['toggle', 'switch', 'checkbox'];

/**
 * "Go to Profile > Settings", "Account > Edit details": each name a tab, button or row tapped in turn (the longest
 * first part that names something here), a row by its parts, or a row by its name and kind.
 */
export function navigate(index: ScreenIndex, path: string[]): Resolution {
  // The longest first part of the path that names something here ("London → Edinburgh" is one row).
  for (let k = path.length; k >= 1; k--) {
    const name = path.slice(0, k).join(' → ');
    const rest = path.slice(k);
    const then = rest.length ? `go to ${rest.join(' > ')}` : undefined;
    const title = screenTitleOf(index);
    if (title && normalizeText(title) === normalizeText(name) && k === 1)
      return actions([], `already on ${JSON.stringify(title)}`, then);
    const hit = findTarget(index, { text: name }, { preferInteractive: true });
    // A joined path ("My trips → Past") is one name only when every part has a word in it ("07:10 → 09:25 flight").
    if (hit.found && k > 1 && !path.slice(0, k).every((part) => sharesWord(part, hit.element.node.text ?? '')))
      continue;
    // "Open the Oak order from Sat 14 Nov": one part is a row every part names; that row is the place.
    const whole = hit.found && k < path.length ? rowByParts(index, path.join(' ')) : null;
    if (hit.found && whole && 'row' in whole && whole.row === hit.element) return partsNamed(index, path)!;
    // Going to a switch never flips it ("Living Room → Ceiling light", then "Tap +"): it is the place the path ends.
    if (hit.found && SWITCHES.includes(hit.element.node.role))
      return rest.length
        ? notSettled(`${describeElement(hit.element.node)} is a switch: a path does not go through it`)
        : actions([], `${describeElement(hit.element.node)} is on this screen: going to it changes nothing`);
    // "Open Good night from Scenes" with only a heading "Scenes" here: a text is no way to a place; its tab may be
    // further down (a tab bar below the content), scrolled to before the path is read again.
    if (hit.found && k === 1 && !isInteractive(hit.element.node) && hit.element.node.role !== 'navigation_bar')
      return (
        // "Living Room → Mode → Off": a heading, then the option under it (as "Under Mode tap Off").
        (rest.length === 1 && headsChoice(index, { text: name })
          ? optionBelow(index, { text: name }, rest[0]!)
          : null) ??
        scrollToPlace(index, { text: name, role: 'tab' }, `go to ${path.join(' > ')}`) ??
        notSettled(`"${name}" here is ${describeElement(hit.element.node)}, not a tab, button or row to go by`)
      );
    if (hit.found) {
      const why = tappable(index, hit.element);
      if (why) return withReveal(index, hit.element, why);
      return actions([tapOn(index, hit.element)], `tap ${describeElement(hit.element.node)}`, then);
    }
  }
  return (
    kindNamed(index, path) ??
    partsNamed(index, path) ??
    notSettled(`no tab, button or row named "${path[0]}" on this screen`)
  );
}

/** "Sat 14 Nov Oak order > Rate order", "open the Oak order from Sat 14 Nov": a row named by its parts, whole path first. */
function partsNamed(index: ScreenIndex, path: string[]): Resolution | null {
  for (const k of path.length > 1 ? [path.length, 1] : [1]) {
    const hit = rowByParts(index, path.slice(0, k).join(' '));
    if (!hit) continue;
    if ('refused' in hit) return notSettled(hit.refused);
    const why = tappable(index, hit.row);
    if (why) return withReveal(index, hit.row, why);
    const rest = path.slice(k);
    return actions(
      [tapOn(index, hit.row)],
      `tap ${describeElement(hit.row.node)} (the row that shows every part named)`,
      rest.length ? `go to ${rest.join(' > ')}` : undefined,
    );
  }
  return null;
}

/**
 * "Open the Northline Rail transaction", "Open Dr Kim Lee's appointment": a row named by its name and then what kind
 * of thing it is, in a lower-case word the row does not show (two after a possessive: "'s upcoming appointment"). Only a name that matches one row or button closely; "Open the Dune Deluxe" (a capital:
 * part of a name) is not read so.
 */
function kindNamed(index: ScreenIndex, path: string[]): Resolution | null {
  const said = path.length === 1 ? path[0]! : '';
  // "Open Dr Kim Lee's appointment", "… 's upcoming appointment": whose it is, then what.
  const m =
    /^(.*[\p{Lu}\p{N}].*?)['’]s\s+((?:\p{Ll}[\p{Ll}-]+\s+)?\p{Ll}[\p{Ll}-]+)$/u.exec(said) ??
    /^(.*[\p{Lu}\p{N}].*?)\s+(\p{Ll}[\p{Ll}-]+)$/u.exec(said);
  if (!m) return null;
  const hit = findTarget(index, { text: m[1]! }, { preferInteractive: true, closeOnly: true });
  if (!hit.found || !['list_item', 'cell', 'row', 'button'].includes(hit.element.node.role)) return null;
  if (normalizeText(hit.element.node.text ?? '') !== normalizeText(m[1]!)) return null;
  const why = tappable(index, hit.element);
  if (why) return withReveal(index, hit.element, why);
  return actions([tapOn(index, hit.element)], `tap ${describeElement(hit.element.node)} (the ${m[2]} of that name)`);
}
