import { LIST_SEPARATOR } from './step-text';
import type { Check } from './intent';

/**
 * Short claims QA writers jot down as assertions, without the verb the check forms expect:
 * `Find showtimes button` / `Cancel booking button gone` (a control of that kind shown, or not),
 * `Error "Enter your email address" under Email` (a message just below that field), `Not signed in` /
 * `Still signed in`, and `Only Northern Lights and The Quiet Harbour are listed` / `List shows just Paper
 * Moons` (the list on screen holds exactly those rows), `Tab bar with Films, Search and Account at the bottom`, and
 * `Sign in screen is shown with "Reelhouse" and "Book seats…"` (that screen, each quoted text on it).
 */

/** Words that make a name a statement rather than a control's name. */
const STATEMENT =
  /^(?:no|not|only|all|each|every|both|neither|the (?:first|last|only))\b|\b(?:is|are|was|were|be|should|must|shows?|reads?|says?|has|have|becomes?|stays?|remains?|still|with|and|or|after|before)\b|["(),:]/i;

const GONE =
  /^(?:is |are )?(?:gone|hidden|missing|removed|not (?:shown|visible|there)|no longer (?:shown|visible|there))$/i;
const SHOWN = /^(?:is |are )?(?:shown|visible|displayed|present|there|offered|available)$/i;

/** "Find showtimes button", "Cancel booking button gone": that control shown, or not. */
function kindShown(s: string): Check | null {
  const m = /^(?:the |a |an )?(.+?) (button|link|tab)(?: (.+))?$/i.exec(s);
  if (!m || m[1]!.split(' ').length > 5 || STATEMENT.test(m[1]!)) return null;
  const rest = m[3];
  const negated = rest !== undefined && GONE.test(rest);
  if (rest !== undefined && !negated && !SHOWN.test(rest)) return null;
  const role = m[2]!.toLowerCase() as 'button' | 'link' | 'tab';
  return { kind: 'visible', target: { text: m[1]!, role, literal: `${m[1]!} ${m[2]!}` }, negated };
}

/** "Error "Enter your email address" under Email": the message just below that field. */
function messageUnder(s: string): Check | null {
  const m =
    /^(?:the )?(?:error|error message|message|hint|warning|validation message)?:? ?"([^"]+)" (?:is |are )?(?:shown |displayed )?(?:just |right |directly )?(?:under|below|beneath|underneath) (?:the )?([^"]+?)(?: field| input| box)?$/i.exec(
      s,
    );
  // "… under the form", "… below the title": a place, not a field; the other forms read those.
  const place =
    /^(?:form|screen|page|dialog|list|title|heading|header|button|section|card|summary|it|this|fields|inputs|boxes|them)$/i;
  if (!m || m[2]!.split(' ').length > 4 || STATEMENT.test(m[2]!) || place.test(m[2]!)) return null;
  return { kind: 'under_field', text: m[1]!, field: m[2]! };
}

/** "Not signed in", "Still signed in", "Signed out": the session as the screen offers it. */
function session(s: string): Check | null {
  const m = /^(?:still |now )?(not |no longer )?(?:signed|logged)[ -]?(in|out)$/i.exec(s);
  if (!m) return null;
  const out = m[2]!.toLowerCase() === 'out';
  return { kind: 'signed_in', signedIn: out === Boolean(m[1]) };
}

/**
 * "Only Northern Lights and The Quiet Harbour are listed", "List shows just Paper Moons": the list holds that many
 * rows, each one named. Names are split at commas and at "and" before a capital ("Pip and the Giant Kite" stays one).
 */
function onlyListed(s: string, names: string[]): Check | null {
  const m =
    /^only (.+?) (?:is|are) (?:listed|shown|displayed|left|visible|in the list)$/i.exec(s) ??
    /^only (.+?) (?:listed|shown)$/i.exec(s) ??
    /^(?:the )?(?:list|results?) (?:shows?|lists?|has|contains) (?:just|only) ([^"()]+)$/i.exec(s);
  // "List shows just Pip and the Giant Kite (Family · U)": the one row, and its second line.
  const lined =
    /^(?:the )?(?:list|results?) (?:shows?|lists?|has|contains) (?:just|only) ([^"()]+?) \(([^"()]+)\)$/i.exec(s);
  if (lined)
    return {
      kind: 'all',
      checks: [
        { kind: 'list_rows', count: 1 },
        { kind: 'row_line', row: { text: lined[1]!.trim() }, values: [lined[2]!.trim()], match: 'equals' },
      ],
    };
  if (!m) return null;
  const said = m[1]!.trim();
  const whole = names.some((n) => n.toLowerCase() === said.toLowerCase());
  const values = whole ? [said] : said.split(/,\s*(?:and\s+)?|\s+and\s+(?=[\p{Lu}\d])/u).map((v) => v.trim());
  if (values.some((v) => v === '' || !/^[\p{Lu}\d]/u.test(v) || /\b(?:is|are|was|were)\b|"/i.test(v))) return null;
  return {
    kind: 'all',
    checks: [
      { kind: 'list_rows', count: values.length },
      ...values.map((text): Check => ({ kind: 'visible', target: { text, role: 'item' }, negated: false })),
    ],
  };
}

/**
 * "Tab bar with Films, Search, My tickets and Account (at the bottom)", "The tab bar shows Home, Search, Orders and
 * Account": the tab bar, and a tab of each name.
 */
function tabBarWith(s: string): Check | null {
  const m =
    /^(?:a |the )?(?:tab ?bar|bottom (?:tab ?bar|navigation|nav bar)) (?:is )?(?:shown |visible )?(?:with|showing|holding|shows|has|lists|contains|offers) (?:the )?(?:tabs )?([^"]+?)(?: tabs)?(?: at the bottom)?$/i.exec(
      s,
    );
  if (!m) return null;
  const names = m[1]!.split(LIST_SEPARATOR).map((v) => v.trim());
  if (names.length < 2 || names.some((n) => n === '' || n.split(' ').length > 3 || STATEMENT.test(n))) return null;
  return {
    kind: 'all',
    // The tabs first: a tab bar below the content is scrolled to by the first tab not on screen.
    checks: [
      ...names.map((text): Check => ({ kind: 'visible', target: { text, role: 'tab' }, negated: false })),
      { kind: 'tab_bar', shown: true },
    ],
  };
}

/** "Sign in screen is shown with "Reelhouse" and "Book seats…"": that screen, and each quoted text on it. */
function screenWithTexts(s: string): Check | null {
  const m =
    /^(?:the )?([^"]+?) (?:screen|page) (?:is )?(?:shown|displayed|open|opens|appears) (?:with|showing) ((?:"[^"]+"(?:,\s*|\s+and\s+|,\s+and\s+)?)+)$/i.exec(
      s,
    );
  if (!m || STATEMENT.test(m[1]!)) return null;
  const texts = [...m[2]!.matchAll(/"([^"]+)"/g)].map((q) => q[1]!);
  return {
    kind: 'all',
    checks: [
      { kind: 'screen', name: m[1]!, negated: false },
      ...texts.map((text): Check => ({ kind: 'visible', target: { text }, negated: false })),
    ],
  };
}

export function shortClaim(s: string, names: string[]): Check | null {
  return kindShown(s) ?? messageUnder(s) ?? session(s) ?? onlyListed(s, names) ?? tabBarWith(s) ?? screenWithTexts(s);
}
