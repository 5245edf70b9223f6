import type { Check } from './intent';
import { unquote } from './step-text';

/**
 * "Choose a colour offers Red, Green and Blue", "Pick a size lists the options S, M, L": a heading and the
 * options under it, each on screen after that heading.
 */
export function offeredOptionsCheck(s: string): Check | null {
  const m = /^(?:the )?([^",]+?) (?:offers|lists the options|has the options|shows the options)(?: of)? (.+)$/i.exec(s);
  if (!m) return null;
  const heading = m[1]!.replace(/\s+(?:section|list|picker|part)$/i, '');
  const options = m[2]!
    .split(/,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+/i)
    .map((o) => unquote(o.trim()))
    .filter(Boolean);
  // "The menu offers two ways to pay": a description, not the options by name.
  if (options.length < 2 || options.some((o) => /\s(?:is|are)\s/i.test(o) || o.split(' ').length > 5)) return null;
  if (/^(?:it|this|that|the (?:screen|page|app))$/i.test(heading)) return null;
  return {
    kind: 'all',
    checks: options.map((text): Check => ({ kind: 'visible', target: { text, within: heading }, negated: false })),
  };
}
