import { selectorFor } from '../selectors';
import type { DeviceAction } from './resolution';
import { screenTitle } from './screen-title';
import type { ScreenIndex } from './target-finder';
import { normalizeText } from './text-match';
import { describeElement, isVisible, touchPoint, type TreeElement } from './ui-tree';

/**
 * What a shop-style screen offers for adding things to a basket or cart, read from the screen alone: a place's
 * row, an item's row (and its own add control), the item's screen with its options, quantity stepper and one
 * primary add button.
 */

export type Pick = { found: true; element: TreeElement } | { found: false; reason: string; missing: boolean };

const ROW_ROLES = new Set(['list_item', 'cell', 'row']);
const PLACE_ROLES = new Set(['list_item', 'cell', 'row', 'button', 'tab', 'link']);

export const tapOn = (index: ScreenIndex, el: TreeElement): DeviceAction => ({
  op: 'input',
  event: { kind: 'tap', ...touchPoint(el)! },
  selector: selectorFor(el.node, index.observation.tree),
});

/** Whether an element can be tapped now: on screen and enabled; else why not. */
export function untappable(index: ScreenIndex, el: TreeElement): string | null {
  if (!touchPoint(el) || !isVisible(el, index.observation.screen)) return `${describeElement(el.node)} is off screen`;
  if (!el.node.enabled) return `${describeElement(el.node)} is disabled`;
  return null;
}

const words = (s: string): string => normalizeText(s);

/**
 * The element of that name among `pool`: the same text (several of the very same text are one thing listed twice,
 * the first is taken), else the one text that starts with the name's words ("Corner" for "Corner Bakery").
 */
function byName(index: ScreenIndex, pool: TreeElement[], name: string, what: string): Pick {
  const want = words(name);
  if (want === '') return { found: false, reason: `no ${what} named`, missing: true };
  const same = pool.filter((e) => words(e.node.text ?? '') === want);
  const shown = same.filter((e) => isVisible(e, index.observation.screen));
  if (same.length > 0) return { found: true, element: shown[0] ?? same[0]! };
  const starts = pool.filter((e) => words(e.node.text ?? '').startsWith(`${want} `));
  const texts = [...new Set(starts.map((e) => words(e.node.text!)))];
  if (texts.length === 1) return { found: true, element: starts[0]! };
  if (texts.length > 1)
    return {
      found: false,
      missing: false,
      reason: `${texts.length} ${what}s start with "${name}" (${starts
        .slice(0, 3)
        .map((e) => `"${e.node.text}"`)
        .join(', ')}); name it in full`,
    };
  return { found: false, missing: true, reason: `no ${what} named "${name}" on this screen` };
}

/** The row, tab or button of a place ("Corner Bakery", or "Corner" when only that row starts so). */
export function placeControl(index: ScreenIndex, name: string): Pick {
  const pool = index.candidates.filter((e) => PLACE_ROLES.has(e.node.role) && e.node.text?.trim());
  return byName(index, pool, name, 'row, tab or button');
}

/** Whether the screen is that place already: its title is the name, or starts with its words. */
export function onPlace(index: ScreenIndex, name: string): boolean {
  const title = screenTitle(index);
  if (!title) return false;
  const t = words(title);
  const want = words(name);
  return want !== '' && (t === want || t.startsWith(`${want} `));
}

/** The row of an item in a list on this screen. */
export function itemRow(index: ScreenIndex, name: string): Pick {
  const pool = index.candidates.filter((e) => ROW_ROLES.has(e.node.role) && e.node.text?.trim());
  return byName(index, pool, name, 'row');
}

const inside = (el: TreeElement, row: TreeElement): boolean => {
  for (let p = el.parent; p; p = p.parent) if (p === row) return true;
  return false;
};

const ADD_CONTROL = /^(?:\+|add|add to (?:the |my )?(?:basket|cart|bag|order))$/i;

/** A row's own add control: a "+" or "Add" button inside the row. */
export function rowAddControl(index: ScreenIndex, row: TreeElement): TreeElement | null {
  const own = index.candidates.filter(
    (e) =>
      e.node.role === 'button' &&
      inside(e, row) &&
      (ADD_CONTROL.test(e.node.text?.trim() ?? '') || /^add\s/i.test(e.node.text?.trim() ?? '')),
  );
  return own[0] ?? null;
}

const PRIMARY_ADD = /^add\b(?:.*\bto (?:the |my |your )?(?:basket|cart|bag|order)\b.*|\s*\d*)$/i;

/** The screen's one primary add button ("Add to cart", "Add 2 to basket · £19.00", "Add"), outside any row. */
export function primaryAdd(index: ScreenIndex): Pick {
  const rows = index.candidates.filter((e) => ROW_ROLES.has(e.node.role));
  const hits = index.candidates.filter(
    (e) => e.node.role === 'button' && PRIMARY_ADD.test(e.node.text?.trim() ?? '') && !rows.some((r) => inside(e, r)),
  );
  const texts = [...new Set(hits.map((e) => e.node.text!.trim()))];
  if (texts.length === 1) return { found: true, element: hits[0]! };
  if (texts.length === 0)
    return {
      found: false,
      missing: true,
      reason: 'no add button ("Add to basket", "Add to cart", "Add") on this screen',
    };
  return {
    found: false,
    missing: false,
    reason: `${texts.length} add buttons (${texts.join(', ')}); which one is meant?`,
  };
}

