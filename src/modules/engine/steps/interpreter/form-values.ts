import { onlyField } from './field-forms';
import { NOT_A_LABEL, onlyButton } from './label-chips';
import { startsWithVerb } from './lexicon';
import { parseCount } from './step-text';
import type { ScreenIndex } from './target-finder';
import { normalizeText } from './text-match';

/**
 * "Bedtime, 22:30, Mon, Wed, Fri, Good night, save" on a form with one empty text field and chips named 22:30, Mon,
 * Wed, Fri and Good night: a form's entries listed as a QA engineer lists them. Each entry that is exactly the name
 * of one enabled button here is tapped; the one entry that is not is typed into the one empty text field; a last
 * "save" (or done, create, submit, continue) is read on its own. "Bedtime (22:30, Mon, Good night)" lists the same
 * entries; "at 22:30", "on Mon", "running Good night" say which chip with a word before it.
 * Left to the other readers: a first entry that starts with a verb, two entries that name no button, none that does,
 * an entry that says not to ("no scene", "leave …"), a form with no field or with two, a field that holds text.
 */

const FINISH = /^(?:save|done|submit|create|confirm|continue|next|finish|add it|save it)$/i;
const LEAD_WORDS = 'at|on|for|with|running|using|every|in';
const LEAD_WORD = new RegExp(`^(?:${LEAD_WORDS})\\s+(?=\\S)`, 'i');
const BEFORE_LEAD_WORD = new RegExp(`\\s+(?=(?:${LEAD_WORDS})\\s)`, 'i');
const MAX_ENTRIES = 24;

/** The entries of a list: split at commas, semicolons, "and" and brackets, outside quotes. */
function entriesOf(s: string): string[] | null {
  if (s.length > 400) return null;
  const flat = s
    .replace(/"[^"]*"/g, (q) => q.replace(/[,;()]/g, (c) => `\u0000${c.charCodeAt(0)}\u0000`))
    .replace(/\s*\(\s*/g, ', ')
    .replace(/\s*\)\s*/g, ', ');
  const parts = flat
    .split(/\s*[,;]\s*|\s+and\s+/i)
    .map((p) =>
      p
        .replace(/\u0000(\d+)\u0000/g, (_m, c: string) => String.fromCharCode(Number(c)))
        .trim()
        .replace(/^(?:and|then|and then)\s+/i, ''),
    )
    .filter((p) => p !== '');
  return parts.length >= 1 && parts.length <= MAX_ENTRIES ? parts : null;
}

/** A button entry, with or without the word before it ("at 22:30"); null when the entry names no one button. */
function buttonEntry(index: ScreenIndex, entry: string): string | null {
  const said = entry.replace(/^["“]|["”]$/g, '');
  return onlyButton(index, said) ?? (LEAD_WORD.test(said) ? onlyButton(index, said.replace(LEAD_WORD, '')) : null);
}

