import type { Check } from './intent';
import { parseCheck } from './parse-check';
import { unquote } from './step-text';

/**
 * Claims of what a step led to, as QA engineers state them:
 * - "Now showing opens", "Checkout has opened", "Settings does not open": the screen of that name shows (by its
 *   title, or a heading reading it), or does not. A dialog, menu, keyboard or the app is no screen: left to the others;
 * - "Velocity Run is the only film", "Dune is the only result in the list", "Only Dune is listed": the list on screen
 *   holds that one row;
 * - "Status has changed to "Paid"": the thing reads that text now; "Caption changes to "Showing: Drama"" (a word
 *   that only says what kind of text it is; "Caption reads "…"" too): that text, exactly, is on screen.
 * - "Continue enabled": the state said without "is" ("Continue is enabled").
 * Null when the claim is none of these.
 */

const NOT_A_SCREEN =
  /\b(?:dialog|alert|popup|pop-up|sheet|menu|keyboard|picker|modal|drawer|dropdown|calendar|app|application|browser|camera|link|it|this|that)\b/i;
const OPENS =
  /^(?:[Tt]he\s+)?("[^"]+"|\p{Lu}[^"]{0,40}?)(?:\s+(?:screen|page|view|tab))?\s+(opens|opens up|is opened|has opened|loads|has loaded|comes up|does not open|doesn['’]t open|is not opened|never opens)$/u;
const ONLY =
  /^(?:the\s+)?("[^"]+"|\p{Lu}[^"]{0,60}?)\s+is\s+(?:now\s+)?the\s+only\s+(\p{L}+)(?:\s+(?:shown|listed|left|found))?(?:\s+(?:in|on)\s+(?:the\s+)?(?:list|results|screen))?$/u;
/** "Only Luigi's Pizzeria is listed", "Only "Dune" remains": the same claim, "only" said first. */
const ONLY_FIRST =
  /^only\s+("[^"]+"|\p{Lu}[^"]{0,60}?)\s+(?:is|remains|stays)\s+(?:(listed|shown|displayed|left|visible)|in\s+the\s+(list|results))$/iu;
const CHANGES =
  /^(?:the\s+)?(\p{L}[\p{L} ]{0,30}?)\s+(?:changes|has changed|updates|has updated|switches) to\s+("[^"]+")$/iu;
const READS = /^(?:the\s+)?(\p{L}+)\s+(?:reads|says|shows|now reads)\s+("[^"]+")$/iu;
/** Words that say what kind of text a thing is, not which element: the quoted text shown answers, exactly. */
const KIND_OF_TEXT = /^(?:caption|subtitle|banner|hint|note|summary|text|message|line|counter)$/i;

export function outcomeClaim(s: string): Check | null {
  const opens = OPENS.exec(s.trim());
  if (opens && !NOT_A_SCREEN.test(unquote(opens[1]!)))
    return { kind: 'screen', name: unquote(opens[1]!), negated: /not|n['’]t|never/i.test(opens[2]!) };
  const only = ONLY.exec(s.trim()) ?? ONLY_FIRST.exec(s.trim());
  if (only && !/^(?:one|thing|option|way|choice)$/i.test(only[2] ?? ''))
    return {
      kind: 'all',
      checks: [
        { kind: 'list_rows', count: 1 },
        { kind: 'row_at', text: unquote(only[1]!), ordinal: 1 },
      ],
    };
  // "Continue enabled": the state said without "is".
  const state = /^(\p{Lu}\p{L}*(?: \p{L}+){0,3})\s+(?:now\s+)?(enabled|disabled)$/u.exec(s.trim());
  if (
    state &&
    !/\b(?:is|are|stays?|remains?|was|were|be|becomes?|gets?|turns?|goes|with|and|all|both)\b/i.test(state[1]!)
  )
    return parseCheck(`${state[1]} is ${state[2]}`);
  // "Caption reads "Showing: All"": a word of that kind is no element's name.
  const reads = READS.exec(s.trim());
  if (reads && /^(?:caption|subtitle|banner|hint|summary)$/i.test(reads[1]!))
    return { kind: 'visible', target: { text: unquote(reads[2]!) }, negated: false, exact: true };
  const changes = CHANGES.exec(s.trim());
  if (changes && KIND_OF_TEXT.test(changes[1]!))
    return { kind: 'visible', target: { text: unquote(changes[2]!) }, negated: false, exact: true };
  return changes ? parseCheck(`${changes[1]} reads ${changes[2]}`) : null;
}
