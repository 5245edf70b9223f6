/**
 * Depth checks for untrusted JSON, without recursion: a document nested 100,000 deep must be a
 * clear refusal, never a RangeError in whatever walks it next (JSON.stringify, a validator, the
 * database driver). Both run in time linear in the input.
 */

/** JSON nesting any request body may have (arrays and objects). */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether JSON text nests arrays and objects deeper than `max`, read as characters (strings and
 * their escapes skipped) before the text is parsed. Malformed text is left to the parser.
 */
export function jsonTextDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * Whether a parsed value nests arrays and objects deeper than `max` (a scalar is depth 0, `{}`
 * and `[]` are 1). Walks with an explicit stack, so no input can exhaust the call stack.
 */
export function valueDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > max) return true;
    const children = Array.isArray(v) ? v : Object.values(v);
    for (const child of children) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}
