import { LIST_SEPARATOR } from './step-text';
import type { Check } from './intent';
import { butNotScreen, noScreenCheck, notOpenedCheck, staysOnCheck, thenStillOn } from './stay-checks';
import { contextClaim } from './context-claims';
import { countedRows, dashedRowLine, placeColonRow, placedRowWithLine } from './list-claims';

/**
 * Checks as QA writers state them, read before the general check grammar: which screen stays or did not open,
 * a dialog by its title and texts with its buttons, a header's texts, a wording used instead of another, the
 * buttons a screen offers, and a trailing remark in parentheses that only comments on the claim.
 */

type Read = (s: string) => Check | null;

const shown = (text: string, role?: 'button'): Check => ({
  kind: 'visible',
  target: role ? { text, role } : { text },
  negated: false,
});

/** Names in a list: "A, B and C", "A and B" (quoted names keep their commas). */
function names(list: string): string[] | null {
  const quoted = [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
  const rest = list
    .replace(/"[^"]+"/g, '')
    .replace(/,|\band\b|\bthen\b|\//g, '')
    .trim();
  if (quoted.length > 0) return rest === '' ? quoted : null;
  const parts = list
    .split(LIST_SEPARATOR)
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.every((p) => /^[\p{L}\d][^"]{0,40}$/u.test(p) && p.split(' ').length <= 5) ? parts : null;
}

/**
 * "Dialog title should be "Shop is closed"", "Dialog "Sign out?" / "Your basket will be kept." with Cancel and
 * Sign out", "Dialog "Delete list?" with "This cannot be undone."": a dialog is open, shows each text, and (when
 * named) has exactly those buttons.
 */
export function dialogClaim(s: string): Check | null {
  const title =
    /^(?:the )?(?:dialog|popup|pop-up|alert)(?:'s)? title (?:is|reads|says|should be|should read|must be|will be) "([^"]+)"$/i.exec(
      s,
    );
  if (title) return { kind: 'shows', subject: `dialog "${title[1]!}"`, values: [] };
  const m =
    /^(?:the )?(?:a )?(?:dialog|popup|pop-up|alert|prompt) "([^"]+)"((?:\s*(?:\/|,|with|and|says|reads|saying)\s*"[^"]+")*)(?:,? with (?:the )?(?:buttons? )?([^"]+?)(?: buttons?)?)?$/i.exec(
      s,
    );
  if (!m || (!m[2] && !m[3])) return null;
  const texts = [...(m[2] ?? '').matchAll(/"([^"]+)"/g)].map((q) => q[1]!);
  const checks: Check[] = [{ kind: 'shows', subject: `dialog "${m[1]!}"`, values: texts }];
  if (m[3]) {
    const buttons = names(m[3]);
    if (!buttons || buttons.length < 1) return null;
    checks.push({ kind: 'dialog_buttons', names: buttons });
  }
  return checks.length === 1 ? checks[0]! : { kind: 'all', checks };
}

/** "Header: "A" and "B"", "The header shows Kim Lee and Physiotherapy": each text is shown (two or more). */
export function headerClaim(s: string): Check | null {
  const m = /^(?:the )?(?:screen |page )?header(?::| shows| reads| says| displays| has| lists)\s+(.+)$/i.exec(s);
  // "The header shows "A" and "B"" (quoted, with a verb) is read as what a part of the screen shows.
  if (!m || (!/^(?:the )?header:/i.test(s) && m[1]!.replace(/"[^"]*"|,|\band\b/g, '').trim() === '')) return null;
  const parts = names(m[1]!);
  if (!parts || parts.length < 2) return null;
  return { kind: 'all', checks: parts.map((p) => shown(p)) };
}

/** "Screen title and name are "Margherita"": the screen's title and its heading both read so. */
export function titleAndNameClaim(s: string): Check | null {
  const m =
    /^(?:the )?(?:screen |page )?title and (?:the )?(?:screen's |page's )?(?:name|heading) (?:are|both read|read|are both) "([^"]+)"$/i.exec(
      s,
    );
  return m
    ? {
        kind: 'all',
        checks: [
          { kind: 'title', value: m[1]! },
          { kind: 'heading', value: m[1]! },
        ],
      }
    : null;
}

/** "The error shown is "Choose a day"", "The message reads "Saved"": that text is shown as a message. */
export function messageIsClaim(s: string): Check | null {
  const m =
    /^(?:the )?(error|error message|warning|notice|validation message)(?: (?:shown|displayed|on (?:the )?screen))? (?:is|reads|says) "([^"]+)"$/i.exec(
      s,
    );
  return m ? { kind: 'message', text: m[2]!, negated: false } : null;
}

/** "Singular "1 item" is used (not "1 items")", ""Sign in" is used, not "Log in"": one wording, not the other. */
export function wordingClaim(s: string): Check | null {
  const m =
    /^(?:the )?(?:(?:singular|plural|wording|word|spelling|label|text)(?: form)? )?"([^"]+)" is (?:used|written|shown)(?:,? \(?not "([^"]+)"\)?)?$/i.exec(
      s,
    );
  if (!m) return null;
  if (!m[2]) return shown(m[1]!);
  // The wording as written, never within a few edits of it: "1 items" does not stand for "1 item".
  return {
    kind: 'all',
    checks: [
      { kind: 'order', values: [m[1]!] },
      { kind: 'visible', target: { text: m[2] }, negated: true, exact: true },
    ],
  };
}

