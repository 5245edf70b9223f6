import type { Check } from './intent';
import { parseTarget } from './step-text';

/**
 * "App opens directly on Home, no Sign in screen", "Notifications is off and Sounds is on, no confirmation
 * dialog": a claim, then after a comma a part that says what is absent. Each part is read on its own and both
 * must hold; the comma never joins them into one name ("Home, no Sign in").
 */
export function negativeTail(s: string, read: (part: string) => Check | null): Check | null {
  // Commas inside quoted texts belong to those texts.
  const masked = s.replace(/"[^"]*"/g, (q) => q.replace(/,/g, '\u0000'));
  const m = /^(.+?),\s+(?:and |but |with |yet )?((?:no|nothing|never)\b.+)$/i.exec(masked);
  if (!m) return null;
  const unmask = (t: string) => t.replace(/\u0000/g, ',').trim();
  const first = unmask(m[1]!);
  const absent = unmask(m[2]!);
  if (first.split(/\s+/).length < 2 && !/"/.test(first)) return null;
  const a = read(first);
  // "no confirmation dialog": a thing named without a verb is one that is not shown.
  const b = a ? (read(absent) ?? (/^no [\p{L} ]+$/iu.test(absent) ? read(`${absent} is shown`) : null)) : null;
  if (!a || !b || !isAbsence(b)) return null;
  return { kind: 'all', checks: [a, b] };
}

/** A check that something is not there: a negated one, or a closed dialog. */
function isAbsence(c: Check): boolean {
  if ('negated' in c && c.negated === true) return true;
  if (c.kind === 'dialog') return !c.open;
  if (c.kind === 'absent') return true;
  if (c.kind === 'count') return c.count === 0 && c.comparison === 'exactly';
  return c.kind === 'all' && c.checks.every(isAbsence);
}

/**
 * "No confirmation dialog", "no dialog is shown", "No confirmation is asked": no dialog is open, whatever its
 * title; a kind of dialog named by what it is for is still a dialog.
 */
export function noDialogCheck(s: string): Check | null {
  const m =
    /^(?:there is |there's |and )?no (?:(?:confirmation|warning|error|alert|pop-?up) )?(?:dialog|alert|pop-?up|prompt|confirmation)(?: (?:dialog|prompt))?(?: (?:is |was )?(?:shown|displayed|asked|opened|opens|appears|appeared|pops up|visible|open|asked for))?$/i.exec(
      s.trim(),
    );
  return m ? { kind: 'dialog', open: false } : null;
}

/** What did not happen, which one screen cannot show: "No order is placed", "nothing is saved", "tapping it does nothing". */
const UNSEEN =
  /^(?:(?:no (?:new )?\p{L}+(?: \p{L}+)?|nothing) (?:is|was|gets|got|has been) (?:placed|saved|added|created|sent|submitted|made|booked|changed|charged|deleted|removed)|nothing (?:happens|changes)|(?:tapping|pressing|clicking|touching) (?:it|[^"\s]+(?: [^"\s]+){0,3}) (?:does nothing|has no effect))$/iu;

/**
 * "No order is placed - we are still on Checkout", "Go to checkout is disabled and tapping it does nothing - we
 * stay on Basket": what did not happen, then after a dash the screen that shows it (still on the screen the
 * action was tried on). The screen claim is what is checked, with any claim before "and"; a dash followed by
 * anything but a screen that stays is not read so, nor a "nothing" with no screen to show it.
 */
export function unseenBySay(s: string, read: (part: string) => Check | null): Check | null {
  const m = /^(.+?)\s+[-–—]\s+(.+)$/.exec(s.trim().replace(/\.$/, ''));
  if (!m || /"/.test(m[1]!)) return null;
  const before = /^(.+?),? and (.+)$/.exec(m[1]!);
  const unseen = UNSEEN.test(m[1]!) ? m[1]! : before && UNSEEN.test(before[2]!) ? before[2]! : null;
  if (!unseen) return null;
  const stay = read(m[2]!);
  if (stay?.kind !== 'screen' || stay.negated) return null;
  if (unseen === m[1]) return stay;
  const first = read(before![1]!);
  return first ? { kind: 'all', checks: [first, stay] } : null;
}

/** "There is no View basket button there": a last word of place is no part of the name. */
const PLACE_WORD = /\s+(?:there|here|any ?more|on (?:this |the )?screen)$/i;

/** "No Sign out button is shown", "There are no more results". */
export function noneCheck(s: string): Check | null {
  const m =
    /^(?:there is |there are )?no (.+?) (?:is|are) (?:shown|displayed|visible|listed|present|on (?:the )?screen)$/i.exec(
      s,
    );
  const bare = /^there (?:is|are) no (?:more )?(.+)$/i.exec(s);
  if (!m && bare && !/"/.test(bare[1]!) && !/\b(?:is|are)\b/i.test(bare[1]!)) {
    const target = parseTarget(bare[1]!.replace(PLACE_WORD, ''));
    return target ? { kind: 'visible', target, negated: true } : null;
  }
  if (!m || /"/.test(m[1]!)) return null;
  const target = parseTarget(m[1]!);
  return target ? { kind: 'visible', target, negated: true } : null;
}
