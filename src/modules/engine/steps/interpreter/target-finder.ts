import { readRowStepper, rowStepper } from './row-stepper';
import type { UiNode } from '../../../../worker/driver';
import type { RoleHint, Target } from './intent';
import { humanizeId, normalizeText, tolerantDistance } from './text-match';
import { sameRowTwice, tabChoice } from './row-choice';
import { qualifiedTarget } from './target-qualifiers';
import { fieldAliases } from './field-aliases';
import { relativeDay } from './relative-days';
import {
  candidateElements,
  controlLabels,
  describeElement,
  flattenTree,
  isInteractive,
  isVisible,
  modalScope,
  type Observation,
  type TreeElement,
} from './ui-tree';

/**
 * Finds the element a step names: exact text, then id, then label, then the same ignoring case,
 * whitespace and punctuation, then within a few edits. The first way that matches anything
 * decides; several matches there are ambiguous unless only one is tappable or on screen.
 */

export type MatchMethod = 'text' | 'id' | 'label' | 'normalized' | 'fuzzy' | 'role';

/** How a reason names a target: its text, or "the alert" for a bare role word. */
export function nameOf(target: Target): string {
  return target.text.trim() ? `"${target.text}"` : `the ${target.literal ?? target.role ?? 'element'}`;
}

const ROLES_FOR_HINT: Record<RoleHint, string[]> = {
  button: ['button'],
  link: ['link', 'button'],
  tab: ['tab', 'button'],
  field: ['input'],
  switch: ['toggle'],
  item: ['list_item', 'app_icon'],
  icon: ['app_icon', 'image', 'button'],
  text: ['text'],
  alert: ['alert'],
};

export interface FindOptions {
  /** Roles the step's verb needs ("type into" needs a field); intersected with the target's role word. */
  roles?: string[];
  /** Prefer the one tappable element among several matches (taps, presses). */
  preferInteractive?: boolean;
  /** Stop at exact and case-insensitive matches (checks, and a name that is also a key). */
  closeOnly?: boolean;
  /** Look behind an open alert too (checks read the whole screen; actions reach only the alert). */
  wholeScreen?: boolean;
}

export type FindResult =
  | { found: true; element: TreeElement; method: MatchMethod }
  | { found: false; ambiguous: boolean; reason: string };

export interface ScreenIndex {
  observation: Observation;
  elements: TreeElement[];
  /** What actions can reach: the open alert's elements when there is one. */
  candidates: TreeElement[];
  /** What checks read: every element on the screen. */
  allCandidates: TreeElement[];
  labels: Map<UiNode, UiNode>;
}

/** Flattens the tree once per observation for all lookups of one step. */
export function indexScreen(observation: Observation): ScreenIndex {
  const elements = flattenTree(observation);
  const labels = controlLabels(elements);
  return {
    observation,
    elements,
    labels,
    candidates: candidateElements(modalScope(elements), labels, 'act'),
    allCandidates: candidateElements(elements, labels, 'check'),
  };
}

function names(
  el: TreeElement,
  labels: Map<UiNode, UiNode>,
): { text: string | null; id: string | null; label: string | null; spokenId: string | null } {
  const raw = el.node.text?.trim() || null;
  const text = raw && /^[•*●]+$/.test(raw) ? null : raw;
  const label = labels.get(el.node)?.text?.trim() ?? null;
  // An id read as words ("confirm-transfer" → "confirm transfer") names only what shows no name of its
  // own (an icon button) or a field (whose text is its value): a button whose label was changed to
  // "Send transfer" is not "Confirm transfer" because its id still says so.
  const named = el.node.role !== 'input' && (raw !== null || label !== null);
  return { text, id: el.node.id, label, spokenId: el.node.id && !named ? humanizeId(el.node.id) : null };
}

const QUALIFIER = /\s*\([^)]*\)\s*$/;

function acceptedRoles(target: Target, opts: FindOptions): Set<string> | null {
  const hinted = target.role ? ROLES_FOR_HINT[target.role] : null;
  if (hinted && opts.roles) return new Set(hinted.filter((r) => opts.roles!.includes(r)));
  const list = hinted ?? opts.roles;
  return list ? new Set(list) : null;
}

