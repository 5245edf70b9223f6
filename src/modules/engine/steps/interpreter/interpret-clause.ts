import { splitClauses } from './clauses';
import { location, resolveLocated, trailingPlace } from './location';
import { startsWithVerb } from './lexicon';
import { bareNameBelow } from './bare-name';
import { deviceClause } from './device-phrases';
import { wholeFlow } from './group-steps';
import { FLOW_REST, flowWalk } from './flow-walk';
import { applyCode, basketStep, cartStep } from './cart-steps';
import { headButton } from './button-heads';
import { evaluateCheck } from './evaluate-check';
import type { Intent, ParsedStep, Target } from './intent';
import { normalizeStep, parseStep, parseWhole } from './parse-step';
import { labelledField } from './labelled-fields';
import { fieldWordTarget } from './field-words';
import { scrollThrough } from './scroll-through';
import { lookingThrough } from './looking-through';
import { arrowPath, namesAsPath, routeWithBracket } from './names-path';
import { scrollPlanTo, swipeArea, swipeFor, targetOnScreen, MAX_SWIPES } from './plans';
import { resolveAction } from './resolve-action';
import { notSettled, type Resolution } from './resolution';
import { screenNames, suggestFor } from './suggestions';
import { findTarget, type ScreenIndex } from './target-finder';
import { revealFor, scrollable, scrolledDown } from './reveal';
import { ifNeededLast, screenClause } from './screen-forms';
import { buttonColon, colonFill } from './colon-fill';
import { keptSwitch, pickList } from './pick-lists';
import { leftAlone, lookOnly, stepChain, withEmptyFields } from './step-chains';
import { stepperStep } from './stepper';
import { reopenIt } from './reopen-app';
import { stepperWithResult } from './result-remarks';
import { tabFromPushed } from './tab-places';
import { appHomeTab } from './way-back';
import { headingOption, optionBelow, qualifiedHeading } from './section-options';
import { lineStepperStep } from './line-stepper-steps';
import { refusedTap } from './refused-taps';
import { looseButton, wholeName } from './loose-names';
import { signOutFrom } from './credentials';
import { createWith, formValues, nameEntry } from './form-values';
import { labelChips } from './label-chips';

/**
 * One step on one screen, clause by clause: the first clause is settled on this screen, the
 * rest (`then`) is read again on the next. On-screen names are read as names ("Yes, cancel",
 * "Confirm and pay") before the step is split, and a step that is only a name taps it.
 */

const withThen = (r: Resolution, then: string | undefined): Resolution => {
  if (!then || !r.settled) return r;
  return { ...r, then: r.then ? `${r.then}, then ${then}` : then };
};

/** "Tap name Bedtime, time 22:30" where no element is named so: the entries of this screen's form, when they read so. */
function tappedEntry(s: string, index: ScreenIndex): { intent: Intent; rest?: string } | null {
  const bare = s.replace(/^(?:tap|click|press|select|choose)\s+(?:on\s+)?/i, '');
  if (bare === s || !/^\p{Ll}/u.test(bare)) return null;
  const read = screenClause(bare, index);
  return read && 'intent' in read && read.intent.kind === 'type' && read.intent.target ? read : null;
}

function resolve(intent: Intent, index: ScreenIndex): Resolution {
  return intent.kind === 'check' ? evaluateCheck(intent.check, index) : resolveAction(intent, index);
}

const IN_PART =
  /^(?:tap|click|press|select|choose|open)\s+(?:the\s+)?(.+?)\s+(?:in|on|from|under)\s+the\s+(\S.*?)\s+(?:row|section|strip|area|carousel)$/i;

const DIALOG_FIRST = /^((?:in|on|inside|within) (?:the |this )?(?:dialog|alert|popup|pop-up|prompt|modal|sheet)),\s+/i;

