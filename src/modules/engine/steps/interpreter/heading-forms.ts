import type { Check } from './intent';
import { labelledValues } from './labelled-values';
import { COUNT_PATTERN, parseCount, LIST_SEPARATOR } from './step-text';

/**
 * Assertions about a screen's heading and what it opens with, read before the step grammar (whose
 * word-by-word reading would take "Next" or "Type" for something else):
 * `Heading "Settings"`, `Heading Dr Kim Lee with Cardiology underneath`, `Orders screen opens with heading
 * "Your orders"`, `Choose a plan screen headed "Yearly"`, `Recent orders heading is shown`,
 * `Intro "We use these details to reach you."`, `Account opens showing Jo Park and jo@x.test`,
 * `Back on Account with "Changes saved"`, and several labels with their values (labelled-values).
 */

const Q = '"([^"]+)"';
/** A value said without quotes: words, not a statement ("Heading is shown"). */
const STATEMENT = /^(?:is|are|was|were|shown|visible|displayed|present|not|no|the|a|an)\b|\b(?:is|are|should|must)\b/i;

/** Words that say what a text on screen is, before the text in quotes. */
const DESCRIBED =
  /^(?:the )?(?:intro(?:duction)?|subtitle|subheading|caption|footer|footnote|banner|tagline|hint|helper text|description|summary|notice|disclaimer|lead text|intro text|line)(?: text)?:? "([^"]+)"$/i;

function headingCheck(s: string): Check | null {
  const m = new RegExp(
    `^(?:the )?(?:screen |page )?heading:? (?:is |reads |says |shows )?(?:${Q}|([^"]+?))(?: with (?:${Q}|([^"]+?)) (?:underneath|beneath|below|below it|under it))?$`,
    'i',
  ).exec(s);
  if (!m) return null;
  const value = m[1] ?? m[2]!;
  const below = m[3] ?? m[4];
  // "Heading Travel; two books: …" says more than a heading: left to the other forms.
  const said = (v: string | undefined) =>
    v !== undefined && (STATEMENT.test(v) || /[;:()]/.test(v) || v.split(' ').length > 8);
  if (said(m[2]) || said(m[4]) || STATEMENT.test(value) || (below !== undefined && STATEMENT.test(below))) return null;
  return below === undefined ? { kind: 'heading', value } : { kind: 'heading', value, below };
}

/** "Orders screen opens with heading "Your orders"", "Choose a plan screen headed "Yearly"". */
function headedScreen(s: string): Check | null {
  const m = new RegExp(
    `^(?:the )?([^"]+?) (?:screen|page)(?: (?:opens|is shown|is displayed|appears|is open))?(?: with (?:the |a )?heading| headed| headed by) (?:${Q}|([^"]+))$`,
    'i',
  ).exec(s);
  if (!m || STATEMENT.test(m[1]!)) return null;
  const value = m[2] ?? m[3]!;
  if (STATEMENT.test(value)) return null;
  return {
    kind: 'all',
    checks: [
      { kind: 'screen', name: m[1]!, negated: false },
      { kind: 'heading', value },
    ],
  };
}

/** "Account opens showing Jo Park and jo@x.test": that screen, and each thing on it. */
function opensShowing(s: string, names: string[]): Check | null {
  const m = /^(?:the )?([^"]+?)(?: screen| page)? opens (?:showing|with) ([^"]+)$/i.exec(s);
  if (!m || !names.some((n) => n.toLowerCase() === m[1]!.toLowerCase())) return null;
  const parts = m[2]!.split(LIST_SEPARATOR).map((p) => p.trim());
  if (parts.some((p) => p === '' || STATEMENT.test(p) || /^heading\b/i.test(p))) return null;
  return {
    kind: 'all',
    checks: [
      { kind: 'screen', name: m[1]!, negated: false },
      ...parts.map((text) => ({ kind: 'phrase' as const, text })),
    ],
  };
}

/** "Back on Account with "Changes saved"": that screen, showing the quoted text. */
function backOnWith(s: string): Check | null {
  const m = new RegExp(
    `^(?:we're |we are |i'm |i am |the user is )?(?:back|still) on (?:the )?([^"]+?)(?: screen| page)? (?:with|showing) ${Q}$`,
    'i',
  ).exec(s);
  // "Back on Orders with Recent showing "3 orders"": more than a screen's name before the text.
  if (!m || /\b(?:with|showing|and)\b/i.test(m[1]!)) return null;
  return {
    kind: 'all',
    checks: [
      { kind: 'screen', name: m[1]!, negated: false },
      { kind: 'visible', target: { text: m[2]! }, negated: false },
    ],
  };
}

/** "Orders list shown again with the three orders": that screen, its list holding exactly that many rows. */
function listShownWith(s: string): Check | null {
  const m = new RegExp(
    `^(?:the )?([^"]+?) list (?:is )?(?:shown|displayed|back|visible)(?: again)? with (?:the |all |its |all the )?${COUNT_PATTERN} ([a-z]+)$`,
    'i',
  ).exec(s);
  const count = m ? parseCount(m[2]!) : null;
  if (!m || count === null || STATEMENT.test(m[1]!)) return null;
  return {
    kind: 'all',
    checks: [
      { kind: 'screen', name: m[1]!, negated: false },
      { kind: 'list_rows', count },
    ],
  };
}

/** An assertion in one of these forms, or null. `names`: the texts on screen. */
export function headingForms(s: string, names: string[]): Check | null {
  const described = DESCRIBED.exec(s);
  if (described) return { kind: 'visible', target: { text: described[1]! }, negated: false };
  const section = /^(?:the )?([^"]+?) heading (?:is )?(?:shown|visible|displayed|present)$/i.exec(s);
  if (section && !STATEMENT.test(section[1]!))
    return { kind: 'visible', target: { text: section[1]!, role: 'text' }, negated: false };
  return (
    headingCheck(s) ??
    headedScreen(s) ??
    opensShowing(s, names) ??
    backOnWith(s) ??
    listShownWith(s) ??
    labelledValues(s, names)
  );
}
