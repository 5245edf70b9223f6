import { humanizeId, normalizeText } from './text-match';
import type { TreeElement } from './ui-tree';

/**
 * "+ on Oat Milk", "the − next to Oat Milk", "Oat Milk's +": the stepper button of the line named. A button is a
 * plus (increase, "one more", "+") or a minus (decrease, "fewer", "−"), and it belongs to the line when its own name
 * with the stepper words taken out is the line's name ("One more Oat Milk"), or when the line's title ("2 × Oat
 * Milk", "Oat Milk") comes before it with no other button of the same sign between. One such button is tapped;
 * none is left to the rest of the interpreter; several are refused.
 */

const FORMS = [
  /^(?:the\s+)?(\+|-|−|plus|minus)(?:\s+(?:button|sign|icon))?\s+(?:on|for|of|next to|beside|by|in the row of)\s+(?:the\s+)?(.+?)(?:\s+(?:line|row|item))?$/i,
  /^(?:the\s+)?(.+?)['’]s\s+(\+|-|−|plus|minus)(?:\s+(?:button|sign|icon))?$/i,
];
const PLUS = /(?:^|\s)(?:\+|plus|increase|increment|more|add one)(?:\s|$)/;
const MINUS = /(?:^|\s)(?:-|−|minus|decrease|decrement|fewer|less|remove one)(?:\s|$)/;
export const FILLER =
  /\b(?:\+|-|−|plus|minus|increase|increment|decrease|decrement|more|fewer|less|add|remove|one|the|of|a|quantity|qty|button)\b/g;

interface Index {
  elements: TreeElement[];
  candidates: TreeElement[];
}
type Found = { found: true; element: TreeElement; method: 'label' } | { found: false; ambiguous: true; reason: string };

/** A stepper button's words: its label as written ("+", "−") or normalized, and its id's words. */
function words(e: TreeElement): string[] {
  const raw = (e.node.text ?? '').trim();
  return [/^[+\-−]$/.test(raw) ? raw : normalizeText(raw), e.node.id ? normalizeText(humanizeId(e.node.id)) : ''];
}

/** Whether a button is a stepper's plus (`up`) or minus (`down`), by its label or id; null for any other element. */
export const signOf = (e: TreeElement): 'up' | 'down' | null => {
  if (e.node.role !== 'button') return null;
  const w = words(e);
  const up = w.some((n) => PLUS.test(n));
  const down = w.some((n) => MINUS.test(n));
  return up === down ? null : up ? 'up' : 'down';
};

export const lineName = (t: string) => normalizeText(t.replace(/^\s*\d{1,3}\s*(?:×|x)\s+/i, ''));

export function readRowStepper(text: string): { up: boolean; name: string } | null {
  for (const [i, re] of FORMS.entries()) {
    const m = re.exec(text.trim());
    if (!m) continue;
    const sign = (i === 0 ? m[1] : m[2])!;
    const name = (i === 0 ? m[2] : m[1])!;
    if (normalizeText(name) === '') return null;
    return { up: /^(?:\+|plus)$/i.test(sign), name };
  }
  return null;
}

/** The one stepper button of the named line, as `readRowStepper` reads the wording; null when the wording is another. */
export function rowStepper(index: Index, text: string): Found | null {
  const asked = readRowStepper(text);
  if (!asked) return null;
  const want = normalizeText(asked.name);
  const sign = asked.up ? 'up' : 'down';
  const hits = index.candidates.filter((b) => {
    if (signOf(b) !== sign) return false;
    if (
      normalizeText(b.node.text ?? '')
        .replace(FILLER, ' ')
        .replace(/\s+/g, ' ')
        .trim() === want
    )
      return true;
    // The line's title before the button, with no other button of this sign between.
    const at = index.elements.indexOf(b);
    for (let i = at - 1; i >= 0 && at - i <= 8; i--) {
      const e = index.elements[i]!;
      if (e.parent !== b.parent) continue;
      if (signOf(e) === sign) return false;
      if (e.node.role !== 'button' && lineName(e.node.text ?? '') === want) return true;
    }
    return false;
  });
  if (hits.length === 1) return { found: true, element: hits[0]!, method: 'label' };
  if (hits.length === 0) return null;
  return {
    found: false,
    ambiguous: true,
    reason: `${hits.length} ${asked.up ? '+' : '−'} buttons belong to "${asked.name}" on this screen; say which one`,
  };
}