export function interpretClause(text: string, index: ScreenIndex): Resolution {
  const device = deviceClause(text, index);
  if (device) return device;
  // The rest of a flow said in one phrase, walked on from the screen its last part led to.
  if (FLOW_REST.test(text))
    return flowWalk(text, index, interpretClause) ?? notSettled('a whole flow in one phrase: too many parts to walk');
  // "In the dialog, tap Cancel": where the button is, said first, is no clause of its own.
  const s = keptSwitch(ifNeededLast(normalizeStep(text)), index).replace(DIALOG_FIRST, '$1 ');
  if (s === '') return notSettled('not understood: the step is empty');
  // "Name: Dinner time" on a form whose Name field is empty: the value to fill in.
  const fill = colonFill(s, index);
  if (fill) return interpretClause(fill, index);
  const entry = nameEntry(s, index) ?? signOutFrom(s, () => screenNames(index));
  if (entry) return withThen(interpretClause(entry.first, index), entry.then);
  // "Add schedule: name Early start, 06:30": the button here, then the entries on the screen it opens.
  const opened = buttonColon(s, index);
  if (opened) return withThen(interpretClause(opened.first, index), opened.then);
  // "Time: 22:30" on a form where Time heads a choice: that option, not a check of what Time shows.
  const option = /:\s/.test(s) ? headingOption(s, index) : null;
  if (option?.kind === 'type') return interpretClause(`Set ${option.target!.text} to ${option.text}`, index);
  const reopened = reopenIt(s, index) ?? stepperWithResult(s, index, interpretClause) ?? tabFromPushed(s, index);
  if (reopened) return reopened;
  // "Adult − once, Senior + once, Continue", "Take adult down to 0": stepper lines by name.
  const lines = lineStepperStep(s, index);
  if (lines) return lines;
  // "Tap B1 (should be refused)": the tap, then the element read as before.
  const refused = refusedTap(s, index, interpretClause);
  if (refused) return refused;
  const named = namesAsPath(s, index) ?? arrowPath(s, index);
  if (named) return interpretClause(named, index);
  const route = routeWithBracket(s, index);
  if (route) return withThen(interpretClause(route.path, index), route.then);
  // "Add a schedule Bedtime at 22:30", "Add a task called A1": the button that adds one, then the entries.
  const added = createWith(s, index);
  if (added) return withThen(interpretClause(added.first, index), added.then);
  const flow = wholeFlow(s);
  if (flow) return flowWalk(s, index, interpretClause) ?? notSettled(flow);
  const toured = scrollThrough(s);
  if (toured) return interpretClause(toured, index);
  // "Tap A, B and C in turn", "Go through the day chips", "Untap A8": several things looked through, one by one.
  const through = lookingThrough(s, index, interpretClause);
  if (through) return through;
  // "Add 2 Croissant from Corner Bakery, open the cart", "Order 1 Tea, Card, no tip", "Apply SAVE10".
  const cart =
    basketStep(s, index, interpretClause) ??
    applyCode(s, index) ??
    cartStep(s, index, interpretClause) ??
    headButton(s, index);
  if (cart) return cart;
  const place = location(s);
  if (place) return resolveLocated(place, index, interpretClause, s);
  // "Tap + to make it 3": the stepper's button, then its count read back.
  const stepper = stepperStep(s, index);
  if (stepper) return stepper;
  // "Settings > Edit account > clear Nickname > Save", "Delete and confirm": the first action here, the rest next.
  const chain = labelChips(s, index) ?? formValues(s, index) ?? stepChain(s, index);
  if (chain) return withThen(interpretClause(chain.first, index), chain.then);
  const empty = withEmptyFields(s, index);
  if (empty?.failed) return { settled: true, kind: 'check', passed: false, reasoning: empty.failed };
  if (empty) return interpretClause(empty.head, index);
  const look = lookOnly(s);
  const kept = look ? null : leftAlone(s, index);
  if (look || kept)
    return withThen(
      {
        settled: true,
        kind: 'actions',
        actions: [],
        reasoning: look
          ? `"${look.looked}" claims nothing to verify: read as a look at the screen, nothing is checked`
          : `"${kept!.looked}": left as it is`,
      },
      (look ?? kept)!.then,
    );
  const names = screenNames(index);
  const direct = wholeName(s, index);
  const picks = direct ? null : pickList(s, index);
  let parsed: ParsedStep;
  let first: { text: string; rest: string };
  let restOfStep: string | undefined;
  if (direct) {
    parsed = { understood: true, intent: direct };
    first = { text: s, rest: s };
  } else if (picks) {
    // "Choose Mon 13 Apr at 09:00 and save": the first name here, the rest read on the screen that follows.
    parsed = { understood: true, intent: { kind: 'tap', target: { text: picks.first } } };
    first = { text: `tap ${picks.first}`, rest: s };
    restOfStep = picks.rest || undefined;
  } else {
    const entire = parseWhole(s);
    const coarse = entire ? [{ text: s, rest: s }] : splitClauses(s, names, true);
    const whole = entire ?? (coarse[0] ? parseWhole(coarse[0].text) : null);
    if (whole) {
      parsed = whole;
      first = coarse[0]!;
      restOfStep = coarse[1]?.rest;
    } else {
      const clauses = splitClauses(s, names);
      first = clauses[0] ?? { text: s, rest: s };
      restOfStep = clauses[1]?.rest;
      const bare = wholeName(first.text, index);
      // "Confirm and pay, Pay now": a button here, then the next name to tap on the screen it leads to.
      const listed = bare ? null : /^(.+?),\s+(?:and\s+)?(?:then\s+)?(.+)$/i.exec(first.text);
      const head = listed ? wholeName(listed[1]!, index) : null;
      if (head) {
        const next = startsWithVerb(listed![2]!) ? listed![2]! : `tap ${listed![2]!}`;
        restOfStep = restOfStep ? `${next}; ${restOfStep}` : next;
      }
      const labelled = bare || head ? null : labelledField(first.text, index);
      if (labelled && 'refused' in labelled) return notSettled(labelled.refused);
      const field = labelled?.intent ?? null;
      if (labelled?.rest) restOfStep = restOfStep ? `${labelled.rest}; ${restOfStep}` : labelled.rest;
      parsed = bare
        ? { understood: true, intent: bare }
        : head
          ? { understood: true, intent: head }
          : field
            ? { understood: true, intent: field }
            : parseStep(first.text, names);
      // A button named loosely ("Mark it as complete", "Tap Delete to confirm") when the step as read names nothing here.
      const missed =
        !parsed.understood ||
        (parsed.intent.kind === 'tap' && !findTarget(index, parsed.intent.target, { preferInteractive: true }).found) ||
        parsed.intent.kind === 'dialog';
      const loose = missed ? looseButton(first.text, index) : null;
      if (loose) parsed = { understood: true, intent: loose };
      // "Tap Add schedule, then name Bedtime, time 22:30": the tap carried over to the form's entries on this screen.
      const entry =
        missed && !loose && parsed.understood && parsed.intent.kind === 'tap' ? tappedEntry(first.text, index) : null;
      if (entry) {
        parsed = { understood: true, intent: entry.intent };
        if (entry.rest) restOfStep = restOfStep ? `${entry.rest}; ${restOfStep}` : entry.rest;
      }
      // "Amount 100", "Payments tab", "Don't type a code": short forms read against this screen.
      const untargeted = parsed.understood && parsed.intent.kind === 'type' && parsed.intent.target === null;
      const read = !parsed.understood || untargeted ? screenClause(first.text, index) : null;
      if (read && 'resolution' in read) return withThen(read.resolution, restOfStep);
      if (read && (!untargeted || read.intent.kind !== 'tap')) {
        parsed = { understood: true, intent: read.intent };
        if (read.rest) restOfStep = restOfStep ? `${read.rest}; ${restOfStep}` : read.rest;
      }
    }
  }
  // "Switch units to °F in Settings", "Turn off Sounds in Settings": the place said last, when the step as written
  // is not understood or names nothing here.
  const said = parsed.understood ? (parsed.intent as { target?: Target | null }).target : null;
  const unread =
    !parsed.understood ||
    (said && / (?:in|on|under|from) \S/.test(said.text) && !findTarget(index, said, { wholeScreen: true }).found);
  const last = unread && first.text === s ? trailingPlace(s) : null;
  if (last) return resolveLocated(last, index, interpretClause, s);
  // "Tap Good night in the Scenes row": the part of the screen is a heading over it.
  const part = unread && first.text === s ? IN_PART.exec(s) : null;
  const underPart = part ? optionBelow(index, { text: part[2]! }, part[1]!, { belowTheFold: false }) : null;
  if (underPart?.settled) return withThen(underPart, restOfStep);
  if (!parsed.understood) {
    const below = first.text === s ? bareNameBelow(s, index) : null;
    if (below) return below;
    // "Book one seat for Paper Moons 21:00 today": a flow said in one phrase, walked where it starts here.
    const walked = /^book\s/i.test(s) ? flowWalk(s, index, interpretClause) : null;
    if (walked) return walked;
    // "save" as the last part of a step, its button below the fold: a tap on the button it starts ("Save schedule").
    const verb = /^(save|submit|apply|send|finish|update|create|continue|next|proceed|done)$/i.exec(s.trim());
    if (verb) return interpretClause(`Tap ${verb[1]![0]!.toUpperCase()}${verb[1]!.slice(1).toLowerCase()}`, index);
    const hint = suggestFor(first.text, index);
    return notSettled(`${parsed.reason}${hint.length ? `; did you mean: ${hint.join(' | ')}` : ''}`);
  }
  // "Go Home" (a capital) in an app with a Home tab: that tab, not the device's home.
  const homeTab = parsed.intent.kind === 'home' ? appHomeTab(first.text, index) : null;
  if (homeTab) return withThen(homeTab, restOfStep);
  const intent = qualifiedHeading(fieldWordTarget(asPath(parsed.intent, index), index), index);
  const r = resolve(intent, index);
  if (!r.settled && r.reveal) {
    // The element is in the UI tree but scrolled away: scroll to it, then read the clause again.
    const target = findTarget(index, { text: r.reveal.text }, { wholeScreen: true });
    return {
      settled: true,
      kind: 'scroll_until',
      plan: {
        kind: 'scroll_until',
        direction: r.reveal.direction,
        target: { text: r.reveal.text },
        swipe: swipeFor(r.reveal.direction, swipeArea(index, null)),
        maxSwipes: MAX_SWIPES,
        bothWays: true,
      },
      reasoning: `scroll ${r.reveal.direction} to "${r.reveal.text}"${target.found ? '' : ''}`,
      then: first.rest,
    };
  }
  // A section's fields below the fold: one swipe down, then read the clause again (bounded by the step's parts).
  if (
    !r.settled &&
    intent.kind === 'fill' &&
    intent.within &&
    /field\(s\) under|off screen; scroll to it first/.test(r.reason) &&
    scrollable(index)
  )
    return {
      settled: true,
      kind: 'actions',
      actions: [{ op: 'input', event: swipeFor('down', swipeArea(index, null)), selector: null }],
      reasoning: `${r.reason}; swipe down to the fields of "${intent.within}"`,
      then: first.rest,
    };
  // A name not on this screen may be further down (or, on a screen scrolled already, further up):
  // scroll until it shows, both ways at most, then read the clause again.
  const sought = soughtTarget(intent);
  if (
    !r.settled &&
    sought &&
    /^no (?:element matches|tab, button or row named|heading)/.test(r.reason) &&
    scrollable(index) &&
    // What the scroll waits for shows already (read more loosely than the step): scrolling would never end.
    !targetOnScreen(index, sought)
  ) {
    const direction = scrolledDown(index) ? 'up' : 'down';
    return {
      settled: true,
      kind: 'scroll_until',
      plan: scrollPlanTo(index, sought, direction),
      reasoning: `${r.reason}; scroll ${direction} until it shows`,
      then: first.rest,
      notFound: r.reason,
    };
  }
  // A check that fails on what may be scrolled away ("Verify "Passenger 4" is shown"): scroll to it, read it again.
  const checkMissed = r.settled ? r.kind === 'check' && !r.passed : /^no element matches\b/.test(r.reason);
  if (checkMissed && intent.kind === 'check') {
    const plan = revealFor(intent.check, index);
    // A check that could not find what it reads scrolls only to that very name.
    // A name the tree holds already (read another way by the scroll's matcher) would be scrolled to forever.
    const listed = !r.settled && plan ? findTarget(index, plan.target, { wholeScreen: true }).found : false;
    // An empty name would show at once and be scrolled to forever.
    if (
      plan &&
      plan.target.text.trim() !== '' &&
      (r.settled || (r.reason.includes(`"${plan.target.text}"`) && !listed))
    )
      return {
        settled: true,
        kind: 'scroll_until',
        plan,
        reasoning: `${r.settled ? r.reasoning : r.reason}; scroll ${plan.direction} to "${plan.target.text}"`,
        then: first.rest,
        ...(r.settled ? { checkFailed: r.reasoning } : { notFound: r.reason }),
      };
  }
  return withThen(r, confirmedSwitch(r, restOfStep) ?? restOfStep);
}

