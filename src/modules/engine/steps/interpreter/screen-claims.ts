import type { Check } from './intent';
import { unquote, LIST_SEPARATOR } from './step-text';

type Read = (part: string) => Check | null;

/**
 * Claims about the screen as a whole, as testers write them in short: the title with what sits beside it
 * ('Title "Order 12" and status "Shipped"', 'Title is "Oak Books" with a back arrow'), a screen with what it
 * holds ('Log in screen with Acme title and Log in button'), a screen skipped ('The app skips Log in and opens
 * straight on Home'), the screen a tap led to ('Tapping it opens the Oak Books menu', 'We land back on the
 * Oak Books menu'), a dialog's button ('The dialog has an OK button'), a value that becomes another
 * ('Status becomes "Shipped"').
 */
export function screenClaim(s: string, read: Read): Check | null {
  const t = s.trim().replace(/\.$/, '');
  return (
    titleWith(t, read) ??
    screenWith(t, read) ??
    skipped(t) ??
    ledTo(t) ??
    dialogButton(t) ??
    becomes(t, read) ??
    labelledText(t)
  );
}

const BACK = /^(?:a |the )?back (?:arrow|button)$/i;

/** 'Title "Order 12", status Shipped', 'Title is "Oak Books" with a back arrow'. */
function titleWith(s: string, read: Read): Check | null {
  const m = /^(?:the )?(?:screen )?title(?: is| reads| shows)? "([^"]+)"(?: with (.+?))?(?:(?:,| and) (.+))?$/i.exec(s);
  if (!m) return null;
  const checks: Check[] = [{ kind: 'title', value: m[1]! }];
  if (m[2]) {
    if (!BACK.test(m[2])) return null;
    checks.push({ kind: 'visible', target: { text: 'Back', role: 'button' }, negated: false });
  }
  if (m[3]) {
    // "status Shipped", "status "Preparing"": a one-word label and its value.
    const pair = /^(?:the )?([a-z]+) (?:is )?("[^"]+"|\p{Lu}[\p{L}\d ·-]*)$/iu.exec(m[3].trim());
    const rest = pair ? read(`${pair[1]} is ${pair[2]}`) : null;
    if (rest?.kind !== 'value') return null;
    checks.push(rest);
  }
  return checks.length === 1 ? checks[0]! : { kind: 'all', checks };
}

/** 'Log in screen with Acme title and Log in button': the screen, then each thing it is said to hold. */
function screenWith(s: string, read: Read): Check | null {
  const m = /^(?:[Tt]he )?(\p{Lu}[\p{L} ]*?) (?:screen|page) with (.+)$/u.exec(s);
  if (!m) return null;
  const parts = m[2]!.split(LIST_SEPARATOR).map((p) => p.trim().replace(/^(?:the|a|an) /i, ''));
  const checks: Check[] = [{ kind: 'screen', name: m[1]!, negated: false }];
  for (const part of parts) {
    const titled = /^("[^"]+"|\p{Lu}[\p{L} ]*?) (?:title|heading)$/u.exec(part);
    if (titled) {
      checks.push({ kind: 'visible', target: { text: unquote(titled[1]!) }, negated: false });
      continue;
    }
    const control = /^("[^"]+"|\p{Lu}[\p{L} ]*?) (?:button|link|field|switch)$/u.test(part)
      ? read(`${part} is shown`)
      : null;
    if (control?.kind !== 'visible') return null;
    checks.push(control);
  }
  return { kind: 'all', checks };
}

/** 'The app skips Log in and opens straight on Home': that screen, and not the one skipped. */
function skipped(s: string): Check | null {
  const m =
    /^(?:[Tt]he )?(?:[Aa]pp|[Aa]pplication|[Ii]t) skips (?:the )?(\p{Lu}[\p{L} ]*?)(?: screen| page)? and (?:opens|goes|lands) (?:straight |directly )?(?:on|to|at) (?:the )?(\p{Lu}[\p{L} ]*?)(?: screen| page)?$/u.exec(
      s,
    );
  if (!m) return null;
  return {
    kind: 'all',
    checks: [
      { kind: 'screen', name: m[2]!, negated: false },
      { kind: 'screen', name: m[1]!, negated: true },
    ],
  };
}

/**
 * 'Tapping it opens the Oak Books menu', 'We land back on the Oak Books menu': the screen of that title (a
 * menu, a list named after the screen). Only a name with a capital: 'we are back on the menu' names none.
 */
function ledTo(s: string): Check | null {
  const m =
    /^(?:[Tt]apping (?:it|this|that|the row|the result) (?:opens|shows|leads to)|(?:[Ww]e|I|[Yy]ou|[Tt]he user|[Uu]ser) (?:are |am |is )?(?:land |lands |landed |get |gets |come |comes |are taken |is taken )?(?:back )?(?:on|to|at)) (?:the )?(\p{Lu}[\p{L}'’. ]*?) (menu|list|screen|page)$/u.exec(
      s,
    );
  if (!m || /\b(?:is|are|and)\b/.test(m[1]!)) return null;
  return { kind: 'screen', name: m[1]!, negated: false };
}

/** 'The dialog has an OK button': a dialog is open and that button is on it. */
function dialogButton(s: string): Check | null {
  const m =
    /^(?:the )?(?:dialog|popup|pop-up|alert) (?:has|shows|offers) (?:an? |the )?("[^"]+"|\S+(?: \S+)?) button$/i.exec(
      s,
    );
  if (!m) return null;
  return { kind: 'dialog_buttons', names: [unquote(m[1]!)], include: true };
}

/** 'Status becomes "Shipped"': the value it ends at. */
function becomes(s: string, read: Read): Check | null {
  const m = /^(?:the )?([\p{L} ]+?) (?:becomes|became|turns into|changes to) ("[^"]+"|\p{Lu}\S*)$/iu.exec(s);
  if (!m) return null;
  const c = read(`${m[1]} is ${m[2]}`);
  return c && c.kind === 'value' ? c : null;
}

const VERBS =
  /^(?:tap|press|click|hit|push|select|choose|open|use|touch|long|double|find|scroll|swipe|go|see|check|verify)\b/i;

/** 'Edit details button' said alone as an assertion (as a step it is a tap): that button is shown. */
export function bareButtonShown(s: string, read: Read): Check | null {
  // "Rate order and Reorder buttons": each of them.
  const several = /^(?:[Tt]he )?(\p{Lu}.*?) (?:and|&) ("[^"]+"|\p{Lu}[\p{L} ]*?) buttons$/u.exec(s);
  if (several && !VERBS.test(several[1]!)) {
    const c = read(`${several[1]} and ${several[2]} buttons are shown`);
    return c && c.kind === 'all' && c.checks.every((p) => p.kind === 'visible' && !p.negated) ? c : null;
  }
  const m = /^(?:[Tt]he )?("[^"]+"|\p{Lu}[\p{L} ]*?) button$/u.exec(s);
  if (!m || VERBS.test(m[1]!)) return null;
  const c = read(`${m[1]} button is shown`);
  return c && c.kind === 'visible' && !c.negated ? c : null;
}

/** 'Size shows "Size: Large"': a text reading just that (the label written into the value). */
function labelledText(s: string): Check | null {
  const m = /^(?:the )?([\p{L} ]+?) (?:shows|reads|says) "([^"]+)"$/iu.exec(s);
  if (!m || !m[2]!.toLowerCase().startsWith(`${m[1]!.toLowerCase()}:`)) return null;
  return { kind: 'visible', target: { text: m[2]! }, negated: false, exact: true };
}