/** All elements matched by the first way that matches any, with that way. */
export function matchAll(
  index: ScreenIndex,
  target: Target,
  opts: FindOptions = {},
): { method: MatchMethod; matches: TreeElement[] } | null {
  const roles = acceptedRoles(target, opts);
  const pool = (opts.wholeScreen ? index.allCandidates : index.candidates).filter(
    (e) => !roles || roles.has(e.node.role),
  );
  const wanted = target.text.trim();
  if (wanted === '') return roles && pool.length > 0 ? { method: 'role', matches: pool } : null;
  const norm = normalizeText(wanted);
  const all = pool.map((el) => ({ el, n: names(el, index.labels) }));
  const exactWays: Array<[MatchMethod, (n: ReturnType<typeof names>) => boolean]> = [
    ['text', (n) => n.text === wanted],
    ['id', (n) => n.id === wanted || (n.id?.endsWith(`:id/${wanted}`) ?? false)],
    ['label', (n) => n.label === wanted],
    [
      'normalized',
      (n) => [n.text, n.label, n.spokenId].some((v) => v !== null && v !== undefined && normalizeText(v) === norm),
    ],
    // "Reference" for a field labelled "Reference (optional)": a label named without its qualifier.
    ['normalized', (n) => n.label !== null && normalizeText(n.label.replace(QUALIFIER, '')) === norm],
  ];
  for (const [method, test] of exactWays) {
    const matches = all.filter((c) => test(c.n)).map((c) => c.el);
    if (matches.length > 0) return { method, matches };
  }
  if (opts.closeOnly) return null;
  let best = Number.POSITIVE_INFINITY;
  let matches: TreeElement[] = [];
  for (const c of all) {
    const ds = [c.n.text, c.n.label, c.n.spokenId]
      .flatMap((v) => (v ? [tolerantDistance(wanted, v)] : []))
      .filter((d): d is number => d !== null);
    if (ds.length === 0) continue;
    const d = Math.min(...ds);
    if (d < best) [best, matches] = [d, [c.el]];
    else if (d === best) matches.push(c.el);
  }
  return matches.length > 0 ? { method: 'fuzzy', matches } : null;
}

function whyNothing(index: ScreenIndex, target: Target, opts: FindOptions): string {
  const anyRole =
    target.text.trim() === ''
      ? null
      : matchAll(index, { text: target.text }, { closeOnly: opts.closeOnly, wholeScreen: opts.wholeScreen });
  if (anyRole && anyRole.matches.length > 0) {
    const found = anyRole.matches.map((m) => describeElement(m.node)).join(', ');
    const wanted =
      target.role ??
      (opts.roles?.includes('input') ? 'field' : opts.roles?.includes('toggle') ? 'switch' : 'element of that kind');
    // "The Search tab" with only a field of that name here: the tab bar may be scrolled away.
    if (target.role === 'tab') return `no element matches the ${nameOf(target)} tab on this screen (${found})`;
    return `${nameOf(target)} is ${found}, not a ${wanted}`;
  }
  const covered =
    index.candidates.length < index.elements.length && index.elements.some((e) => e.node.role === 'alert');
  return `no element matches ${nameOf(target)} on this screen${covered ? ' (an alert covers the screen)' : ''}`;
}

/** One element for a target, or why there is none or more than one. */
export function findTarget(index: ScreenIndex, target: Target, opts: FindOptions = {}): FindResult {
  if (target.anyOf) return findAnyOf(index, target, opts);
  if (target.within) return findWithin(index, target, opts);
  if (target.last) return findLast(index, target, opts);
  // "+ on Salted popcorn": the line's stepper button, never the line's title read loosely ("on salted popcorn").
  const lineStepper = readRowStepper(target.text) ? rowStepper(index, target.text) : null;
  if (lineStepper) return lineStepper;
  const plain = findPlain(index, target, opts);
  if (plain.found || plain.ambiguous) return plain;
  // "Set the origin to London": the field labelled From, when the screen shows that label exactly.
  const alias = target.role === 'field' || target.role === undefined ? aliasTarget(index, target, opts) : null;
  if (alias) return alias;
  // "Select tomorrow" on a row of days that starts with Today.
  const day = relativeDay(index, target.text);
  if (day) return { found: true, element: day, method: 'label' };
  if (opts.closeOnly) return plain;
  if (target.role === 'item') {
    const under = rowUnderHeading(index, target.text);
    if (under) return under;
  }
  return (
    qualifiedTarget(index, target, opts, { find: findTarget, rowsUnderHeading }) ??
    findLoosely(index, target, opts) ??
    plain
  );
}

/** The rows of the list(s) right under a heading (a text that reads just so), or null without that heading. */
export function rowsUnderHeading(index: ScreenIndex, heading: string): TreeElement[] | null {
  const want = normalizeText(heading);
  const at = index.elements.findIndex(
    (e) => e.node.role === 'text' && e.node.text && normalizeText(e.node.text) === want,
  );
  if (at < 0) return null;
  const rows: TreeElement[] = [];
  const inRow = (e: TreeElement): boolean =>
    e.parent !== null && (e.parent.node.role === 'list_item' || inRow(e.parent));
  for (const e of index.elements.slice(at + 1)) {
    if (e.node.role === 'list_item') rows.push(e);
    else if (e.node.role !== 'list' && !inRow(e) && !['scroll_view', 'group', 'other'].includes(e.node.role)) break;
  }
  return rows;
}

