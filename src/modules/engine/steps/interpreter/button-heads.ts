import { tapOn, untappable } from './cart-screens';
import { notSettled, type Resolution } from './resolution';
import type { ScreenIndex } from './target-finder';
import { labelHead, normalizeText } from './text-match';
import { describeElement } from './ui-tree';

/**
 * "View basket", "Tap View cart", "Open the cart via View cart": a button named by the part of its label before
 * the details it adds after a " · " ("View basket · 2 items · €15.50"). Read only when exactly one label on the
 * screen has that head, and the button is on screen; what follows a comma is read on the next screen. A value
 * named with a lower-case word for its kind ("Tap the 21:00 showtime") is that value's head, when a text on the
 * screen names that kind ("Showtimes").
 */
/** Other words for a kind of value a screen may name: a showing is a showtime, a slot a time. */
const KIND_WORDS: Record<string, string[]> = {
  showing: ['showtime'],
  screening: ['showtime'],
  performance: ['showtime'],
  show: ['showtime'],
  session: ['showtime', 'time', 'class'],
  slot: ['time', 'slot'],
};

export function headButton(s: string, index: ScreenIndex): Resolution | null {
  const via =
    /^(?:open|go to|view|reach)\s+(?:the\s+)?[\p{L} ]{1,30}?\s+(?:via|using|by tapping|through)\s+(.+)$/iu.exec(s);
  const text = via ? via[1]! : s;
  const whole = tapHead(text, index, undefined);
  if (whole) return whole;
  const cut = /^([^,;]+?)(?:,\s*(?:then\s+)?|;\s*)(.+)$/.exec(text);
  return cut ? tapHead(cut[1]!, index, cut[2]!) : null;
}

function tapHead(clause: string, index: ScreenIndex, then: string | undefined): Resolution | null {
  const name = clause
    .replace(/^(?:tap|click|press|hit|touch|pick|choose|select)\s+(?:on\s+)?(?:the\s+)?/i, '')
    .replace(/\s+button$/i, '')
    .replace(/^"(.*)"$/, '$1');
  // "Tap the 21:00 showtime": a value (a time, a price) named with a lower-case word for its kind.
  const said = normalizeText(name);
  if (said === '' || said.split(' ').length > 6) return null;
  const kind = /^(\S*\d[^\s]*(?:\s\S+){0,3}?)\s+([a-z]{3,})$/.exec(name);
  // The kind must be one the screen names ("Showtimes" above the times): "the 17:40 matinee" is not guessed.
  const stem = kind ? kind[2]!.replace(/(?:es|s)$/, '') : '';
  // "the 21:00 showing" under "Showtimes": a kind said in another word for it.
  const stems = [stem, ...(KIND_WORDS[stem] ?? [])];
  const named =
    kind !== null &&
    index.elements.some(
      (e) => e.node.role === 'text' && stems.some((k) => new RegExp(`\\b${k}`, 'i').test(e.node.text ?? '')),
    );
  const bare = kind && named ? normalizeText(kind[1]!) : null;
  const heads = (w: string) =>
    index.candidates.some((e) => e.node.role === 'button' && normalizeText(labelHead(e.node.text ?? '')) === w);
  const want = bare && !heads(said) && heads(bare) ? bare : said;
  if (want === '' || want.split(' ').length > 5) return null;
  const hits = index.candidates.filter((e) => {
    const label = e.node.text ?? '';
    const head = labelHead(label);
    return e.node.role === 'button' && head !== label && normalizeText(head) === want;
  });
  const labels = new Set(hits.map((e) => e.node.text!.trim()));
  // An element named just so is read by the usual forms.
  if (labels.size !== 1 || index.candidates.some((e) => normalizeText(e.node.text ?? '') === want)) return null;
  const button = hits.find((e) => !untappable(index, e)) ?? hits[0]!;
  const why = untappable(index, button);
  if (why) return notSettled(why);
  return {
    settled: true,
    kind: 'actions',
    actions: [tapOn(index, button)],
    reasoning: `tap ${describeElement(button.node)} (named by its label before "·")`,
    ...(then ? { then } : {}),
  };
}