/** "Reschedule and Cancel booking buttons present", "Buttons Edit, Share and Delete": each one, as a button. */
export function buttonsClaim(s: string): Check | null {
  // "No Reschedule / Cancel booking buttons", "No Edit or Delete button": none of them, as a button.
  const none = /^no ([^"]+?) buttons?$/i.exec(s);
  if (none) {
    const list = none[1]!.split(/\s*\/\s*|,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+/i).map((p) => p.trim());
    if (list.some((p) => !/^[\p{L}\d][^"]{0,40}$/u.test(p) || /\b(?:is|are)\b/i.test(p))) return null;
    return {
      kind: 'all',
      checks: list.map((text) => ({ kind: 'visible', target: { text, role: 'button' }, negated: true })),
    };
  }
  const m =
    /^(?:the )?([^"]+?|(?:"[^"]+"(?:,\s*|,?\s+and\s+)?)+) buttons (?:are )?(?:still )?(?:present|shown|visible|available|displayed|there|offered)$/i.exec(
      s,
    ) ?? /^buttons:? ((?:[^"]+?|(?:"[^"]+"(?:,\s*|,?\s+and\s+)?)+))$/i.exec(s);
  if (!m || /\b(?:are|is|shows?|reads?)\b/i.test(m[1]!.replace(/"[^"]*"/g, ''))) return null;
  const list = names(m[1]!);
  if (!list || list.length < 2) return null;
  return { kind: 'all', checks: list.map((n) => shown(n, 'button')) };
}

/**
 * "Order FK-20177 still has the Rate order button", "Basket no longer has the Checkout button": a screen by its title
 * and a button on it (or none). Said of a screen that is not the one showing, the claim is not this screen's to judge.
 */
export function screenButtonClaim(s: string): Check | null {
  const m =
    /^(?:the )?(\p{Lu}[^"]{0,40}?) (?:still |now )?(has|shows|offers|no longer has|does not have|doesn't have) (?:the |a |an )?("[^"]+"|[^"]+?) button$/iu.exec(
      s,
    );
  if (!m || /\b(?:is|are|and|or|screen|page|dialog|list|row|section)\b/i.test(m[1]!)) return null;
  const negated = /\b(?:no longer|not)\b|n't/i.test(m[2]!);
  const text = m[3]!.replace(/^"([^"]+)"$/, '$1');
  return { kind: 'seen_on', screen: m[1]!, check: { kind: 'visible', target: { text, role: 'button' }, negated } };
}

/**
 * "The error shown is "Choose a day" (checked before the time)": a trailing remark in parentheses that holds no
 * quote, number or amount only comments on the claim, which is read without it.
 */
export function withRemark(s: string, read: Read): Check | null {
  const m = /^(.+?)\s+\(([\p{L} ,'-]+)\)$/u.exec(s);
  if (!m || m[2]!.trim().split(/\s+/).length < 3 || /^(?:not|no|without|and|or|but)\b/i.test(m[2]!.trim())) return null;
  return read(m[1]!);
}

/** "The Loan screen opens for Jo Park, Central Library": that screen, and each text named on it. */
export function screenOpensFor(s: string): Check | null {
  const m = /^(?:[Tt]he )?(\p{Lu}[^",;]*?) (?:screen|page) (?:opens|is shown|is open|appears) for ([^"]+)$/u.exec(s);
  if (!m) return null;
  const parts = names(m[2]!);
  if (!parts) return null;
  return { kind: 'all', checks: [{ kind: 'screen', name: m[1]!, negated: false }, ...parts.map((p) => shown(p))] };
}

/**
 * "The basket still shows "2 × Garlic Bread" £9.00": the place said (the screen by its title, a dialog or a thing
 * shown), and the quoted line with the amount beside it.
 */
export function placeShowsPricedLine(s: string, read: Read): Check | null {
  const m =
    /^((?:the )?\p{L}[\p{L} ]{0,24}?)\s+(?:still |now |again )?(?:shows?|lists?|has|have|contains?)\s+("[^"]+"\s+[-−]?(?:\p{Sc}\s?\d[\d.,]*|\d[\d.,]*\s?\p{Sc}))$/iu.exec(
      s.trim(),
    );
  const line = m ? read(m[2]!) : null;
  if (!line) return null;
  // The quoted line itself must show: an amount shown elsewhere answers nothing.
  const quoted = /^"([^"]+)"/.exec(m![2]!)![1]!;
  return {
    kind: 'all',
    checks: [
      { kind: 'shows', subject: m![1]!, values: [] },
      { kind: 'visible', target: { text: quoted }, negated: false, exact: true },
      line,
    ],
  };
}

/** The forms above, in order; null when none reads the text. */
export function screenStayCheck(s: string, read: Read): Check | null {
  return (
    notOpenedCheck(s) ??
    staysOnCheck(s) ??
    screenOpensFor(s) ??
    thenStillOn(s, read) ??
    noScreenCheck(s) ??
    dialogClaim(s) ??
    headerClaim(s) ??
    titleAndNameClaim(s) ??
    messageIsClaim(s) ??
    wordingClaim(s) ??
    buttonsClaim(s) ??
    screenButtonClaim(s) ??
    dashedRowLine(s) ??
    placedRowWithLine(s) ??
    placeColonRow(s) ??
    countedRows(s) ??
    placeShowsPricedLine(s, read) ??
    contextClaim(s, read) ??
    butNotScreen(s, read) ??
    withRemark(s, read)
  );
}