/** "Tap the Recent search row": the one row of the list right under that heading. */
function rowUnderHeading(index: ScreenIndex, heading: string): FindResult | null {
  const rows = rowsUnderHeading(index, heading);
  if (!rows) return null;
  const reachable = rows.filter((r) => index.candidates.includes(r));
  if (reachable.length === 1) return { found: true, element: reachable[0]!, method: 'label' };
  if (reachable.length === 0) return null;
  return {
    found: false,
    ambiguous: true,
    reason: `${reachable.length} rows under "${heading}"; say which one`,
  };
}

function findPlain(index: ScreenIndex, target: Target, opts: FindOptions): FindResult {
  let hit = matchAll(index, target, opts);
  if (!hit && target.literal) hit = matchAll(index, { text: target.literal }, opts);
  if (!hit) return { found: false, ambiguous: false, reason: whyNothing(index, target, opts) };
  const unique = [...new Set(hit.matches)];
  if (unique.length === 1) return { found: true, element: unique[0]!, method: hit.method };
  const tappable = opts.preferInteractive ? unique.filter((e) => isInteractive(e.node)) : [];
  if (tappable.length === 1) return { found: true, element: tappable[0]!, method: hit.method };
  const pool = tappable.length > 1 ? tappable : unique;
  const onScreen = pool.filter((e) => isVisible(e, index.observation.screen));
  if (onScreen.length === 1) return { found: true, element: onScreen[0]!, method: hit.method };
  // The same row listed twice, "the Search tab" among a field and a tab, a tab of the screen already open.
  const chosen = sameRowTwice(index, pool) ?? tabChoice(index, target, pool);
  if (chosen) return { found: true, element: chosen, method: hit.method };
  const listed = pool
    .slice(0, 4)
    .map((e) => describeElement(e.node))
    .join(', ');
  return {
    found: false,
    ambiguous: true,
    reason: `${pool.length} elements match ${nameOf(target)} (${listed}${pool.length > 4 ? ', …' : ''}); name it more precisely`,
  };
}

/** The first of the names that matches ("Email", else "Username", …). */
function findAnyOf(index: ScreenIndex, target: Target, opts: FindOptions): FindResult {
  const names = target.anyOf ?? [];
  for (const name of names) {
    const hit = findPlain(index, { text: name, role: target.role }, { ...opts, closeOnly: true });
    if (hit.found || hit.ambiguous) return hit;
  }
  return {
    found: false,
    ambiguous: false,
    reason: `no ${target.role ?? 'element'} named ${names.map((n) => `"${n}"`).join(', ')} on this screen`,
  };
}

const words = (s: string) => normalizeText(s).split(' ').filter(Boolean);
const containsWords = (hay: string[], needle: string[]) => {
  for (let i = 0; i + needle.length <= hay.length; i++) if (needle.every((w, k) => hay[i + k] === w)) return true;
  return false;
};

/** The heading (any text) a "within" names, matched by its words. */
function headingIndex(index: ScreenIndex, within: string): number {
  const want = words(within);
  return index.elements.findIndex((e) => e.node.text && containsWords(words(e.node.text), want));
}

/** The first element after the named heading: "Passenger 2's first name", "London → Paris under Popular routes". */
function findWithin(index: ScreenIndex, target: Target, opts: FindOptions): FindResult {
  const { within, ...rest } = target;
  const at = headingIndex(index, within!);
  const title = index.elements.find((e) => e.node.role === 'navigation_bar' || (e.node.role === 'screen' && e.parent));
  if (at < 0) {
    // "Continue on Passenger details": the screen it is on, not a part of it.
    if (title?.node.text && normalizeText(title.node.text) === normalizeText(within!))
      return findTarget(index, rest, opts);
    return { found: false, ambiguous: false, reason: `no heading "${within}" on this screen` };
  }
  const after = new Set(index.elements.slice(at + 1));
  const sub: ScreenIndex = {
    ...index,
    candidates: index.candidates.filter((e) => after.has(e)),
    allCandidates: index.allCandidates.filter((e) => after.has(e)),
  };
  const hit = matchAll(sub, rest, opts) ?? (rest.literal ? matchAll(sub, { text: rest.literal }, opts) : null);
  if (!hit) return { found: false, ambiguous: false, reason: `no element matches ${nameOf(rest)} under "${within}"` };
  const first = [...hit.matches].sort((a, b) => index.elements.indexOf(a) - index.elements.indexOf(b))[0]!;
  return { found: true, element: first, method: hit.method };
}

