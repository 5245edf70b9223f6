import { placeBehind } from './place-behind';
import { bareButtonShown } from './screen-claims';
import { hasShown, quotedKindsShown, replacedBy, stillAsIs } from './unsaid-verbs';
import { rowListCheck } from './row-lists';
import { namedSwitchClaim, namedSwitchList, switchStateClaim } from './switch-claims';
import { controlClaim } from './control-claims';
import { fieldHintClaim } from './field-hints';
import { errorShownClaim } from './error-claims';
import { emptyFieldsClaim } from './empty-fields';
import { momentClaim } from './moment-claims';
import { momentOnTimeline, stepPoints, type MomentReading, type TimelinePoint } from './moments';
import { placeMoment, tourMoment } from './place-moments';
import { listShownClaim } from './list-claims';
import { statusClaim } from './status-claims';
import { screenShownWith, subjectClaim, titledSubject } from './subject-claims';
import { presentTense } from './past-tense';
import { outcomeClaim } from './outcome-claims';
import { quotedLabels } from './quoted-labels';
import { bareSays, optionsUnder } from './listed-values';
import type { Intent, ParsedStep } from './intent';
import { evaluateCheck } from './evaluate-check';
import { normalizeStep, parseStep } from './parse-step';
import { parseCheck } from './parse-check';
import { phraseList, statementShown } from './claim-forms';
import { headingForms } from './heading-forms';
import { headingSectionClaim } from './heading-section';
import { shownAs } from './end-values';
import { quotedValues } from './quoted-values';
import { shortClaim } from './short-claims';
import { commaClaims, screenColonList } from './claim-lists';
import { cleanStepText } from './step-text';
import { vagueReason } from './vague';
import { resolveAction } from './resolve-action';
import { notSettled, type CheckResolution, type Resolution } from './resolution';
import { screenNames } from './suggestions';
import { interpretClause } from './interpret-clause';
import { pronounStep, signOfNamed } from './pronoun-steps';
import { indexScreen } from './target-finder';
import { screenTitle } from './screen-title';
import type { Observation } from './ui-tree';
import type { ScrollUntilPlan } from './plans';
import { revealFor, stillToSee } from './reveal';
import { listEndReveal } from './claim-reveal';
import type { Check } from './intent';

/**
 * The step interpreter (`platform/interpreter`): English step text → intent → device actions,
 * a loop plan or a check verdict on one observed screen. Pure and free; what it cannot
 * settle without guessing goes to the model.
 */

export type { Intent, ParsedStep, Target, Check } from './intent';
export { stepPoints, type TimelinePoint } from './moments';
export { presentTense } from './past-tense';
export { openedByClaim } from './opened-by';
export { lastLineCountClaim } from './stepper-lines';
export type { DeviceAction, Resolution, CheckResolution } from './resolution';
export { CAPABILITY_STEP_TYPES, type CapabilityStep, type CapabilityStepType } from './capability-step';
export { devicePhraseLabel, devicePhraseProblem } from './device-phrases';
export type { Observation } from './ui-tree';
export type { ScrollUntilPlan, WaitUntilPlan, LoopPlan } from './plans';
export { isSatisfied, reversed } from './plans';
export { parseStep } from './parse-step';
export { suggestFor } from './suggestions';
export { intentLabel, readStepIntent } from './labels';

/** Resolves a parsed intent on the observed screen. */
export function resolveIntent(intent: Intent, observation: Observation): Resolution {
  const index = indexScreen(observation);
  return intent.kind === 'check' ? evaluateCheck(intent.check, index) : resolveAction(intent, index);
}

/**
 * A step as written, on the observed screen: its first clause is settled here; `then` carries
 * what is left of the step, to be read on the screen the first clause leads to.
 */
export function interpretStep(text: string, observation: Observation, previous?: string): Resolution {
  const index = indexScreen(observation);
  const read = (previous && pronounStep(text, previous)) || text;
  const r = interpretClause(read, index);
  // "Tap + three times" where several lines have a +: the one of the thing the step before went to.
  const whose = !r.settled && previous && /say whose/.test(r.reason) ? signOfNamed(read, previous) : null;
  const again = whose ? interpretClause(whose, index) : null;
  if (again?.settled && again.kind === 'actions') return again;
  // "Open Add schedule" where only a Schedules button shows: the screen that lists them, then the step there.
  return placeBehind(read, r, index) ?? r;
}

/**
 * An assertion read as a check. An assertion only ever says what should be true, so when the step
 * grammar reads it as an action ("Open tasks is 10", "Pick up dry cleaning is gone": names that start
 * with a verb) or not at all, it is read again as a check alone.
 */
