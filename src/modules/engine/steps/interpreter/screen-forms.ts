import { escapeRegExp } from './step-text';
import type { Intent } from './intent';
import { namedField } from './named-fields';
import { changeList, setWordValue, shapedPair } from './field-words';
import { parseStep } from './parse-step';
import type { Resolution } from './resolution';
import { swipeArea, swipeFor } from './plans';
import { scrollable } from './screen-shape';
import { headingOption, setOption } from './section-options';
import { findTarget, type ScreenIndex } from './target-finder';
import { normalizeText } from './text-match';
import { isInteractive, type TreeElement } from './ui-tree';
import { startsWithVerb } from './lexicon';

/**
 * Short steps read against the screen when the grammar alone reads nothing: a field's label followed by
 * its value ("Amount 100", "Enter Name Dana Whitfield"), a name with its kind ("Payments tab"), an action
 * the step says not to do ("Don't type a code, just tap Unlock") and a scroll that may not be needed.
 */

/** A label's words, with and without a qualifier in parentheses ("Reference (optional)" → also "Reference"). */
function labelNames(label: string): string[] {
  const bare = label.replace(/\s*\([^)]*\)\s*$/, '').trim();
  return [...new Set([label.trim(), bare])].filter((n) => normalizeText(n) !== '');
}

