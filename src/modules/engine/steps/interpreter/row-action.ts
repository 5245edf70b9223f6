import { findTarget, type ScreenIndex } from './target-finder';
import { normalizeText } from './text-match';

/**
 * "Request a refill for Paracetamol 500 mg", "Renew the loan on The Hobbit": an action named by a verb
 * phrase, then the row it concerns. When the row is on this screen (exactly one row of that name) and nothing
 * here is named by the verb phrase, the row is opened and the verb phrase is read on the screen it leads to,
 * where it must name its button ("Request refill"). Anything else is left to the rest of the interpreter.
 */

const NOT_AN_ACTION =
  /^(?:tap|click|press|touch|open|go|navigate|select|choose|pick|type|enter|input|fill|search|look|check|verify|see|scroll|swipe|wait|set|change|turn|switch|toggle|clear|filter|sort|book|add|remove)\b/i;

const bare = (t: string) =>
  normalizeText(t)
    .split(' ')
    .filter((w) => w && !/^(?:the|a|an|this|my|your)$/.test(w))
    .join(' ');

export function rowAction(s: string, index: ScreenIndex): { first: string; then: string } | null {
  const m = /^(\p{L}+(?: \p{L}+){0,3}?)\s+(?:for|on|of)\s+(?:the\s+)?(\S.{0,60})$/u.exec(s);
  if (!m || NOT_AN_ACTION.test(m[1]!) || /[,;]|\s(?:and|then)\s/i.test(m[2]!)) return null;
  const verb = bare(m[1]!);
  if (verb === '' || !verb.includes(' ')) return null;
  const rows = index.candidates.filter(
    (e) =>
      ['list_item', 'row', 'cell'].includes(e.node.role) &&
      e.node.text &&
      normalizeText(e.node.text) === normalizeText(m[2]!),
  );
  if (rows.length !== 1) return null;
  // Something here named by the verb phrase ("Request refill" on this screen) is read by the other forms.
  if (index.candidates.some((e) => e.node.text && bare(e.node.text).startsWith(verb))) return null;
  if (findTarget(index, { text: s }, { closeOnly: true }).found) return null;
  return { first: `tap "${rows[0]!.node.text!}"`, then: m[1]! };
}
