import type { Intent } from './intent';
import type { ScreenIndex } from './target-finder';
import { normalizeText } from './text-match';
import { isInteractive } from './ui-tree';

/**
 * Names read loosely against the controls on this screen: a whole clause that is one control's name ("Confirm and
 * pay"), and a button named with a pronoun, an article or a purpose ("Mark it as complete", "Tap Delete to confirm").
 */

/** "Confirm and pay", "Tap Yes, cancel": the whole clause is the name of one element to tap. */
export function wholeName(s: string, index: ScreenIndex): Intent | null {
  const bare = s.replace(/^(?:tap|click|touch|select|choose)(?:\s+on)?\s+(?:the\s+)?/i, '').replace(/^"(.*)"$/, '$1');
  const want = normalizeText(bare);
  if (want === '') return null;
  const hits = index.candidates.filter(
    (e) => isInteractive(e.node) && e.node.text && normalizeText(e.node.text) === want,
  );
  if (hits.length !== 1) return null;
  if (/^press\b/i.test(s)) return null;
  if (bare === s && !/[,]|\sand\s/i.test(s) && hits[0]!.node.role !== 'button') return null;
  return { kind: 'tap', target: { text: hits[0]!.node.text! } };
}

/** Words that are checks, dialog answers or verbs of their own, never a button's first word to guess from. */
const CHECK_VERB_WORD =
  /^(?:verify|check|confirm|assert|ensure|validate|accept|cancel|dismiss|close|ok|back|home|tap|click|press|hit|push|touch|type|enter|input|write|fill|clear|scroll|swipe|wait|go|open|launch|rotate)$/;

/**
 * What may follow a button's name in a step without being part of it: "straight away", "to confirm",
 * "without a title" (what is left undone), "in the list" (where the row is).
 */
const TRAILING =
  /^(?:(?:straight|right) away|immediately|at once|now|first|again|once more|quickly|(?:to|without) [\p{L}]+(?: [\p{L}'-]+){0,6}|(?:in|from|on) the list)$/iu;

/**
 * A button named loosely, read only against the buttons on this screen: "Mark it as complete" (a pronoun in
 * the button's name, "Mark as complete"), "Save the task" ("Save task"), "Save" (the one button whose name
 * starts with that verb), "Confirm with Delete", "Tap Save task straight away", "Tap Delete to confirm" (a
 * known name followed by an adverb or a purpose). Anything else left after a name fails.
 */
export function looseButton(s: string, index: ScreenIndex): Intent | null {
  const pronoun = /^(\p{L}+)\s+(?:it|this|them|this one|that)\s+(.+)$/iu.exec(s);
  if (pronoun && !/^(?:tap|click|press|touch|select|choose|open|enter|type|turn|switch|set)$/i.test(pronoun[1]!)) {
    const named = wholeName(`${pronoun[1]} ${pronoun[2]}`, index);
    if (named) return named;
  }
  // "Save the task" → "Save task"; "Save" → the one button whose name starts with that verb.
  const bareWords = (t: string) =>
    normalizeText(t)
      .split(' ')
      .filter((w) => !/^(?:the|a|an|this|my|your)$/.test(w));
  const said = bareWords(s).join(' ');
  const buttons = index.candidates.filter((e) => e.node.role === 'button' && e.node.text?.trim() && e.node.enabled);
  const same = buttons.filter((e) => bareWords(e.node.text!).join(' ') === said);
  if (same.length === 1 && said.includes(' ')) return { kind: 'tap', target: { text: same[0]!.node.text! } };
  if (/^\p{L}+$/u.test(said) && !CHECK_VERB_WORD.test(said)) {
    const verb = buttons.filter((e) => bareWords(e.node.text!)[0] === said);
    if (verb.length === 1) return { kind: 'tap', target: { text: verb[0]!.node.text! } };
  }
  // "Confirm with Sign out in the dialog": the dialog says where the button is, not what it is called.
  const confirm =
    /^(?:confirm|accept|answer)\s+(?:it\s+|the dialog\s+)?(?:with|by tapping|using)\s+(.+?)(?:\s+(?:in|on) the (?:dialog|popup|pop-up|alert|prompt))?$/i.exec(
      s,
    );
  if (confirm) return wholeName(`tap ${confirm[1]}`, index);
  const tap = /^(?:tap|click|press|hit|touch)(?:\s+on)?\s+(?:the\s+)?(.+)$/i.exec(s);
  if (!tap) return null;
  const named = normalizeText(tap[1]!.replace(/^"([^"]+)"/, '$1'));
  const fits = index.candidates.filter((e) => {
    const name = e.node.text ? normalizeText(e.node.text) : '';
    return (
      isInteractive(e.node) &&
      e.node.role !== 'input' &&
      name !== '' &&
      named.startsWith(`${name} `) &&
      TRAILING.test(named.slice(name.length + 1))
    );
  });
  const longest = Math.max(0, ...fits.map((e) => normalizeText(e.node.text!).length));
  const best = fits.filter((e) => normalizeText(e.node.text!).length === longest);
  if (best.length !== 1) return null;
  // "Tap Sign out to close the dialog" with no dialog open: the purpose is not met here.
  const dialogOpen = index.elements.some((e) => e.node.role === 'alert' && e.node.children.length > 0);
  if (!dialogOpen && /\b(?:dialog|popup|pop-up|alert|prompt|modal|sheet)\b/.test(named)) return null;
  return { kind: 'tap', target: { text: best[0]!.node.text! } };
}