/** Words after a label that say something of the field rather than give its value ("Amount must be more than 0"). */
const SAID_OF_FIELD =
  /^(?:field|box|input|is|are|was|were|be|being|shows?|showing|should|must|will|would|can|cannot|can['’]t|could|may|has|have|had|reads?|says?|contains?|displays?|remains?|stays?|becomes?|gets?|error|empty|blank|cleared|filled|still|now|not|isn['’]t|doesn['’]t|accepts?|rejects?|allows?|requires?|required|label|value|placeholder|hint)\b/i;

/** A kind word alone after a label: what the name is, not a value ("Search tab", "Notes screen"). */
const KIND_ONLY = /^(?:tab|screen|page|button|link|icon|menu|section|view)$/i;

/**
 * "Amount 100", "Reference March rent", "Enter Name Dana Whitfield": a clause that starts with the label of
 * one text field on this screen (after an optional typing verb), the rest being the value. The longest label
 * that starts the clause decides; two fields with that label leave the clause unread.
 */
export function labelledField(s: string, index: ScreenIndex): { intent: Intent; rest?: string } | null {
  const clause = s.replace(/^(?:enter|type|input|key in|fill in|write)\s+(?:the\s+)?/i, '');
  let best: { field: TreeElement; label: string; value: string; length: number }[] = [];
  for (const field of index.candidates) {
    if (field.node.role !== 'input') continue;
    const label = index.labels.get(field.node)?.text;
    if (!label) continue;
    for (const name of labelNames(label)) {
      const words = normalizeText(name).split(' ');
      const m = new RegExp(`^${words.map(escapeRegExp).join('[^\\p{L}\\p{N}]+')}(?:\\s*[:=]\\s*|\\s+)(.+)$`, 'iu').exec(
        clause,
      );
      // "Search tab": the name with its kind, never the word "tab" typed into the Search field.
      // "Name it Bedtime": a pronoun is no value (read by nameIt).
      if (!m || SAID_OF_FIELD.test(m[1]!) || KIND_ONLY.test(m[1]!.trim()) || /^(?:it|this|them)\s/i.test(m[1]!))
        continue;
      const length = words.join(' ').length;
      if (best.length > 0 && length < best[0]!.length) continue;
      if (best.length > 0 && length > best[0]!.length) best = [];
      if (!best.some((b) => b.field === field)) best.push({ field, label, value: m[1]!.trim(), length });
    }
  }
  if (best.length !== 1) return null;
  const { label, field } = best[0]!;
  const { value, rest } = ownValue(best[0]!.value, field, index);
  const text = value.replace(/^"(.*)"$/, '$1');
  if (text === '' || /"/.test(text)) return null;
  return { intent: { kind: 'type', text, target: { text: label, role: 'field' } }, rest };
}

/**
 * "name Bedtime, time 22:30, scene Good night": a value ends where the next entry of this form starts (another
 * field's label, a heading's option, a control's name, a verb); a comma inside a value ("14 Willow Lane, Leeds")
 * is kept.
 */
function ownValue(value: string, field: TreeElement, index: ScreenIndex): { value: string; rest?: string } {
  for (const m of value.matchAll(/,\s+(?:then\s+)?/g)) {
    const tail = value.slice(m.index! + m[0].length);
    const part = tail.split(/,\s/)[0]!.trim();
    const another = index.candidates.some((e) => {
      const label = e !== field && e.node.role === 'input' ? index.labels.get(e.node)?.text : null;
      return label ? new RegExp(`^${escapeRegExp(normalizeText(label))}\\b`, 'i').test(normalizeText(part)) : false;
    });
    const named = index.candidates.some(
      (e) => isInteractive(e.node) && normalizeText(e.node.text ?? '') === normalizeText(part),
    );
    if (another || named || startsWithVerb(part) || headingOption(part, index))
      return { value: value.slice(0, m.index).trim(), rest: tail };
  }
  return { value };
}

/**
 * "Payments tab", "the Terms link", "Save button": a name with its kind as a step taps it, when it is here
 * (a tab also when the tab bar is scrolled away: the tap scrolls to it, and never finding it is not settled).
 */
export function namedWithRole(s: string, index: ScreenIndex): Intent | null {
  const m = /^(?:the\s+)?(.+?)\s+(tab|link|button)$/i.exec(s);
  if (!m) return null;
  const role = m[2]!.toLowerCase() as 'tab' | 'link' | 'button';
  const target = { text: m[1]!.replace(/^"(.*)"$/, '$1'), role };
  const hit = findTarget(index, target, { preferInteractive: true, closeOnly: true });
  // A tab bar below the content is scrolled to by the tap, as for "Tap the Search tab".
  return hit.found || role === 'tab' ? { kind: 'tap', target } : null;
}

const NEGATED_ACTION =
  /^(?:do not|don['’]?t|never)\s+(?:type|enter|input|fill(?: in)?|write|tap|click|press|touch|select|choose|pick|change|edit|open|turn|toggle|switch|swipe|scroll)\b/i;

/** "Don't type a passcode", "Do not tap Save": nothing is done (what follows in the step still is). */
export function negatedAction(s: string): Resolution | null {
  if (!NEGATED_ACTION.test(s)) return null;
  return { settled: true, kind: 'actions', actions: [], reasoning: `"${s}": nothing to do` };
}

/**
 * "Scroll down if needed": one swipe when the screen scrolls, nothing when it does not. Which way to
 * scroll must be said; what it is needed for is left to the next step.
 */
export function scrollIfNeeded(s: string, index: ScreenIndex): Resolution | null {
  const m = /^scroll\s+(down|up)(?:\s+(?:a\s+(?:bit|little)|slightly))?$/i.exec(withoutIfNeeded(s) ?? '');
  if (!m) return null;
  const direction = m[1]!.toLowerCase() as 'down' | 'up';
  if (!scrollable(index))
    return { settled: true, kind: 'actions', actions: [], reasoning: 'nothing to scroll on this screen' };
  return {
    settled: true,
    kind: 'actions',
    actions: [{ op: 'input', event: swipeFor(direction, swipeArea(index, null)), selector: null }],
    reasoning: `swipe to scroll ${direction} once (if needed)`,
  };
}

/**
 * "Enter alex@x.test and password pw1": a value for no named field, then a field by its name and its value.
 * The first goes where its shape fits when the step is resolved.
 */
export function valueThenNamed(s: string): Intent | null {
  const m = /^(?:enter|type|input|key in|fill in|write)\s+("[^"]*"|[^\s"]+)\s+and\s+(.+)$/i.exec(s);
  if (!m) return null;
  const second = namedField(`enter ${m[2]!}`);
  if (!second?.understood || second.intent.kind !== 'type' || !second.intent.target) return null;
  return {
    kind: 'sequence',
    steps: [{ kind: 'type', text: m[1]!.replace(/^"(.*)"$/, '$1'), target: null }, second.intent],
  };
}

const IF_NEEDED =
  /^(?:if|when|as) (?:needed|necessary|required),?\s+|,?\s+(?:if|when|as) (?:needed|necessary|required)\b/i;

/** "Scroll down if needed", "If necessary, scroll up to see Total": the step without its "if needed", or null. */
function withoutIfNeeded(s: string): string | null {
  const bare = s.replace(IF_NEEDED, ' ').replace(/\s+/g, ' ').trim();
  return bare !== s.trim() && /^scroll\b/i.test(bare) ? bare : null;
}

/**
 * "If needed, scroll down to see X", "Scroll down to see X if needed" → "scroll down if needed to see X":
 * the condition right after the scroll's way, so that it is never read as part of a name.
 */
export function ifNeededLast(s: string): string {
  const lead = /^(?:if|when) (needed|necessary|required),?\s+scroll\s+(down|up)\b(.*)$/i.exec(s);
  if (lead) return `scroll ${lead[2]} if ${lead[1]}${lead[3]}`;
  const tail = /^scroll\s+(down|up)\b([^,;]*?),?\s+(?:if|when|as) (needed|necessary|required)\b(.*)$/i.exec(s);
  return tail ? `scroll ${tail[1]} if ${tail[3]}${tail[2]}${tail[4]}` : s;
}

/**
 * "Scroll down if needed to see Total", "If necessary, scroll down to the Terms": the scroll until it shows
 * (which does nothing when it shows already).
 */
function scrollToIfNeeded(s: string): Intent | null {
  const bare = withoutIfNeeded(s);
  const read = bare ? parseStep(bare) : null;
  return read?.understood && read.intent.kind === 'scroll_until' ? read.intent : null;
}

/** "Name it Movie night", "Call it Bedtime": the value for the Name (or Title) field here, or the one field there is. */
export function nameIt(s: string, index: ScreenIndex): Intent | null {
  const m = /^(?:name|call|title|label)\s+(?:it|this|the \p{L}+)\s+("[^"]+"|[^\s"].*)$/iu.exec(s.trim());
  if (!m) return null;
  const fields = index.candidates.filter((e) => e.node.role === 'input');
  const named = fields.filter((e) =>
    /^(?:(?:\p{L}+ )?name|title)$/iu.test(index.labels.get(e.node)?.text?.trim() ?? ''),
  );
  const field = named.length === 1 ? named[0]! : fields.length === 1 ? fields[0]! : null;
  const label = field ? index.labels.get(field.node)?.text : null;
  if (!field || !label) return null;
  return { kind: 'type', text: m[1]!.replace(/^"(.*)"$/, '$1'), target: { text: label, role: 'field' } };
}

/** "Now add Sat and Sun as well", "Also pick Mon, Wed and Fri": each a button here, tapped in turn. */
export function addNamed(s: string, index: ScreenIndex): { intent: Intent; rest?: string } | null {
  const m = /^(?:now\s+)?(?:also\s+)?(?:add|include|pick|select|choose)\s+(.+?)(?:\s+(?:as well|too|also))?$/i.exec(
    s.trim(),
  );
  if (!m) return null;
  const parts = m[1]!.split(/\s*,\s*(?:and\s+)?|\s+and\s+/).map((p) => p.trim());
  if (parts.length < 2 || parts.length > 8) return null;
  const names = parts.map((p) => {
    const hits = index.candidates.filter(
      (e) => e.node.role === 'button' && e.node.text && normalizeText(e.node.text) === normalizeText(p),
    );
    return hits.length === 1 ? hits[0]!.node.text! : null;
  });
  if (names.some((n) => n === null)) return null;
  return {
    intent: { kind: 'tap', target: { text: names[0]! } },
    rest: names
      .slice(1)
      .map((n) => `tap "${n}"`)
      .join('; '),
  };
}

/**
 * "Invite robin@x.test as Member", "Add kim@x.test as Admin": the value into the one text field here, the option
 * named after "as" (a button), then the one button that does what the verb says ("Send invite"). Null unless all
 * three are on this screen.
 */
export function verbValueAs(s: string, index: ScreenIndex): { intent: Intent; rest?: string } | null {
  const m = /^(\p{L}+)\s+("[^"]+"|\S+)\s+as\s+(?:an?\s+|the\s+)?(\p{L}[\p{L} ]{0,30})$/iu.exec(s.trim());
  if (!m) return null;
  const verb = normalizeText(m[1]!);
  const buttons = index.candidates.filter((e) => e.node.role === 'button' && e.node.text && e.node.enabled);
  const named = (want: string) => buttons.filter((e) => normalizeText(e.node.text!) === normalizeText(want));
  const doing = buttons.filter((e) => normalizeText(e.node.text!).split(' ').includes(verb));
  const fields = index.candidates.filter((e) => e.node.role === 'input' && e.node.enabled);
  const label = fields.length === 1 ? index.labels.get(fields[0]!.node)?.text : null;
  const option = named(m[3]!.trim());
  if (!label || option.length !== 1 || doing.length !== 1 || option[0] === doing[0]) return null;
  return {
    intent: { kind: 'type', text: m[2]!.replace(/^"(.*)"$/, '$1'), target: { text: label, role: 'field' } },
    rest: `tap "${option[0]!.node.text}"; tap "${doing[0]!.node.text}"`,
  };
}

/** A clause the grammar could not read, read against this screen, or null. */
export function screenClause(
  s: string,
  index: ScreenIndex,
): { intent: Intent; rest?: string } | { resolution: Resolution } | null {
  const done = negatedAction(s) ?? scrollIfNeeded(s, index);
  if (done) return { resolution: done };
  const first = scrollToIfNeeded(s) ?? valueThenNamed(s);
  if (first) return { intent: first };
  const entry = labelledField(s, index) ?? addNamed(s, index) ?? verbValueAs(s, index);
  if (entry) return entry;
  // "time 22:30, scene Good night": a heading's option, then the form's next entries.
  const listed = /^([^,]+),\s+(?:then\s+)?(\S.*)$/.exec(s);
  const option = listed ? headingOption(listed[1]!, index) : null;
  if (option) return { intent: option, rest: listed![2]! };
  const intent =
    namedWithRole(s, index) ??
    setWordValue(s, index) ??
    headingOption(s, index) ??
    setOption(s, index) ??
    nameIt(s, index) ??
    changeList(s, index) ??
    shapedPair(s, index);
  return intent ? { intent } : null;
}
