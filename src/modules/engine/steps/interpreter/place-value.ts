import { startsWithVerb } from './lexicon';
import { unquote } from './step-text';

/**
 * "Search tab: noodles, tap Search", "Profile screen: Name Kim Lee": a place named with its kind and a
 * colon, then a bare value (no verb) for the field there. The value is read as "enter <value>" on that
 * screen (the one field, or the field whose label starts it); what follows it after a comma is a clause
 * of its own. A rest that starts with a verb is read as it is.
 */
export function placeWithValue(s: string): { name: string; reachable: boolean; rest: string; tab?: boolean } | null {
  const m = /^("[^"]+"|\p{Lu}[^,":;]{0,30}?)\s+(tab|screen|page)\s*:\s+(.+)$/u.exec(s);
  if (!m) return null;
  const name = unquote(m[1]!.trim());
  if (name.split(/\s+/).length > 3) return null;
  const rest = m[3]!.trim();
  const reachable = m[2]!.toLowerCase() === 'tab';
  // "Search tab: …": the tab-bar item of that name, scrolled to when the bar is below the content.
  const tab = reachable ? { tab: true } : {};
  if (startsWithVerb(rest)) return { name, reachable, rest, ...tab };
  const v = /^("[^"]*"|[^,;"]+?)(?:\s*[,;]\s*(?:and\s+)?(?:then\s+)?(\S.*))?$/.exec(rest);
  if (!v) return null;
  // "Search tab: noodles and pizza are listed": a claim, not a value.
  if (/\b(?:is|are|shows?|shown|displayed|visible|listed|appears?)\b/i.test(v[1]!)) return null;
  return { name, reachable, rest: `enter ${v[1]!.trim()}${v[2] ? `, then ${v[2]}` : ''}`, ...tab };
}