/** Whether this is the item's own screen: titled or headed by its name, with a primary add button. */
export function onItemScreen(index: ScreenIndex, name: string): boolean {
  const want = words(name);
  const title = screenTitle(index);
  const headed =
    (title !== null && words(title) === want) ||
    index.allCandidates.some(
      (e) =>
        e.node.role === 'text' &&
        words(e.node.text ?? '') === want &&
        e.node.bounds.y < index.observation.screen.height * 0.4,
    );
  return headed && primaryAdd(index).found;
}

const LESS = /^(?:-|−|–|—)$|\b(?:decrease|fewer|less|minus|remove one|one less)\b/i;
const MORE = /^\+$|\b(?:increase|more|plus|add one)\b/i;

export interface Stepper {
  count: number;
  less: TreeElement;
  more: TreeElement;
}

/** The quantity stepper: a number between a decrease and an increase button; null when none, a reason for several. */
export function quantityStepper(index: ScreenIndex): Stepper | string | null {
  const els = index.candidates;
  const found: Stepper[] = [];
  for (let i = 1; i + 1 < els.length; i++) {
    const value = els[i]!.node.text?.trim() ?? '';
    const [before, after] = [els[i - 1]!, els[i + 1]!];
    const label = (e: TreeElement) => e.node.text?.trim() || (e.node.id ?? '').replace(/[-_]/g, ' ');
    if (
      /^\d+$/.test(value) &&
      before.node.role === 'button' &&
      after.node.role === 'button' &&
      LESS.test(label(before)) &&
      MORE.test(label(after))
    )
      found.push({ count: Number(value), less: before, more: after });
  }
  if (found.length > 1) return `${found.length} quantity steppers on this screen; which one is meant?`;
  return found[0] ?? null;
}

/**
 * A choice the step names on the item's screen ("Thin crust", "Large"): the control of that name, or of the name
 * without one word that heads the choice on the screen ("Thin" under "Crust"). Exactly one, else why not.
 */
export function optionControl(index: ScreenIndex, option: string): Pick {
  const pool = index.candidates.filter(
    (e) => ['button', 'toggle', 'list_item', 'tab', 'link'].includes(e.node.role) && e.node.text?.trim(),
  );
  const want = words(option);
  const same = pool.filter((e) => words(e.node.text!) === want);
  if (same.length === 1) return { found: true, element: same[0]! };
  if (same.length > 1) return { found: false, missing: false, reason: `${same.length} choices named "${option}"` };
  const parts = want.split(' ');
  const texts = index.allCandidates.filter((e) => e.node.role === 'text').map((e) => words(e.node.text ?? ''));
  const fits = pool.filter((e) => {
    const w = words(e.node.text!);
    return (
      parts.length > 1 &&
      ((w === parts.slice(0, -1).join(' ') && texts.some((t) => t.split(' ').includes(parts.at(-1)!))) ||
        (w === parts.slice(1).join(' ') && texts.some((t) => t.split(' ').includes(parts[0]!))))
    );
  });
  if (fits.length === 1) return { found: true, element: fits[0]! };
  return {
    found: false,
    missing: fits.length === 0,
    reason: fits.length ? `${fits.length} choices fit "${option}"` : `no choice "${option}" on this screen`,
  };
}

const BASKET_WORD = /\b(?:basket|cart|bag|trolley)\b/i;

/** Whether the screen is the basket or cart itself (by its title). */
export function onBasket(index: ScreenIndex): boolean {
  const title = screenTitle(index);
  return title !== null && BASKET_WORD.test(title);
}

/** The control that opens the basket or cart: a button, tab or link whose words hold basket, cart or bag. */
export function basketControl(index: ScreenIndex): TreeElement | null {
  const hits = index.candidates.filter(
    (e) =>
      ['button', 'tab', 'link'].includes(e.node.role) &&
      BASKET_WORD.test(e.node.text ?? '') &&
      !/^(?:add|clear|empty|remove)\b/i.test(e.node.text ?? '') &&
      isVisible(e, index.observation.screen),
  );
  const texts = new Set(hits.map((e) => e.node.text!.trim()));
  return texts.size === 1 ? hits[0]! : null;
}

/** The checkout button shown here ("Go to checkout", "Checkout", "Check out"). */
export function checkoutControl(index: ScreenIndex): TreeElement | null {
  const hits = index.candidates.filter(
    (e) => ['button', 'link'].includes(e.node.role) && /\bcheck ?out\b/i.test(e.node.text ?? ''),
  );
  const texts = new Set(hits.map((e) => e.node.text!.trim()));
  return texts.size === 1 ? hits[0]! : null;
}
