/**
 * Depth checks for untrusted JSON, without recursion: a document nested 100,000 deep must be a
 * clear refusal, never a RangeError in whatever walks it next (JSON.stringify, a validator, the
 * database driver). Both run in time linear in the input.
 */

/** JSON nesting any request body may have (arrays and objects). */
export const MAX_JSON_DEPTH = 64;
/**
 * Values any request body may hold. The largest bodies the API takes (a recording of 5000
 * actions, a case with 500 steps) hold tens of thousands; 5 MB of `1,1,1,…` would be 2.5 million,
 * each one a parsed, validated and stored object on the event loop.
 */
export const MAX_JSON_VALUES = 200_000;

/**
 * The first cap JSON text breaks, read as characters (strings and their escapes skipped) before
 * the text is parsed: nesting of arrays and objects past `maxDepth`, or more than `maxValues`
 * values (counted by their separators and openings). Malformed text is left to the parser.
 */
export function jsonTextOverLimits(
  text: string,
  { maxDepth, maxValues }: { maxDepth: number; maxValues: number },
): 'depth' | 'values' | null {
  let depth = 0;
  let values = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return 'depth';
      if (++values > maxValues) return 'values';
    } else if (c === 0x5d || c === 0x7d) depth--;
    else if (c === 0x2c && ++values > maxValues) return 'values';
  }
  return null;
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
