import type { Check, RoleHint } from './intent';

/**
 * The names listed beside quoted texts after a verb that says what is shown: `should show Oak Books, Wed 28 Oct,
 * "2 × Atlas" and €26.98`. The quoted texts are read as quoted; the others must each be shown too (as the phrase
 * forms read a name and its value), so no part of the list is dropped. `undefined`: nothing is listed beside the
 * quotes; `null`: a part is no value (a statement, an article), and the claim is not read.
 */

const SAYS = /\b(?:shows?|displays?|lists|says|reads|includes|contains)\s+(?=.*")(.+)$/i;
const NOT_A_VALUE =
  /^(?:a|an|the|this|that|its|their|his|her|my|your|some|no|not)\b|\b(?:is|are|was|were|be|been|should|must|will|can|with|without|button|link|icon|arrow|field|switch|message|dialog)\b/i;

export function listedBesideQuotes(s: string): Check[] | null | undefined {
  const m = SAYS.exec(s);
  if (!m) return undefined;
  const quoted: string[] = [];
  const masked = m[1]!.replace(/"[^"]*"/g, (q) => `\u0000${quoted.push(q) - 1}\u0000`);
  // Remarks in brackets beside the quotes are read by the row forms, not here.
  if (/["()]/.test(masked)) return undefined;
  const parts = masked
    .split(/\s*[,;]\s*(?:and\s+)?|\s+and\s+/i)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const bare = parts.filter((p) => !/^\u0000\d+\u0000$/.test(p));
  if (bare.length === 0 || parts.length < 2) return undefined;
  const checks: Check[] = [];
  for (const part of bare) {
    // ""A" with "B"": quoted texts joined by a word, read as quoted.
    if (/^\u0000\d+\u0000(?:\s+(?:with|then|above|below|beside|under)\s+\u0000\d+\u0000)+$/.test(part)) continue;
    // "a Change address button": that control, by its kind.
    const control = /^(?:a |an |the )?(\p{Lu}[^\u0000]{0,40}?) (button|link|tab|switch|field)$/u.exec(part);
    if (control) {
      checks.push({ kind: 'visible', target: { text: control[1]!, role: control[2] as RoleHint }, negated: false });
      continue;
    }
    if (part.includes('\u0000') || NOT_A_VALUE.test(part) || part.split(/\s+/).length > 6) return null;
    if (!/^(?:[£$€¥₹]?\d|\p{Lu})/u.test(part)) return null;
    checks.push({ kind: 'phrase', text: part });
  }
  return checks;
}

/**
 * "should say Delivered", "should show Oak Books and Wed 28 Oct": a claim with no subject that names what the
 * screen shows without quotes; each name must be shown (a text, or a label and its value). Null when a part is
 * no value.
 */
export function bareSays(s: string): Check | null {
  // "should be "Order FK-19455"": what it is, as the screen writes it.
  const be = /^(?:it |this )?(?:should|must|will) be "([^"]+)"$/i.exec(s.trim());
  if (be) return { kind: 'visible', target: { text: be[1]! }, negated: false, exact: true };
  const m = /^(?:it |this |the screen |the page )?(?:should|must|will|does) (?:say|show|display|read) ([^"]+)$/i.exec(
    s.trim(),
  );
  if (!m) return null;
  const parts = m[1]!
    .split(/\s*[,;]\s*(?:and\s+)?|\s+and\s+/i)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0) return null;
  for (const part of parts)
    if (NOT_A_VALUE.test(part) || part.split(/\s+/).length > 6 || !/^(?:[£$€¥₹]?\d|\p{Lu})/u.test(part)) return null;
  const checks: Check[] = parts.map((text) => ({ kind: 'phrase', text }));
  return checks.length === 1 ? checks[0]! : { kind: 'all', checks };
}

/**
 * "Crust offers Classic and Thin, with "Crust: Classic" chosen", "Tip your rider has No tip, £1, £2, £3": a heading
 * the screen shows, then the options under it, each shown (and the text quoted after "with", as written). Read only
 * when the heading is a text on this screen (`names`).
 */
export function optionsUnder(s: string, names: string[]): Check | null {
  if (/[;()]/.test(s.replace(/"[^"]*"/g, ''))) return null;
  const m =
    /^(?:the )?([^"]{2,40}?) (?:offers|has|gives) ([^"]+?)(?:,? with "([^"]+)" (?:chosen|selected|shown|picked))?$/i.exec(
      s.trim(),
    );
  if (!m || !names.some((n) => n.toLowerCase() === m[1]!.toLowerCase())) return null;
  const options = m[2]!
    .split(/\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+/i)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  // Options are named as shown ("No tip" is a button's name): only a statement is no option.
  const statement = /\b(?:is|are|was|were|be|should|must|will|can|with|without|shown|listed|visible)\b/i;
  if (options.length < 2 || options.some((o) => o.split(/\s+/).length > 4 || statement.test(o))) return null;
  // Each option under that heading (after it on screen), as "X offers A and B" reads it.
  const checks: Check[] = options.map(
    (text): Check => ({
      kind: 'visible',
      target: { text, within: m[1]! },
      negated: false,
    }),
  );
  if (m[3]) checks.push({ kind: 'visible', target: { text: m[3] }, negated: false, exact: true });
  return { kind: 'all', checks };
}
