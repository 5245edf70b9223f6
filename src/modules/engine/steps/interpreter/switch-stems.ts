import { humanizeId, normalizeText } from './text-match';
import type { TreeElement } from './ui-tree';

/**
 * "Enable the reminder", "Turn on reminders" where the switch reads "Remind me": a switch named by another form
 * of its words. Each word of the name (but small ones) must begin as a word of the switch's label or id begins,
 * five letters at least ("remind" of "reminders" and of "Remind me"); exactly one switch on the screen must answer.
 */
const SMALL = /^(?:the|a|an|my|all|your|this|that|of|for|on|off|to|in)$/;
const PREFIX = 5;

const wordsOf = (t: string) =>
  normalizeText(t)
    .split(' ')
    .filter((w) => w && !SMALL.test(w));

const shareStem = (a: string, b: string) => {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n >= PREFIX && (n === a.length || n === b.length || n >= 6);
};

export function toggleByStem(toggles: readonly TreeElement[], name: string): TreeElement | null {
  const wanted = wordsOf(name);
  if (wanted.length === 0 || wanted.some((w) => w.length < PREFIX)) return null;
  const fits = toggles.filter((t) => {
    const own = [...wordsOf(t.node.text ?? ''), ...wordsOf(humanizeId(t.node.id ?? ''))];
    return wanted.every((w) => own.some((o) => shareStem(w, o)));
  });
  return fits.length === 1 ? fits[0]! : null;
}
