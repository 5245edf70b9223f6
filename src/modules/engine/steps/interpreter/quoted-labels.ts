import type { Check } from './intent';
import { passed, notSettled, type CheckResolution } from './resolution';
import { valueBeside } from './evaluate-forms';
import { checkHeading } from './heading-checks';
import { checkRowLine } from './row-lines';
import { amountSigns, humanizeId, normalizeText } from './text-match';
import type { ScreenIndex } from './target-finder';
import { describeElement, isVisible, type TreeElement } from './ui-tree';

/**
 * Assertions that name things and give what they read in quotes, without a verb, as testers note them down:
 * `Payment "Cash on delivery", Total £18.48`, `Description "Tomato, basil" and price "£9.50"`, `Delivering
 * to "22 Elm Street, Bristol"`, `Button "Place order · £18.48"`, `Basket header "Green Bowl"`, and a text
 * in quotes with the value beside it, `"1 × Buddha Bowl" £9.00 and "1 × Mint Lemonade" £3.00`,
 * `Pepperoni stays "3 × Pepperoni" at £33.00`. Each part is judged on its own: a label on screen must have
 * that value beside or just below it (another value there fails); with no such label, an element whose id
 * names it, or for a word that only says what the value is (description, price, …), the value shown, answers.
 */

const loose = (s: string | null | undefined) => normalizeText(s ?? '');
const same = (a: string | null | undefined, b: string) =>
  loose(a) === loose(b) && amountSigns(a ?? '') === amountSigns(b);
const words = (s: string) => loose(s).split(' ').filter(Boolean);

/** Words that make a part a statement, not a name: "Total is now £16.93", "Settings and Profile are shown". */
const STATEMENT =
  /\b(?:is|are|was|were|be|been|not|no|shows?|showing|reads?|says?|displays?|should|must|will|can|has|have|appears?|becomes?|with|without|then|after|before|when|if|only|still|every|each|all|both)\b/i;

/** Words that only say what kind of value follows: the value shown anywhere answers for them. */
const DESCRIBES =
  /^(?:description|summary|subtitle|tagline|caption|price|cost|amount|note|message|hint|text|label|intro)$/i;

/** A value given without quotes: a number or an amount, or words that start with a capital. */
const BARE_VALUE = /^(?:[£$€¥₹]?\d|\p{Lu})/u;

/** Splits at commas, semicolons and "and" that stand outside quotes. */
function partsOf(s: string): string[] | null {
  const quoted: string[] = [];
  const masked = s.replace(/"[^"]*"/g, (q) => `\u0000${quoted.push(q) - 1}\u0000`);
  if (masked.includes('"')) return null;
  return masked
    .split(/\s*[,;]\s*(?:and\s+)?|\s+and\s+/i)
    .map((p) => p.replace(/\u0000(\d+)\u0000/g, (_, i: string) => quoted[Number(i)]!).trim())
    .filter((p) => p !== '');
}

