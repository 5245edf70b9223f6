import type { DeviceHandle } from '../../sessions';
import { runLoopPlan } from './device-actions';
import {
  assertionMoment,
  claimTitle,
  dialogOpen,
  observedTitle,
  lastLineCountClaim,
  openedByClaim,
  screenShows,
  presentTense,
  type TimelinePoint,
  assertionCheck,
  checkReveal,
  interpretAssertion,
  judgeCheck,
  type CheckResolution,
  type Observation,
} from './interpreter';
import { notSettled } from './interpreter/resolution';
import { sleep, waitForSettledScreen } from './settle';

/**
 * What a run saw of its case's steps, in order: each step, and within a step each part of it read on
 * a screen of its own ("Tap Drama, then tap All": "tap All" on the screen Drama left), with that screen
 * (null when none was kept: a replayed step keeps the one the step before left). The screen the last
 * step left is the one the assertions start on.
 */
export interface RunTimeline {
  points: Array<TimelinePoint & { screen: Observation | null }>;
}

/**
 * A step's points on the timeline: each part of it with the screen it was read on, or the step whole on `seen` (the
 * screen the step before left) when no part was read (a replayed step).
 */
export function addStepPoints(
  timeline: RunTimeline,
  step: number,
  text: string,
  clauses: ReadonlyArray<{ text: string; observation: Observation }>,
  seen: Observation | null,
): void {
  if (clauses.length === 0) timeline.points.push({ step, text, screen: seen });
  for (const c of clauses) timeline.points.push({ step, text: c.text, screen: c.observation });
}

/** The screen the last part of step `step` was read on, or null when none was kept. */
export function lastScreenOfStep(timeline: RunTimeline, step: number): Observation | null {
  const last = timeline.points.at(-1);
  return last && last.step === step ? last.screen : null;
}

/** Where the assertions of a case are, on its timeline. */
export interface TimelineCursor {
  /** The point the last moment was found at: the next is looked for from there on. */
  from: number;
  /** The moment (a place on the timeline) the last assertion was judged at; null for the screen the steps end on. */
  at: number | null;
  /** Whether the last assertion spoke of a dialog that had closed ("It …" after it speaks of that dialog). */
  dialog?: boolean;
}

/** A claim about the dialog ("Dialog "Sign out?" with …", "The dialog offers Cancel and OK"). */
const DIALOG_CLAIM =
  /^(?:(?:verify|check|confirm) (?:that )?)?(?:the |a |an )?(?:[\p{L}-]+ )?(?:dialog|pop-?up|alert|prompt|modal)\b/iu;

/**
 * A claim that the dialog has gone, or that none is there ("The dialog is closed", "Dialog closes and …",
 * "No dialog appears"), speaks of the screen now.
 */
const DIALOG_GONE =
  /\b(?:clos(?:es|ed|ing)?|gone|dismiss(?:es|ed)?|disappear(?:s|ed)?|no longer|goes away|went away|hidden|no|not|never|none|without)\b/i;

/**
 * "Message should be "It opens at 18:00 today."", "Title is "Closed"": the words of a dialog, said without the word
 * dialog. Judged on the screen now first; when they are not there and a dialog was open earlier in the run, on it.
 */