/**
 * "Turn Dark mode on and confirm with Turn on": the read-back allows the dialog the tap opens, the answer
 * follows, and then the switch must read as asked.
 */
function confirmedSwitch(r: Resolution, rest: string | undefined): string | null {
  const then = r.settled ? r.then : undefined;
  const asked = then ? / or asks to confirm$/.exec(then) : null;
  if (!then || !asked || !rest || !/^(?:confirm|accept)\b[^,;]*$/i.test(rest.trim())) return null;
  return `${rest.trim()}, then ${then.slice(0, asked.index)}`;
}

/**
 * "Tap Profile → Edit profile": a tap on a path when the whole is no name here but its first part is
 * ("Tap Paris → London" stays a tap on that row).
 */
function asPath(intent: Intent, index: ScreenIndex): Intent {
  if (intent.kind !== 'tap') return intent;
  const path = intent.target.text.split(/\s+(?:→|->|>|›)\s+/).filter((p) => p !== '');
  if (path.length < 2) return intent;
  if (findTarget(index, intent.target, { wholeScreen: true }).found) return intent;
  const head = findTarget(
    index,
    { text: path[0]! },
    { closeOnly: true, roles: ['button', 'tab', 'list_item', 'link'] },
  );
  if (!head.found) return intent;
  return { kind: 'navigate', path };
}

/** The one element an intent needs on screen, when it names one. */
function soughtTarget(intent: Intent): Target | null {
  switch (intent.kind) {
    case 'tap':
    case 'tap_times':
    case 'double_tap':
    case 'long_press':
    case 'set_switch':
    case 'toggle':
    case 'clear':
      return intent.target;
    case 'type':
      return intent.target;
    // "Under Mode tap Cool" with the Mode buttons further down: scroll until the option shows.
    case 'choose':
      return intent.option;
    case 'fill':
      return intent.within ? { text: intent.within } : null;
    case 'back_to':
      return { text: intent.screen };
    case 'navigate': {
      const joined = intent.path.join(' → ');
      return intent.path.length > 1 ? { text: joined, anyOf: [joined, intent.path[0]!] } : { text: joined };
    }
    default:
      return null;
  }
}