function partCheck(part: string): Check | null {
  const alone = /^"([^"]+)"$/.exec(part);
  if (alone) return { kind: 'visible', target: { text: alone[1]! }, negated: false };
  // "Delivering to "22 Elm Street"", "the Payment "Cash on delivery"".
  const named = /^(?:the\s+)?([\p{L}][\p{L}'’ -]{0,40}?)\s*:?\s+"([^"]+)"$/u.exec(part);
  if (named) {
    const label = named[1]!.trim();
    if (label.split(/\s+/).length > 4 || STATEMENT.test(label)) return null;
    return { kind: 'quoted_label', label, value: named[2]! };
  }
  // ""1 × Buddha Bowl" £9.00", "Pepperoni stays "3 × Pepperoni" at £33.00": the text, the value beside it.
  const beside =
    /^(?:(\p{Lu}[\p{L}'’ -]{0,30}?)\s+(?:stays|remains|is still|still)\s+)?"([^"]+)"\s+(?:at\s+)?([^"]+)$/u.exec(part);
  if (beside) {
    const value = beside[3]!.trim();
    if (!/^[£$€¥₹−-]?\d/.test(value) || value.split(/\s+/).length > 2) return null;
    if (beside[1] && !loose(beside[2]).includes(loose(beside[1]))) return null;
    return { kind: 'quoted_label', label: beside[2]!, value, quoted: true };
  }
  // "Total £18.48": a name and its value without quotes, as the phrase forms read it.
  const bare = /^(\p{L}[\p{L} ]{0,30}?)\s+(\S.*)$/u.exec(part);
  if (!bare || STATEMENT.test(part) || !BARE_VALUE.test(bare[2]!) || part.split(/\s+/).length > 7) return null;
  return { kind: 'phrase', text: part };
}

/** An assertion of names with quoted values, or null when one of its parts is no such pair. */
export function quotedLabels(s: string): Check | null {
  const text = s.trim().replace(/\.$/, '');
  if (!text.includes('"')) return null;
  const parts = partsOf(text);
  if (!parts || parts.length === 0) return null;
  const checks: Check[] = [];
  for (const part of parts) {
    const c = partCheck(part);
    if (!c) return null;
    checks.push(c);
  }
  if (!checks.some((c) => c.kind === 'quoted_label')) return null;
  return checks.length === 1 ? checks[0]! : { kind: 'all', checks };
}

const visibleTexts = (index: ScreenIndex): TreeElement[] =>
  index.allCandidates.filter((e) => e.node.text && isVisible(e, index.observation.screen));

/** A control or the heading named by its kind: `Button "Place order"`, `Basket header "Green Bowl"`. */
function byKind(index: ScreenIndex, label: string, value: string): CheckResolution | null {
  const m = /^(?:(.+?)\s+)?(button|link|tab|header|heading|title)$/i.exec(label);
  if (!m) return null;
  const kind = m[2]!.toLowerCase();
  const prefix = m[1]?.trim();
  if (kind === 'header' || kind === 'heading' || kind === 'title') {
    const heading = checkHeading(index, value);
    const title = index.elements.find((e) => e.node.role === 'screen')?.node.text ?? null;
    // "Basket header": said of the Basket screen; on another screen the claim is not this one's.
    if (prefix && !same(title, prefix))
      return notSettled(`the claim is said of the ${prefix} screen and the screen showing is "${title ?? '?'}"`);
    return heading;
  }
  const roles = kind === 'button' ? ['button'] : kind === 'link' ? ['link', 'button'] : ['tab', 'button'];
  const controls = visibleTexts(index).filter((e) => roles.includes(e.node.role));
  const hit = controls.find((e) => same(e.node.text, value));
  if (hit && (!prefix || loose(hit.node.text).startsWith(loose(prefix))))
    return passed(true, `${describeElement(hit.node)} is on screen`);
  // "Place order button "Place order · £18.48"": the control of that name reading otherwise fails.
  const near = prefix ? controls.find((e) => loose(e.node.text).startsWith(loose(prefix))) : null;
  if (near) return passed(false, `${describeElement(near.node)} reads "${near.node.text}", not "${value}"`);
  return passed(false, `no ${kind} reads "${value}" on this screen`);
}

/** Judges one part: a label (or a quoted text) and the value beside it, or a text the label's kind names. */
export function checkQuotedLabel(index: ScreenIndex, label: string, value: string, quoted = false): CheckResolution {
  const kind = quoted ? null : byKind(index, label, value);
  if (kind) return kind;
  const texts = visibleTexts(index);
  if (quoted) return lineValue(index, texts, label, value);
  const misses: string[] = [];
  for (const l of texts.filter((e) => e.node.role === 'text' && same(e.node.text, label))) {
    const holder = valueBeside(index, l);
    if (!holder) continue;
    const why = `${describeElement(holder.node)} (beside "${l.node.text}") reads "${holder.node.text}"`;
    if (same(holder.node.text, value)) return passed(true, why);
    misses.push(why);
  }
  if (misses.length > 0) return passed(false, misses.join('; '));
  // `Buddha Bowl "£9.00 · Green Bowl"`: a row of that title and its second line.
  if (texts.some((e) => e.node.role === 'list_item' && same(e.node.text, label)))
    return checkRowLine(index, { text: label }, [value], 'equals');
  // No text reads the label: an element whose id names it, or the value shown for a word that only describes it.
  const want = words(label);
  const byId = texts.find(
    (e) =>
      e.node.role === 'text' &&
      e.node.id &&
      same(e.node.text, value) &&
      want.every((w) => words(humanizeId(e.node.id!)).includes(w)),
  );
  if (byId) return passed(true, `${describeElement(byId.node)} reads "${byId.node.text}" (its id names the ${label})`);
  if (DESCRIBES.test(label)) {
    const shown = texts.find((e) => e.node.role !== 'input' && same(e.node.text, value));
    if (shown) return passed(true, `${describeElement(shown.node)} is on screen (the ${label.toLowerCase()})`);
    return passed(false, `no element reads "${value}" on this screen`);
  }
  return notSettled(`no label "${label}" with a value beside it on this screen`);
}

const AMOUNT = /^[−-]?[£$€¥₹]\s?\d/;

/**
 * `"3 × Pepperoni" £33.00`: the amount among the few texts that follow the line ("Classic crust", then the price),
 * up to the next control or the next line of its shape. Another amount there fails; none is not settled.
 */
function lineValue(index: ScreenIndex, texts: TreeElement[], label: string, value: string): CheckResolution {
  const lines = texts.filter((e) => e.node.role === 'text' && same(e.node.text, label));
  if (lines.length !== 1) return notSettled(`${lines.length} texts read "${label}" on this screen`);
  const line = lines[0]!;
  const shape = (t: string | null) =>
    (t ?? '').trim().toLowerCase().replace(/\d+/g, '#').split(/\s+/).slice(0, 2).join(' ');
  const after: TreeElement[] = [];
  for (const e of index.elements.slice(index.elements.indexOf(line) + 1)) {
    if (!e.node.text?.trim() || !texts.includes(e)) continue;
    if (e.node.role !== 'text' || shape(e.node.text) === shape(line.node.text) || after.length === 3) break;
    after.push(e);
  }
  const hit = after.find((e) => same(e.node.text, value));
  if (hit) return passed(true, `${describeElement(hit.node)} follows "${line.node.text}"`);
  const other = after.find((e) => AMOUNT.test(e.node.text!.trim()) === AMOUNT.test(value.trim()));
  if (other) return passed(false, `${describeElement(other.node)} follows "${line.node.text}", not "${value}"`);
  return notSettled(`no value follows "${line.node.text}" on this screen`);
}