const DIALOG_WORDS = /^(?:the )?(?:(?:dialog|alert|pop-?up)(?:'s)? )?(?:title|message|body)\b[^"]*"[^"]+"/i;

/** "It offers Cancel and New basket": a claim about what the assertion before it spoke of. */
const PRONOUN_CLAIM = /^(?:it|its|it's|they|their)\b/i;

/**
 * An assertion of a run, at the moment it speaks of: "After Apple Pay: …" on the screen the step that
 * named Apple Pay left, "Before: …" on the one the last step was read on, a claim about the dialog on
 * the last screen that had one when none is open any more, "It …" where the assertion before it was
 * judged; any other on the screen the steps end on (scrolled as `judgeAssertionOnScreen` does).
 * Returns the verdict and the screen it was read on.
 */
export async function judgeAssertionInRun(
  device: DeviceHandle,
  text: string,
  observation: Observation,
  timeline: RunTimeline,
  cursor: TimelineCursor,
  signal: AbortSignal,
): Promise<{ resolution: CheckResolution; screen: Observation }> {
  const last = timeline.points.length;
  const spokeOfDialog = cursor.dialog === true;
  cursor.dialog = false;
  const reading = assertionMoment(text, timeline.points, cursor.from);
  if (reading && 'moment' in reading) {
    const { said, place } = reading.moment;
    // "Profile shows …": of the screen the steps end on when it holds there or they end on Profile again
    // ("Home shows "No open tasks"" of a row named Home); of the screen Profile showed otherwise.
    if (place) {
      const now = await judgeAssertionOnScreen(device, text, observation, signal);
      if ((now.settled && now.passed) || screenShows(observation, place) || reading.moment.at >= last) {
        cursor.at = null;
        return { resolution: now, screen: observation };
      }
    }
    const at = reading.moment.at;
    // "After Run: "Dinner time is on" was shown": the moment is said; the claim is of that moment.
    const claim = presentTense(reading.moment.claim) ?? reading.moment.claim;
    cursor.from = Math.max(0, at - 1);
    cursor.at = at >= last ? null : at;
    if (at >= last) {
      const resolution = await judgeAssertionOnScreen(device, claim, observation, signal);
      return { resolution: saidAt(resolution, said), screen: observation };
    }
    return judgeInThePast(claim, timeline.points[at]?.screen ?? null, said, observation);
  }
  // A moment no step names: never judged on another screen.
  if (reading) return { resolution: notSettled(reading.unresolved), screen: observation };
  // "Back to home opens Home" after "Tap Back to home": the screen the steps end on is Home.
  const opened = openedByClaim(text, lastStepText(timeline));
  if (opened) {
    cursor.at = null;
    return { resolution: await judgeAssertionOnScreen(device, opened, observation, signal), screen: observation };
  }
  if (cursor.at !== null && PRONOUN_CLAIM.test(text.trim())) {
    // "It offers Cancel and New basket" after a claim about the dialog: the dialog offers them.
    const claim = spokeOfDialog ? text.trim().replace(/^it\b/i, 'The dialog') : text;
    cursor.dialog = spokeOfDialog;
    const screen = timeline.points[cursor.at]?.screen ?? null;
    return judgeInThePast(claim, screen, 'where the assertion before it was read', observation);
  }
  // The dialog's own words ("Smash Burger Co. is closed") say nothing of whether it has gone.
  const unquoted = text.replace(/"[^"]*"|“[^”]*”/g, '""');
  if (DIALOG_CLAIM.test(text.trim()) && !DIALOG_GONE.test(unquoted) && !dialogOpen(observation)) {
    const at = lastDialog(timeline);
    if (at !== null) {
      cursor.at = at;
      cursor.dialog = true;
      const screen = timeline.points[at]!.screen;
      return judgeInThePast(text, screen, `on the dialog open at step ${timeline.points[at]!.step + 1}`, observation);
    }
  }
  const dialogAt = DIALOG_WORDS.test(text.trim()) && !dialogOpen(observation) ? lastDialog(timeline) : null;
  if (dialogAt !== null) {
    const now = interpretAssertion(text, observation);
    if (now.settled && now.passed) {
      cursor.at = null;
      return { resolution: now, screen: observation };
    }
    cursor.at = dialogAt;
    cursor.dialog = true;
    const said = `on the dialog open at step ${timeline.points[dialogAt]!.step + 1}`;
    return judgeInThePast(text, timeline.points[dialogAt]!.screen, said, observation);
  }
  const buttons =
    BUTTONS_CLAIM.test(text.trim()) && !dialogOpen(observation) ? dialogButtons(text, observation, timeline) : null;
  if (buttons) {
    cursor.at = buttons.at;
    cursor.dialog = true;
    return { resolution: buttons.resolution, screen: buttons.screen };
  }
  cursor.at = null;
  const present = presentTense(text);
  if (present) return judgeAnyMoment(device, present, observation, timeline, signal);
  const resolution = await judgeAssertionOnScreen(device, text, observation, signal);
  // "Count stops at 4" after "Tap + on Soft drink five times": the count of the line the step tapped.
  const count = resolution.settled ? null : lastLineCountClaim(text, lastStepText(timeline), observation);
  if (count)
    return { resolution: await judgeAssertionOnScreen(device, count, observation, signal), screen: observation };
  return (
    titledEarlier(text, resolution, observation, timeline) ??
    leftBehind(text, resolution, observation, timeline, cursor.from) ?? { resolution, screen: observation }
  );
}

/**
 * Words that tie a claim to the screen the steps end on ("still", "now", "opens"), say that something is not
 * there ("no", "gone"), or speak of more than one moment ("each time", "throughout", "then"): such a claim is
 * never judged on a screen the run left.
 */
const OF_THE_END =
  /\b(?:still|now|again|remains?|stays?|any ?more|longer|yet|finally|end|no|not|never|none|nothing|without|gone|disappear\w*|hidden|removed|n't|opens?|goes|go|takes?|returns?|lands?|navigates?|leads?|brings?|back|then|each|every|throughout|both|always|after|before|until|once)\b/i;

/**
 * "Confirmation shows "Order FK-20418" and Total paid £21.98" after `Tap Back to home`: a claim of what a screen
 * shows, written after steps that went on past that screen. When the screen the steps end on holds nothing the
 * claim reads (no element it names is there), it is judged on the last screen of the run that did, as long as
 * that screen is not the one the steps end on (a screen that lost what it showed fails there). A claim with
 * words of the end, of absence or of several moments (`OF_THE_END`) is not looked for so.
 */
function leftBehind(
  text: string,
  now: CheckResolution,
  observation: Observation,
  timeline: RunTimeline,
  from: number,
): { resolution: CheckResolution; screen: Observation } | null {
  if (now.settled || !/^no element matches\b/.test(now.reason)) return null;
  if (OF_THE_END.test(text.replace(/"[^"]*"|“[^”]*”/g, '""'))) return null;
  const title = observedTitle(observation);
  for (let at = timeline.points.length - 1; at >= from; at--) {
    const screen = timeline.points[at]!.screen;
    if (!screen || (title !== null && observedTitle(screen) === title)) continue;
    const r = interpretAssertion(text, screen);
    if (!r.settled) continue;
    const name = observedTitle(screen);
    return judgeInThePast(
      text,
      screen,
      `on ${name ?? 'the screen'} at step ${timeline.points[at]!.step + 1}`,
      observation,
    );
  }
  return null;
}

/** "Buttons Not now and Turn on", "Cancel and Turn on buttons": buttons named, and nothing else said of them. */
const BUTTONS_CLAIM = /^(?:the )?(?:(?:two |three )?buttons:?\s+[^,;]+|[^,;]+\s+buttons)$/i;

/**
 * Buttons named after the dialog that offered them closed: when the screen the steps end on does not show them
 * all and the last dialog of the run did, the claim is of that dialog. Null otherwise (the screen now decides).
 */
function dialogButtons(
  text: string,
  observation: Observation,
  timeline: RunTimeline,
): { resolution: CheckResolution; screen: Observation; at: number } | null {
  const at = lastDialog(timeline);
  if (at === null) return null;
  const now = interpretAssertion(text, observation);
  if (now.settled && now.passed) return null;
  const screen = timeline.points[at]!.screen!;
  const there = interpretAssertion(text, screen);
  if (!there.settled || !there.passed) return null;
  return { resolution: saidAt(there, `on the dialog open at step ${timeline.points[at]!.step + 1}`), screen, at };
}

/** The words of the run's last step (its parts read on screens of their own, together). */
function lastStepText(timeline: RunTimeline): string {
  const step = timeline.points.at(-1)?.step;
  return timeline.points
    .filter((p) => p.step === step)
    .map((p) => p.text)
    .join(' ');
}

/** The last point of the run whose screen had a dialog open, or null. */
function lastDialog(timeline: RunTimeline): number | null {
  for (let at = timeline.points.length - 1; at >= 1; at--) {
    const screen = timeline.points[at]!.screen;
    if (screen && dialogOpen(screen)) return at;
  }
  return null;
}

/** Whether a claim of a details screen ("Details show …") is this screen's to judge. */
function saidOf(text: string, screen: Observation): boolean {
  const r = interpretAssertion(text, screen);
  return r.settled || !/^(?:no element matches|the claim is said of)/.test(r.reason);
}

/**
 * "Checkout says "Deliver to Work"" after the steps left Checkout: a claim said of a screen by its title, not
 * judged on the screen showing (no element there is so named), is judged on the last screen of the run so
 * titled; none, and it stays not judged.
 */
function titledEarlier(
  text: string,
  now: CheckResolution,
  observation: Observation,
  timeline: RunTimeline,
): { resolution: CheckResolution; screen: Observation } | null {
  const subject = claimTitle(text);
  if (now.settled || !subject || !/^(?:no element matches|the claim is said of)/.test(now.reason)) return null;
  if (screenShows(observation, subject)) return null;
  for (let at = timeline.points.length - 1; at >= 0; at--) {
    const screen = timeline.points[at]!.screen;
    if (!screen || !(screenShows(screen, subject) || (/details$/i.test(subject) && saidOf(text, screen)))) continue;
    return judgeInThePast(text, screen, `on ${subject} at step ${timeline.points[at]!.step + 1}`, observation);
  }
  return null;
}

/**
 * A claim of something the run showed at some moment: it holds when the screen the steps end on, or any
 * screen a step or a part of one was read on, shows it; it fails when none does (a claim none can judge is
 * not judged). Nothing is scrolled: what a past screen held out of view was never shown.
 */
async function judgeAnyMoment(
  device: DeviceHandle,
  claim: string,
  observation: Observation,
  timeline: RunTimeline,
  signal: AbortSignal,
): Promise<{ resolution: CheckResolution; screen: Observation }> {
  const now = await judgeAssertionOnScreen(device, claim, observation, signal);
  if (now.settled && now.passed) return { resolution: now, screen: observation };
  let judged = now.settled;
  for (let at = timeline.points.length - 1; at >= 0; at--) {
    const screen = timeline.points[at]!.screen;
    if (!screen) continue;
    const r = interpretAssertion(claim, screen);
    judged ||= r.settled;
    if (r.settled && r.passed)
      return { resolution: saidAt(r, `shown at step ${timeline.points[at]!.step + 1}`), screen };
  }
  if (!judged) return { resolution: now, screen: observation };
  const reasoning = `no screen of the run shows it (${now.settled ? now.reasoning : now.reason})`;
  return { resolution: { settled: true, kind: 'check', passed: false, reasoning }, screen: observation };
}

const saidAt = (r: CheckResolution, said: string): CheckResolution =>
  r.settled ? { ...r, reasoning: `${said}: ${r.reasoning}` } : { ...r, reason: `${said}: ${r.reason}` };

/**
 * A claim on a screen the run left behind. Nothing can be scrolled there: a claim that fails on what
 * may have been scrolled out of view at that moment is not judged.
 */
function judgeInThePast(
  claim: string,
  screen: Observation | null,
  said: string,
  now: Observation,
): { resolution: CheckResolution; screen: Observation } {
  if (!screen) return { resolution: notSettled(`${said}: no screen was kept of that moment`), screen: now };
  const r = interpretAssertion(claim, screen);
  const check = assertionCheck(claim, screen);
  const hidden = r.settled
    ? !r.passed && check !== null && checkReveal(check, screen) !== null
    : /^no element matches\b/.test(r.reason);
  if (hidden)
    return {
      resolution: notSettled(
        `${said}: what the claim reads was not on the screen then, and may have been scrolled out of view`,
      ),
      screen,
    };
  return { resolution: saidAt(r, said), screen };
}

/**
 * An assertion on the screen the steps left; one that fails on what may be scrolled away is read
 * again once that is scrolled into view (at most three times; the observation moves on with it for
 * the next assertion).
 */
export async function judgeAssertionOnScreen(
  device: DeviceHandle,
  text: string,
  observation: Observation,
  signal: AbortSignal,
): Promise<CheckResolution> {
  let r = interpretAssertion(text, observation);
  // A check that failed, or that could not find the element it reads ("The From field contains …" with
  // the form scrolled away), may be true of what is scrolled out of view.
  const retry = (c: CheckResolution) => (c.settled ? !c.passed : /^no element matches\b/.test(c.reason));
  let check = assertionCheck(text, observation);
  for (let tries = 0; check && tries < 3 && retry(r); tries++) {
    const reveal = checkReveal(check, observation);
    if (!reveal) break;
    const { plan, rest } = reveal;
    check = rest;
    const wait = (ms: number, s?: AbortSignal) => sleep(ms, s);
    const { met } = await runLoopPlan(plan, { device, appPackage: null, signal, wait });
    observation.tree = (await waitForSettledScreen(device, { signal })).tree;
    if (!met) break;
    r = judgeCheck(check, observation);
  }
  return r;
}
