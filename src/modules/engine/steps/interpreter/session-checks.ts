import type { Check } from './intent';
import { notSettled, type CheckResolution } from './resolution';
import { matchAll, nameOf, type ScreenIndex } from './target-finder';
import { parseTarget } from './step-text';
import { describeElement, isVisible, type TreeElement } from './ui-tree';

/**
 * Checks about what no single element states, read from what the screen offers:
 * whether the user is signed in (a sign-in form or button is showing, or a sign-out or account
 * control), and whether a field hides what it holds ("the password is shown as dots").
 * When the screen cannot tell, the check is not settled: it never passes on a guess.
 */

const ACTOR = '(?:the )?(?:user|customer|account holder|tester|i|we|you|he|she|they)';

/** "The user is (still / not / no longer) signed in", "I am logged out", "the user stays logged in". */
export function signedInCheck(s: string): Check | null {
  const m = new RegExp(
    `^${ACTOR}(?: am| is| are|'m|'re|'s)? (?:still |now |successfully |correctly )?(not |no longer )?(?:signed|logged)[ -]?(in|on|out)(?: successfully)?$`,
    'i',
  ).exec(s);
  if (!m) return null;
  const out = m[2]!.toLowerCase() === 'out';
  return { kind: 'signed_in', signedIn: out === Boolean(m[1]) };
}

/**
 * "(Still on) Account and signed in", "Home and still logged out": a screen's name that runs on into whether the
 * user is signed in is that screen, and that.
 */
export function screenAndSession(name: string): Check | null {
  const m = /^(.+?) and (?:(?:the user |you |i )?(?:is |are |am )?)?(?:still )?(?:signed|logged) (in|out)$/i.exec(
    name.trim(),
  );
  if (!m || /"/.test(m[1]!)) return null;
  return {
    kind: 'all',
    checks: [
      { kind: 'screen', name: m[1]!, negated: false },
      { kind: 'signed_in', signedIn: m[2]!.toLowerCase() === 'in' },
    ],
  };
}

const CONTROL_ROLES = new Set(['button', 'link', 'tab', 'list_item']);
const SIGN_IN = /^(?:sign|log)[ -]?(?:in|on)\b|^login\b|^signin\b/i;
const SIGN_OUT = /^(?:sign|log)[ -]?out\b|^logout\b|^signout\b/i;
const ACCOUNT = /^(?:(?:my )?(?:profile|account)|me)$/i;

function shown(index: ScreenIndex, test: (e: TreeElement) => boolean): TreeElement | undefined {
  return index.elements.find((e) => isVisible(e, index.observation.screen) && test(e));
}

const control = (re: RegExp) => (e: TreeElement) =>
  CONTROL_ROLES.has(e.node.role) && re.test((e.node.text ?? '').trim());

/** A password field on screen: an input labelled or named so. */
function passwordField(index: ScreenIndex): TreeElement | undefined {
  return shown(index, (e) => {
    if (e.node.role !== 'input') return false;
    const label = index.labels.get(e.node)?.text ?? '';
    return /\b(?:password|passcode|pin)\b/i.test(`${label} ${e.node.id ?? ''}`);
  });
}

export function checkSignedIn(index: ScreenIndex, signedIn: boolean): CheckResolution {
  const signIn = shown(index, control(SIGN_IN)) ?? passwordField(index);
  const out = shown(index, control(SIGN_OUT)) ?? shown(index, control(ACCOUNT));
  const verdict = (ok: boolean, reasoning: string): CheckResolution => ({
    settled: true,
    kind: 'check',
    passed: ok,
    reasoning,
  });
  if (signIn) return verdict(!signedIn, `a sign-in control is on screen (${describeElement(signIn.node)})`);
  if (out) return verdict(signedIn, `no sign-in form or button on screen, and ${describeElement(out.node)} is`);
  return notSettled(
    'cannot tell whether the user is signed in on this screen: it shows no sign-in form or button and no sign-out or account control',
  );
}

/** "The password is displayed as dots", "the PIN is masked", "the password is shown in plain text". */
export function maskedCheck(s: string): Check | null {
  const hidden =
    /^(.+?) (?:is|are) (?:(?:displayed|shown|rendered|written) )?(?:as|with|in) (?:dots|bullets|asterisks|stars)(?:,? (?:and )?not (?:as |in )?(?:plain|clear) ?text)?$/i.exec(
      s,
    ) ??
    /^(.+?) (?:is|are) (?:masked|obscured|hidden as dots)$/i.exec(s) ??
    /^(.+?) (?:is|are) not (?:displayed|shown|readable) (?:as|in) (?:plain|clear) ?text$/i.exec(s);
  const plain = hidden
    ? null
    : /^(.+?) (?:is|are) (?:displayed |shown |readable )?(?:as|in) (?:plain|clear) ?text$/i.exec(s);
  const m = hidden ?? plain;
  if (!m) return null;
  const target = parseTarget(m[1]!);
  return target ? { kind: 'masked', target: { ...target, role: 'field' }, masked: Boolean(hidden) } : null;
}

const isDots = (s: string) => /^[•*●·]+$/.test(s.trim());

export function checkMasked(index: ScreenIndex, target: Check & { kind: 'masked' }): CheckResolution {
  const hit = matchAll(index, target.target, { closeOnly: true, wholeScreen: true });
  const fields = hit?.matches.filter((e) => e.node.role === 'input') ?? [];
  if (fields.length !== 1)
    return notSettled(
      fields.length === 0
        ? `no field matches ${nameOf(target.target)} on this screen`
        : `${fields.length} fields match ${nameOf(target.target)}; name it more precisely`,
    );
  const field = fields[0]!;
  const text = field.node.text ?? '';
  if (text.trim() === '')
    return notSettled(`${describeElement(field.node)} is empty: nothing shows whether it hides its text`);
  const dots = isDots(text);
  return {
    settled: true,
    kind: 'check',
    passed: dots === target.masked,
    reasoning: `${describeElement(field.node)} ${dots ? 'shows dots' : 'shows its text as written'}`,
  };
}