function readAssertion(said: string, names: string[], titled = true, subjects = true): ParsedStep {
  const text = shownAs(said);
  const moment = momentClaim(cleanStepText(text).replace(CHECK_VERB, ''), (t) => readAssertion(t, names));
  if (moment) return moment;
  // "Status still Confirmed", '"A" and "B" lines': read with their verb ("Status is still Confirmed", "… are shown").
  const plain = cleanStepText(text).replace(CHECK_VERB, '');
  const kept = stillAsIs(plain) ?? replacedBy(plain) ?? quotedKindsShown(cleanStepText(text));
  if (kept) return readAssertion(kept, names);
  // "Heading "Settings"", "Date Wed 2 Jul, Time 11:15": read before the word-by-word grammar.
  const bare = cleanStepText(text).replace(CHECK_VERB, '');
  const early =
    optionsUnder(bare, names) ??
    screenColonList(bare, (p) => checkOf(readAssertion(p, names))) ??
    rowListCheck(bare, parseCheck) ??
    switchStateClaim(bare) ??
    namedSwitchClaim(bare, names) ??
    namedSwitchList(bare, names) ??
    controlClaim(bare) ??
    fieldHintClaim(bare) ??
    listShownClaim(bare, names) ??
    statusClaim(bare) ??
    errorShownClaim(bare) ??
    emptyFieldsClaim(bare) ??
    outcomeClaim(bare) ??
    headingForms(bare, names) ??
    shortClaim(bare, names) ??
    screenShownWith(bare, (p) => checkOf(readAssertion(p, names))) ??
    (subjects
      ? subjectClaim(
          bare,
          names,
          (p) => checkOf(readAssertion(p, names)),
          () => checkOf(readAssertion(text, names, titled, false)),
        )
      : null);
  if (early) return { understood: true, intent: { kind: 'check', check: early } };
  // "Next appointment is now Dr Marcus Webb, Dermatology": the texts under a title on screen, or the claim's other reading.
  const section = titled ? headingSectionClaim(bare, names) : null;
  if (section) {
    const other = checkOf(readAssertion(text, names, false, subjects));
    return { understood: true, intent: { kind: 'check', check: other ? { ...section, otherwise: other } : section } };
  }
  // "Rate order button is gone; Reorder still there": claims a semicolon joins, each read alone, all to hold.
  const joined = semicolonClaims(text, (t) => readAssertion(t, names));
  if (joined) return joined;
  const parsed = parseStep(text, names);
  if (parsed.understood && parsed.intent.kind === 'check') return parsed;
  // A refusal for a reason of its own (a value described, a condition, the keyboard, a whole flow) stands.
  if (!parsed.understood && !GRAMMAR_MISS.test(parsed.reason)) return parsed;
  const clause = normalizeStep(text).replace(CHECK_VERB, '');
  const check =
    parseCheck(clause) ??
    bareButtonShown(clause, parseCheck) ??
    phraseList(clause) ??
    quotedValues(bare, names) ??
    quotedLabels(clause) ??
    bareSays(clause) ??
    statementShown(clause);
  if (check) {
    const intent: Intent = { kind: 'check', check };
    const vague = vagueReason(clause, intent);
    return vague ? { understood: false, reason: vague } : { understood: true, intent };
  }
  // "Only Paper Moons shown, caption "Showing: Comedy"": claims listed with commas, each read alone.
  const listed = parsed.understood ? null : commaClaims(bare, (p) => checkOf(readAssertion(p, names)));
  if (listed) return { understood: true, intent: { kind: 'check', check: listed } };
  // "Today has 16:20": what no other form reads as having, read as showing.
  const has = parsed.understood ? null : hasShown(plain);
  if (has) return readAssertion(has, names, titled, subjects);
  if (!parsed.understood) return parsed;
  return {
    understood: false,
    reason: 'not a check: an assertion says what should be true, e.g. "Welcome, demo" is visible',
  };
}

const checkOf = (p: ParsedStep): Check | null => (p.understood && p.intent.kind === 'check' ? p.intent.check : null);

/**
 * An assertion read from its text alone, as a run reads it before it looks at the screen: the
 * case editor's reading (check-steps) and a run's agree on what is refused (another moment, a
 * value described) and on what is a check.
 */
export function readAssertionText(text: string, steps: readonly string[] = []): ParsedStep {
  const reading = assertionMoment(text, stepPoints(steps));
  // Read as a run reads it: a moment's claim, and a claim in the past tense as of the screens that showed it.
  const claim = reading && 'moment' in reading ? reading.moment.claim : text;
  if (reading && 'unresolved' in reading) return { understood: false, reason: reading.unresolved };
  return readAssertion(presentTense(claim) ?? claim, []);
}

/**
 * The moment of the case an assertion speaks of ("After Apple Pay: …", "Before: …", "First tap: …"),
 * found on the case's timeline from point `from` on; null when it holds on the screen the steps end on.
 */
