import type { Intent } from './intent';
import { USER_FIELDS, PASSWORD_FIELDS } from './parse-forms';
import { findTarget, type ScreenIndex } from './target-finder';
import { normalizeText } from './text-match';
import type { TreeElement } from './ui-tree';

/**
 * Text fields named the way people say them rather than by their whole label:
 * - "clear phone", "change name to Kim Lee": a lowercase word (or words) of one field's label
 *   ("Phone number", "Full name"). Two fields holding that word ("Home phone", "Work phone") name neither.
 * - "set postcode LS1 4AB", "update phone 0161 496 0000": such a word, then the value.
 * - "Fill in kim@x.test and pw1234" on a screen of exactly an email (or username) and a password field:
 *   the address-shaped value goes to the first, the other to the password.
 */

const labelOf = (index: ScreenIndex, el: TreeElement) => index.labels.get(el.node)?.text?.trim() ?? '';

const inputs = (index: ScreenIndex) => index.candidates.filter((e) => e.node.role === 'input');

/** The one field whose label holds every word said, in lowercase as people write them ("phone"). */
export function fieldByWord(said: string, index: ScreenIndex): string | null {
  const words = normalizeText(said).split(' ').filter(Boolean);
  if (words.length === 0 || words.length > 2 || said !== said.toLowerCase() || !/^[\p{Ll}\s-]+$/u.test(said))
    return null;
  const hits = inputs(index).filter((e) => {
    const label = normalizeText(labelOf(index, e)).split(' ');
    return label.length > words.length - 1 && words.every((w) => label.includes(w));
  });
  return hits.length === 1 ? labelOf(index, hits[0]!) : null;
}

/** A typing or clearing step whose field is not found by its name: the field whose label holds that word. */
export function fieldWordTarget(intent: Intent, index: ScreenIndex): Intent {
  if ((intent.kind !== 'type' && intent.kind !== 'clear') || !intent.target) return intent;
  const { target } = intent;
  if (target.within || target.anyOf || target.last) return intent;
  if (findTarget(index, target, { roles: ['input'], closeOnly: true }).found) return intent;
  const label = fieldByWord(target.text.replace(/^(?:the|my)\s+/i, '').replace(/\s+(?:field|box)$/i, ''), index);
  return label ? { ...intent, target: { text: label, role: 'field' } } : intent;
}

/** "set postcode LS1 4AB", "update phone to 0161 496 0000": a word of one field's label, then its value. */
export function setWordValue(s: string, index: ScreenIndex): Intent | null {
  const m = /^(?:set|change|update)\s+(?:the\s+|my\s+)?(\p{Ll}+(?:\s\p{Ll}+)?)\s+(?:to\s+)?(\S.*)$/u.exec(s);
  if (!m || /"/.test(m[2]!)) return null;
  // "set phone number 0161…": the longer label words first.
  for (const said of [m[1]!, m[1]!.split(' ')[0]!]) {
    const label = fieldByWord(said, index);
    if (!label) continue;
    const value = said === m[1] ? m[2]! : `${m[1]!.split(' ').slice(1).join(' ')} ${m[2]!}`;
    if (said !== m[1] && /^to\s/i.test(value)) return null;
    return { kind: 'type', text: value.trim(), target: { text: label, role: 'field' } };
  }
  return null;
}

const isOne = (label: string, names: string[]) => names.some((n) => normalizeText(n) === normalizeText(label));

/** "Fill in kim@x.test and pw1234" where the screen has exactly a user field and a password field. */
export function shapedPair(s: string, index: ScreenIndex): Intent | null {
  const m = /^(?:fill in|fill|enter|type|input|use)\s+(\S+)\s+and\s+(\S+)$/i.exec(s);
  if (!m) return null;
  const fields = inputs(index);
  if (fields.length !== 2) return null;
  const labels = fields.map((e) => labelOf(index, e));
  const user = labels.find((l) => isOne(l, USER_FIELDS));
  const password = labels.find((l) => isOne(l, PASSWORD_FIELDS));
  if (!user || !password) return null;
  const address = (v: string) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v);
  const [a, b] = [m[1]!, m[2]!];
  if (address(a) === address(b)) return null;
  const [login, secret] = address(a) ? [a, b] : [b, a];
  // A username field takes any name; an address goes only to an email field when the label says email.
  if (!/e-?mail/i.test(user)) return null;
  return {
    kind: 'sequence',
    steps: [
      { kind: 'type', text: login, target: { text: user, role: 'field' } },
      { kind: 'type', text: secret, target: { text: password, role: 'field' } },
    ],
  };
}

/**
 * "change name to Kim Lee and phone to 0161 496 0000": one verb, several fields each with "to" and its value.
 * Every part must name one field here (by label or a word of it); the value ends where the next "and <field> to"
 * begins, so a value never takes another field's name.
 */
export function changeList(s: string, index: ScreenIndex): Intent | null {
  const m = /^(?:change|set|update)\s+(.+)$/i.exec(s);
  if (!m) return null;
  const fieldOf = (said: string): string | null => {
    const bare = said.trim().replace(/^(?:the|my)\s+/i, '');
    if (findTarget(index, { text: bare, role: 'field' }, { roles: ['input'], closeOnly: true }).found) return bare;
    return fieldByWord(bare, index);
  };
  const parts = m[1]!.split(/(\s+and\s+|,\s+)/);
  const steps: Intent[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const part = parts[i]!;
    const to = /^(.{1,30}?)\s+to\s+(\S.*)$/.exec(part);
    const field = to ? fieldOf(to[1]!) : null;
    if (to && field) {
      steps.push({ kind: 'type', text: to[2]!.replace(/^"(.*)"$/, '$1'), target: { text: field, role: 'field' } });
      continue;
    }
    // "to Kim and Lee": a part that names no field belongs to the value before it.
    const last = steps.at(-1);
    if (last?.kind !== 'type') return null;
    last.text = `${last.text}${parts[i - 1]!}${part}`;
  }
  return steps.length >= 2 ? { kind: 'sequence', steps } : null;
}