/** The last element whose text holds the word: a form's "Search flights" below the "Search" tab. */
function findLast(index: ScreenIndex, target: Target, opts: FindOptions): FindResult {
  const want = words(target.text);
  const pool = index.candidates.filter(
    (e) => e.node.text && containsWords(words(e.node.text), want) && (!opts.roles || opts.roles.includes(e.node.role)),
  );
  const hinted = target.role ? pool.filter((e) => ROLES_FOR_HINT[target.role!].includes(e.node.role)) : pool;
  const last = hinted.at(-1);
  if (!last)
    return {
      found: false,
      ambiguous: false,
      reason: `no ${target.role ?? 'element'} with "${target.text}" on this screen`,
    };
  return { found: true, element: last, method: 'normalized' };
}

const GENERIC = new Set(
  'the a an this that flight flights fare fares trip trips row rows item items entry entries option options route routes card cards result results popular recent button link tab icon one upcoming past record line cell product products order orders contact contacts message messages report reports account accounts'.split(
    ' ',
  ),
);

const LOCATION = /^(.+?)\s+(?:under|below|beneath|in|on|from|within)\s+(?:the\s+)?(.+)$/i;

/**
 * When no element has the name: an element placed by a heading ("X under Popular routes"), else
 * the one element that can be acted on whose text holds the step's words in order, dropping
 * words the step adds around the name ("the 18:45 flight" → "18:45 → 21:00 · from €49").
 */
function findLoosely(index: ScreenIndex, target: Target, opts: FindOptions): FindResult | null {
  const located = LOCATION.exec(target.text);
  if (located) {
    const hit = findWithin(index, { ...target, text: located[1]!, within: located[2]! }, opts);
    if (hit.found) return hit;
  }
  const want = words(target.literal ?? target.text);
  if (want.length === 0) return null;
  // "The recent search row" is a row: never a button that shares a word with it.
  const rowsOnly = target.role === 'item' ? ROLES_FOR_HINT.item : null;
  const pool = index.candidates.filter(
    (e) =>
      isInteractive(e.node) &&
      e.node.text &&
      (!opts.roles || opts.roles.includes(e.node.role)) &&
      (!rowsOnly || rowsOnly.includes(e.node.role)),
  );
  const texts = pool.map((e) => words(e.node.text!));
  // Only words that describe the element may be dropped, never a word of its name ("Sign up" is not "Sign in"):
  // a part runs from at or before the first word that is not generic to at or after the last one, and holds no
  // more words than the longest text on the screen, so a long step costs one pass, not one per part.
  const named = want.map((w, i) => (GENERIC.has(w) ? -1 : i)).filter((i) => i >= 0);
  const firstNamed = named.length ? named[0]! : want.length - 1;
  const lastNamed = named.length ? named.at(-1)! : 0;
  const longest = Math.max(0, ...texts.map((t) => t.length));
  for (let len = Math.min(want.length, longest); len >= 1; len--) {
    for (let start = Math.max(0, lastNamed - len + 1); start <= firstNamed && start + len <= want.length; start++) {
      const part = want.slice(start, start + len);
      // A lone short word ("on", "the") names nothing; digits and longer words do.
      if (len === 1 && !/\d/.test(part[0]!) && part[0]!.length < 4) continue;
      const hits = pool.filter((_e, i) => containsWords(texts[i]!, part));
      if (hits.length === 1) return { found: true, element: hits[0]!, method: 'fuzzy' };
      if (hits.length > 1 && len === want.length) {
        return {
          found: false,
          ambiguous: true,
          reason: `${hits.length} elements hold ${nameOf(target)} (${hits
            .slice(0, 4)
            .map((e) => describeElement(e.node))
            .join(', ')}); name it more precisely`,
        };
      }
    }
  }
  return null;
}

/** The one element an alias of the name finds (`fieldAliases`), read exactly; null when none or several do. */
function aliasTarget(index: ScreenIndex, target: Target, opts: FindOptions): FindResult | null {
  const { fields, counted } = fieldAliases(target.text);
  const hits = [
    // A field's other name answers for a text field only ("mobile" taps no "Phone" button).
    ...fields.map((text) => findPlain(index, { ...target, text, role: 'field' }, { ...opts, closeOnly: true })),
    ...counted.map((text) => findPlain(index, { ...target, text }, { ...opts, closeOnly: true })),
  ].filter((r) => r.found && (counted.length > 0 || r.element.node.role === 'input'));
  const els = [...new Set(hits.map((r) => (r.found ? r.element : null)))];
  return els.length === 1 ? hits[0]! : null;
}
