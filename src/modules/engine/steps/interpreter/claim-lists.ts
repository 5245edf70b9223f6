import type { Check } from './intent';
import { splitOutsideQuotes } from './step-text';

/**
 * Claims listed with commas: `Ticket screen: Northern Lights, status Confirmed` (that screen, then each part on
 * it) and, when the whole reads as nothing else, `Only Paper Moons shown, caption "Showing: Comedy"` or
 * `Mia Torres, mia@reelhouse.test, "Home cinema: Reelhouse Camden"` (each part a claim of its own, all to hold).
 * Every part must be read as a check, else nothing is. A list that starts with a word that speaks of the whole
 * ("No A, B", "Neither …", "All A, B") is never split: its parts alone would say something else.
 */

type Read = (part: string) => Check | null;

/**
 * Splits on commas outside straight quotes ("Home cinema: Reelhouse Camden" keeps its colon); null when
 * unpaired. The last part's "and" and a part's leading "with" ("…, with Jo Park shown") join, not claim.
 */
function parts(s: string): string[] | null {
  const out = splitOutsideQuotes(s);
  if (out) out[out.length - 1] = out.at(-1)!.replace(/^and\s+/i, '');
  return out?.map((p, i) => (i > 0 ? p.replace(/^(?:and )?with\s+(?=\S)/i, '') : p)) ?? null;
}

const WHOLE = /^(?:no|not|none|neither|nor|all|each|every|both|either|without|never)\b/i;

function readAll(list: string[], read: Read): Check[] | null {
  const checks: Check[] = [];
  for (const p of list) {
    if (p === '') return null;
    const c = read(p);
    if (!c) return null;
    checks.push(c);
  }
  return checks;
}

/** "Ticket screen: Northern Lights, status Confirmed": that screen, and each part read on it. */
export function screenColonList(s: string, read: Read): Check | null {
  const m = /^(?:the )?([^":,]{1,40}?) (?:screen|page): (.+)$/i.exec(s);
  if (!m || /\b(?:is|are|was|shows?|with)\b/i.test(m[1]!)) return null;
  const list = parts(m[2]!);
  const checks = list ? readAll(list, read) : null;
  return checks ? { kind: 'all', checks: [{ kind: 'screen', name: m[1]!, negated: false }, ...checks] } : null;
}

/** A list of claims, each read alone, when the whole reads as nothing else. */
export function commaClaims(s: string, read: Read): Check | null {
  if (WHOLE.test(s.trim())) return null;
  const list = parts(s);
  if (!list || list.length < 2) return null;
  const checks = readAll(list, read);
  return checks ? { kind: 'all', checks } : null;
}
