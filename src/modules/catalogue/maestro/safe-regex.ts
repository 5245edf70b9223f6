/** The longest text selector simdeck compiles as a regular expression. */
export const MAX_PATTERN_LENGTH = 500;

/**
 * Why a text or id selector cannot be used as a regular expression safely, or null. Maestro reads
 * them as regular expressions run against every element of the screen; JavaScript's engine
 * backtracks, so a pattern that repeats a group which itself repeats (`(a+)+`) or refers back to a
 * group could take exponential time on the event loop. Those are refused, as are very long ones.
 */
export function unsafeRegexReason(pattern: string): string | null {
  if (pattern.length > MAX_PATTERN_LENGTH) return `a selector is longer than ${MAX_PATTERN_LENGTH} characters`;
  if (/\\[1-9]|\\k</.test(pattern)) return 'back-references in selectors are not supported';
  // A group containing a quantifier, itself quantified: (a+)+, (a|aa)*, (x{2,})+ ...
  const stack: boolean[] = [];
  let quantifiedInside = false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end === -1) break;
      i = end;
      continue;
    }
    if (ch === '(') {
      stack.push(quantifiedInside);
      quantifiedInside = false;
    } else if (ch === ')') {
      const inner: boolean =
        quantifiedInside || pattern.slice(0, i).lastIndexOf('|') > pattern.slice(0, i).lastIndexOf('(');
      const next = pattern[i + 1];
      if (inner && (next === '*' || next === '+' || next === '{' || next === '?'))
        if (next !== '?') return 'a selector that repeats a repeating group (like (a+)+) is not supported';
      quantifiedInside = (stack.pop() ?? false) || inner;
    } else if (ch === '*' || ch === '+' || ch === '{') quantifiedInside = true;
  }
  return null;
}

/**
 * Maestro's text match: the whole string against the pattern, case-insensitively, or the pattern
 * equal to the text as written (so `Price: $5 (incl.)` matches itself). An unusable pattern is
 * compared as plain text.
 */
export function textMatcher(pattern: string): (text: string | null) => boolean {
  let re: RegExp | null = null;
  if (!unsafeRegexReason(pattern)) {
    try {
      re = new RegExp(`^(?:${pattern})$`, 'is');
    } catch {
      re = null;
    }
  }
  const lower = pattern.toLowerCase();
  return (text) => {
    if (text === null) return false;
    const t = text.replace(/\n/g, ' ');
    return t === pattern || t.toLowerCase() === lower || (re !== null && t.length <= 10_000 && re.test(t));
  };
}