export function assertionMoment(text: string, points: readonly TimelinePoint[], from = 0): MomentReading {
  const claim = cleanStepText(text).replace(CHECK_VERB, '');
  return momentOnTimeline(claim, points, from) ?? placeMoment(claim, points, from) ?? tourMoment(claim, points, from);
}

/** The screen an assertion may be said of by its title alone ("Checkout says …"), or null. */
export const claimTitle = (text: string): string | null => titledSubject(cleanStepText(text).replace(CHECK_VERB, ''));

/** Whether the observed screen is the one so named (its title, or a heading reading it). */
export function screenShows(observation: Observation, name: string): boolean {
  const r = evaluateCheck({ kind: 'screen', name, negated: false }, indexScreen(observation));
  return r.settled && r.passed;
}

/** The observed screen's title (its navigation bar's, else the screen's name), or null. */
export const observedTitle = (observation: Observation): string | null => screenTitle(indexScreen(observation));

/** Whether a dialog is open on the observed screen. */
export function dialogOpen(observation: Observation): boolean {
  const r = evaluateCheck({ kind: 'dialog', open: true }, indexScreen(observation));
  return r.settled && r.passed;
}

/** Refusals that only say no form matched: an assertion is then read again as a check alone. */
const GRAMMAR_MISS =
  /does not match the interpreter grammar|no check the interpreter knows follows the verb|no element matches|cannot tell which element/;

const CHECK_VERB = /^(?:verify|check|assert|expect|ensure|confirm|validate|make sure|see that)(?:\s+that)?\s+/i;

/** For an assertion that failed on this screen: a scroll that may bring what it reads into view, or null. */
export function assertionReveal(text: string, observation: Observation): ScrollUntilPlan | null {
  const index = indexScreen(observation);
  const parsed = readAssertion(text, screenNames(index));
  return parsed.understood && parsed.intent.kind === 'check'
    ? revealFor(scrollReading(parsed.intent.check), index)
    : null;
}

/** An assertion's check as read on this screen, or null when it is not understood as a check. */
export function assertionCheck(text: string, observation: Observation): Check | null {
  const parsed = readAssertion(text, screenNames(indexScreen(observation)));
  return parsed.understood && parsed.intent.kind === 'check' ? parsed.intent.check : null;
}

/**
 * For a check that failed on this screen: what is left of it once the parts present here are seen
 * (several named things down a long form), and the scroll that may bring the rest into view.
 */
export function checkReveal(claim: Check, observation: Observation): { rest: Check; plan: ScrollUntilPlan } | null {
  const index = indexScreen(observation);
  const check = scrollReading(claim);
  const end = listEndReveal(check, index);
  if (end) return end;
  const rest = stillToSee(check, index);
  const plan = revealFor(rest, index);
  return plan ? { rest, plan } : null;
}

/** What scrolling looks for: a titled part that did not hold is looked for by the claim's other reading. */
const scrollReading = (check: Check): Check =>
  check.kind === 'under_heading' && check.otherwise ? check.otherwise : check;

/** A check read on the observed screen. */
export function judgeCheck(check: Check, observation: Observation): CheckResolution {
  return evaluateCheck(check, indexScreen(observation));
}

/** An assertion as written: only checks are assertions ("tap X" is not one). */
export function interpretAssertion(text: string, observation: Observation): CheckResolution {
  const index = indexScreen(observation);
  const parsed = readAssertion(text, screenNames(index));
  if (!parsed.understood) return notSettled(parsed.reason);
  if (parsed.intent.kind !== 'check') return notSettled('not a check');
  return evaluateCheck(parsed.intent.check, index);
}

/**
 * Claims joined by semicolons outside quotes, or by "and no …" / "but no …", each a check on its own; null when one of
 * them is not.
 */
function semicolonClaims(text: string, read: (t: string) => ParsedStep): ParsedStep | null {
  const quotes: string[] = [];
  const parts = text
    .replace(/"[^"]*"/g, (q) => `\u0000${quotes.push(q) - 1}\u0000`)
    // "The switch is off and no "Saved" message shows": what is absent is a claim of its own ("and No thanks": a name).
    .split(/\s*;\s*|,?\s+(?:and|but)\s+(?=no\s+(?:\u0000|\p{Ll}))/u)
    .map((p) => p.replace(/\u0000(\d+)\u0000/g, (_, i: string) => quotes[Number(i)]!).trim())
    .filter((p) => p !== '');
  if (parts.length < 2) return null;
  const checks: Check[] = [];
  for (const part of parts) {
    const r = read(part);
    if (!r.understood || r.intent.kind !== 'check') return null;
    checks.push(r.intent.check);
  }
  return { understood: true, intent: { kind: 'check', check: { kind: 'all', checks } } };
}
