import type { Check } from './intent';
import { splitOutsideQuotes } from './step-text';
import { labelStarting } from './labelled-values';
import { startsWithVerb } from './lexicon';

/**
 * A name followed by a quoted text, without a verb: `Tickets "1 × Adult"`, `Northern Lights "Drama · 12A"`,
 * `Dialog "Cancel this booking?"`, and lists of them, quoted or not: `When "Fri 27 Nov · 17:40", Seats C4, C5`,
 * `Reference RH-47102, When "Sun 15 Nov · 11:00"`. A name with a quoted text is read as "X is "…"": the value
 * beside or below the label, or the row's second line; a dialog's word names the open dialog and its text.
 * Each name must be on screen (a label, a row's title); an unquoted part must start with one (its value may keep
 * commas: "Seats C4, C5"). A name the screen does not show leaves the form to others.
 */

/** Words that make a name a statement rather than a label: "Status is "Open"", "No "Saved" message". */
const STATEMENT =
  /^(?:no|not|never|only|all|each|every|both|neither|either|and|or|with|without|if|when\s+(?:i|we|you|the)\b)\b|\b(?:is|are|was|were|be|been|should|must|shows?|reads?|says?|displays?|appears?|contains?|mentions?|has|have|becomes?|stays?|remains?|turns?|gets?|changes?|shown|visible|displayed|listed|present|gone|still|after|before|then)\b/i;

const DIALOG = /^(?:the )?(?:dialog|popup|pop-up|alert|prompt)$/i;

const lower = (s: string) => s.toLowerCase();

type Pair = { label: string; value: string; quoted: boolean };

/** A name, then a quoted text; the name must be on screen (a label, a row's title) or name a dialog. */
function quotedPair(piece: string, names: string[]): Pair | null {
  const m = /^([^"]+?):? "([^"]+)"$/i.exec(piece);
  if (!m) return null;
  // "The Quiet Harbour" is a name with its article; "the Total" a label with one.
  const said = m[1]!.trim();
  const shown = (t: string) => names.some((n) => lower(n) === lower(t));
  const label = shown(said) ? said : said.replace(/^the\s+/i, '');
  if (label.split(' ').length > 5 || STATEMENT.test(label) || startsWithVerb(label)) return null;
  if (!DIALOG.test(label) && !shown(label)) return null;
  return { label, value: m[2]!.trim(), quoted: true };
}

export function quotedValues(clause: string, names: string[]): Check | null {
  if (!clause.includes('"')) return null;
  const pieces = splitOutsideQuotes(clause.trim());
  if (!pieces) return null;
  const pairs: Pair[] = [];
  for (const piece of pieces) {
    if (piece === '') return null;
    const quoted = quotedPair(piece, names);
    if (quoted) {
      pairs.push(quoted);
      continue;
    }
    if (piece.includes('"')) return null;
    const label = labelStarting(piece, names);
    if (label) {
      const value = piece.slice(label.length).trim();
      if (STATEMENT.test(value)) return null;
      pairs.push({ label, value, quoted: false });
      continue;
    }
    // A piece that starts no label belongs to the unquoted value before it ("Seats C4, C5").
    const last = pairs.at(-1);
    if (!last || last.quoted || STATEMENT.test(piece)) return null;
    last.value = `${last.value}, ${piece}`;
  }
  if (!pairs.some((p) => p.quoted)) return null;
  const checks = pairs.map(({ label, value }): Check => {
    if (DIALOG.test(label)) return { kind: 'shows', subject: `dialog "${value}"`, values: [] };
    return { kind: 'value', label: { text: label }, value };
  });
  return checks.length === 1 ? checks[0]! : { kind: 'all', checks };
}