/** A chip below the fold, named after the others ("…, Fri, running Good night"): a name, not a value to type. */
const nameBelow = (said: string) =>
  /^[\p{L}\d][^"“”]{0,30}$/u.test(said) &&
  said.split(/\s+/).length <= (/^\p{Ll}/u.test(said) ? 3 : 4) &&
  !BEFORE_LEAD_WORD.test(said) &&
  !startsWithVerb(said) &&
  !NOT_A_LABEL.test(said);

/**
 * "Bedtime at 22:30 on Mon": a typed value followed by button entries each after a word; the value and the entries
 * apart, or the entry whole when it does not end so. After a first button here, a name after a word may be one below
 * the fold (scrolled to when tapped).
 */
function peel(index: ScreenIndex, entry: string): string[] {
  const words = entry.split(/\s+/);
  for (let cut = 1; cut < words.length - 1; cut++) {
    if (!LEAD_WORD.test(`${words[cut]!} x`)) continue;
    const pieces = words.slice(cut).join(' ').split(BEFORE_LEAD_WORD);
    const named = (p: string) => buttonEntry(index, p) !== null || nameBelow(p.replace(LEAD_WORD, ''));
    const head = words.slice(0, cut).join(' ');
    if ((buttonEntry(index, head) !== null || buttonEntry(index, pieces[0]!) !== null) && pieces.every(named))
      return [head, ...pieces];
  }
  return [entry];
}

export function formValues(s: string, index: ScreenIndex): { first: string; then: string } | null {
  // Most screens have no one empty field: nothing to split or look up for them.
  const field = onlyField(index);
  if (!field?.node.enabled || (field.node.text ?? '') !== '') return null;
  const listed = entriesOf(s.trim());
  if (!listed || startsWithVerb(listed[0]!) || NOT_A_LABEL.test(listed[0]!)) return null;
  const finish = FINISH.test(listed[listed.length - 1]!) ? listed.pop()! : null;
  const entries = listed.flatMap((e) => peel(index, e));
  if (entries.length < 2) return null;
  const steps: string[] = [];
  let typed: string | null = null;
  let here = 0;
  for (const entry of entries) {
    if (NOT_A_LABEL.test(entry) || FINISH.test(entry)) return null;
    const button = buttonEntry(index, entry);
    if (button) {
      steps.push(`tap "${button}"`);
      here++;
      continue;
    }
    const name = entry.replace(LEAD_WORD, '');
    if (typed !== null && here > 0 && nameBelow(name)) {
      steps.push(`tap "${name}"`);
      continue;
    }
    // One entry only is typed; it is a value, not an instruction.
    if (typed !== null || startsWithVerb(entry) || /["“”]/.test(entry.slice(1, -1))) return null;
    typed = entry.replace(/^["“]|["”]$/g, '');
    steps.push(`enter "${typed}"`);
  }
  if (typed === null || here === 0) return null;
  if (finish) steps.push(finish);
  return { first: steps[0]!, then: steps.slice(1).join('; ') };
}

const UNSAVED = /\b(?:don't|do not|without|not)\s+(?:sav|submit|confirm)/i;
const CREATE = /^(add|create|make|new)( and save)?\s+(?:(?:a|an|one)\s+)?(?:new\s+)?(\p{L}+(?:\s\p{L}+)?)\s+(\S.*)$/iu;

/**
 * "Add a schedule Bedtime at 22:30 on Mon, running Good night", "Add schedule Bedtime (22:30, Mon) and save", "Create
 * and save a scene Dinner time (Kitchen · Pendant lights)": the one enabled button that adds that kind of thing here
 * ("Add schedule", "New scene"), then the entries, read on the form it opens, then its save button (to add a thing is
 * to save it; "New scene Party" only opens the form). Null when no one button adds it.
 */
export function createWith(s: string, index: ScreenIndex): { first: string; then: string } | null {
  const m = CREATE.exec(s.trim());
  if (!m) return null;
  const verb = m[1]!.toLowerCase();
  const kinds = m[3]!.split(/\s+/);
  // "schedule Bedtime": the kind is one word, or two when both make a button's name ("custom scene").
  for (const take of [2, 1]) {
    if (take > kinds.length) continue;
    const kind = kinds.slice(0, take).join(' ');
    const names = [`${verb} ${kind}`, `new ${kind}`, `add ${kind}`, `create ${kind}`];
    const button = names.map((n) => onlyButton(index, n)).find((b) => b !== null);
    if (!button) continue;
    const rest = [...kinds.slice(take), m[4]!].join(' ').trim();
    // "Add schedule → name Bedtime", "Add schedule: …": a path or a colon, read by their own readers.
    if (!/^[\p{L}\p{N}"“(]/u.test(rest) || startsWithVerb(rest)) return null;
    // "Add a task called A1": the name alone, typed into the form's one field (more after it is not guessed at).
    const called = /^(?:called|named|titled)\s+(.+)$/i.exec(rest);
    if (called && /,|\s(?:with|and|in|for|on|at|due)\s/i.test(called[1]!)) return null;
    const entries = called ? `enter "${called[1]!.replace(/^["“]|["”]$/g, '')}" as its name` : rest;
    // To add or create a thing is to save it: the form's save button ends the entries unless they end on one, or
    // say not to.
    const saves =
      (m[2] || verb !== 'new') && !FINISH.test(rest.split(/\s*,\s*|\s+and\s+/).pop()!) && !UNSAVED.test(rest);
    return { first: `tap "${button}"`, then: saves ? `${entries}${called ? ';' : ','} save` : entries };
  }
  return null;
}

/**
 * 'Enter "A1" as its name' (what "Add a task called A1" types on the form it opens): into the field labelled Name or
 * Title ("Task name", "Title"), the one such label on the form; with none, the form's only field (two: not settled).
 */
export function nameEntry(s: string, index: ScreenIndex): { first: string; then?: string } | null {
  const m = /^enter "([^"]+)" as its name(?:\s*;\s*(\S.*))?$/i.exec(s.trim());
  if (!m) return null;
  const labels = index.candidates.flatMap((e) => {
    const label = e.node.role === 'input' ? index.labels.get(e.node)?.text?.trim() : undefined;
    return label && /^(?:\p{L}+ )?(?:name|title)$/iu.test(normalizeText(label)) ? [label] : [];
  });
  return { first: labels.length === 1 ? `enter "${m[1]}" as the ${labels[0]!}` : `enter "${m[1]}"`, then: m[2] };
}

/** "Add a schedule Bedtime at 22:30": the control that adds the thing ("Add schedule") and its kind, or null. */
export function addedKind(s: string): { name: string; noun: string } | null {
  const m = CREATE.exec(s.trim());
  if (!m || !/^\p{Lu}/u.test(m[1]!)) return null;
  const noun = m[3]!.split(/\s+/)[0]!;
  // "Add two schedules": a count, not a kind.
  return noun.length >= 3 && parseCount(noun) === null ? { name: `${m[1]!} ${noun}`, noun } : null;
}
