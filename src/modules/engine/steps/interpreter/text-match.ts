/**
 * Tolerant text comparison shared by the interpreter's target finder and replay's selector
 * matching: case, whitespace and punctuation are ignored, then a few edits are allowed.
 */

/** Lower case, straight quotes, punctuation and runs of whitespace folded to one space. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u201c\u201d`"']/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A label's head: the part before the details it adds after " · " ("View basket · 2 items · €15.50" → "View basket"). */
export const labelHead = (label: string): string => label.split(/\s+·\s+/)[0]!;

/** The parts a row's line joins with " · ", " • " or " | " ("Today · Personal · High priority"), each trimmed. */
export const lineParts = (line: string): string[] => line.split(/\s+[·•|]\s+/).map((p) => p.trim());

/**
 * Edits allowed between a wanted text and a candidate, relative to the wanted text's length:
 * none below 4 characters, one below 8, two below 15, three from there on.
 */
export function maxEditsFor(length: number): number {
  if (length < 4) return 0;
  if (length < 8) return 1;
  if (length < 15) return 2;
  return 3;
}

/**
 * Optimal-string-alignment distance (Damerau-Levenshtein with adjacent transpositions), or
 * `limit + 1` as soon as the distance is known to exceed `limit`.
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  const s = Array.from(a);
  const t = Array.from(b);
  if (Math.abs(s.length - t.length) > limit) return limit + 1;
  let beforePrev: number[] = [];
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d = Math.min(d, beforePrev[j - 2]! + 1);
      cur.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > limit) return limit + 1;
    beforePrev = prev;
    prev = cur;
  }
  return prev[t.length]!;
}

function digitsOf(text: string): string {
  return (text.match(/\d+/g) ?? []).join(' ');
}

/**
 * Edit distance between two texts after normalisation when it is within the tolerance of
 * `wanted`, else null. Numbers must agree exactly: "Item 3" never matches "Item 8".
 */
export function tolerantDistance(wanted: string, candidate: string): number | null {
  const w = normalizeText(wanted);
  const c = normalizeText(candidate);
  if (w === '' || c === '') return null;
  if (digitsOf(w) !== digitsOf(c)) return null;
  const limit = maxEditsFor(Array.from(w).length);
  const d = editDistance(w, c, limit);
  return d <= limit ? d : null;
}

/** Splits an identifier into words: `feedback-message`, `feedback_message`, `feedbackMessage`, `pkg:id/feedback_message`. */
export function humanizeId(id: string): string {
  const tail = id.includes(':id/') ? id.slice(id.indexOf(':id/') + 4) : id;
  return tail
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_.]+/g, ' ')
    .trim();
}

/**
 * The signs before the amounts of a text, in order ("−" for any dash after a space or a separator):
 * `normalizeText` drops them, yet "−£300.00" is not "+£300.00".
 */
export function amountSigns(text: string): string {
  return [...text.matchAll(/(?:^|[\s·(|,])([+\-−–])\s?\p{Sc}?\s?\d/gu)].map((m) => (m[1] === '+' ? '+' : '−')).join('');
}
