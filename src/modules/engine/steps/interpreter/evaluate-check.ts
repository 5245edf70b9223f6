import { chipValues } from './chip-claims';
import { checkFieldsEmpty } from './empty-fields';
import { checkStatus } from './status-claims';
import { screenAndSession } from './session-checks';
import { titledValues } from './title-values';
import { rowStepper } from './row-stepper';
import { lineCountValue } from './stepper-lines';
import { checkListedRows } from './row-lists';
import { checkFieldHint } from './field-hints';
import { checkErrorShown } from './error-claims';
import { checkAbsent, checkNoResultsShown, checkRowsLeft } from './kind-absence';
import type { Check, CountNoun, Target } from './intent';
import { passed, notSettled, type CheckResolution } from './resolution';
import { findTarget, matchAll, nameOf, type ScreenIndex } from './target-finder';
import { checkOrder, checkScreen, checkValue, screenTitle } from './evaluate-forms';
import { checkShows } from './evaluate-shows';
import { mayBeNamed } from './stay-checks';
import { checkSwitches } from './switch-groups';
import { checkNthRow, checkOnlyRows } from './row-checks';
import { checkRowLine } from './row-lines';
import { checkSection } from './section-checks';
import { checkUnderHeading } from './heading-section';
import { checkMasked, checkSignedIn } from './session-checks';
import { describeElement, isVisible, type TreeElement } from './ui-tree';
import { labelHead } from './text-match';
import { checkPhrase, checkRowAt, headedBy, phraseSplit } from './claim-checks';
import { valueBeside } from './evaluate-forms';
import { confirmingDialog } from './switch-asked';
import { checkHeading, checkListRows } from './heading-checks';
import { checkDialogButtons } from './dialog-buttons';
import { controlSays } from './control-says';
import { checkNamedMessage, checkUnderField } from './field-messages';
import { checkTabBar } from './tab-bar-checks';
import { checkQuotedLabel } from './quoted-labels';

/**
 * Judges a check on one screen. Whether something is on screen is always decided: absence is
 * an answer ("X is visible" → passed: false). A check on a property of an element (its text,
 * enabled, on/off) needs the element: when it is absent or ambiguous the check is not settled.
 */

const loose = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
const isSecure = (s: string | null) => s !== null && /^[•*●]+$/.test(s.trim());

function closeMatches(index: ScreenIndex, target: Target): TreeElement[] | null {
  // "Passenger 2's last name": the one element under that heading.
  if (target.within) {
    const found = findTarget(index, target, { closeOnly: true, wholeScreen: true });
    return found.found ? [found.element] : null;
  }
  const hit =
    matchAll(index, target, { closeOnly: true, wholeScreen: true }) ??
    (target.literal ? matchAll(index, { text: target.literal }, { closeOnly: true, wholeScreen: true }) : null);
  if (hit) return hit.matches;
  // "− on Desk lamp": the stepper button of that line (one, or none: several are not settled).
  const stepper = rowStepper(index, target.text);
  return stepper?.found ? [stepper.element] : null;
}

function nearMiss(index: ScreenIndex, target: Target): TreeElement | null {
  return matchAll(index, target, { wholeScreen: true })?.matches[0] ?? null;
}

function visibility(index: ScreenIndex, target: Target, negated: boolean, exact = false): CheckResolution {
  const { screen } = index.observation;
  const matches = closeMatches(index, target);
  // "Name Sam Rivera is shown": words that say what the value is, then the value, or a label and its value.
  if (
    !matches &&
    !negated &&
    !target.role &&
    !target.within &&
    /^[^"\s]+(?:\s[^"\s]+){1,7}$/.test(target.text.trim())
  ) {
    const split = phraseSplit(index, target.text, valueBeside);
    if (split) return split;
  }
  if (!matches && negated) {
    // "Green Bowl and Sakura Sushi are not shown": no element reads the whole, but each name said must be absent.
    const shown = namesSaid(target).flatMap((text) => closeMatches(index, { text }) ?? []);
    const one = shown.find((e) => isVisible(e, screen)) ?? countedLine(index, target) ?? headed(index, target);
    if (one) return passed(false, `${describeElement(one.node)} is on screen`);
  }
  // "18:15 is shown" of a button "18:15 · Screen 2": its label's head, the details after " · " aside.
  const head = matches ? undefined : headed(index, target);
  if (head) return passed(!negated, `${describeElement(head.node)} is on screen (its label starts ${nameOf(target)})`);
  if (!matches) {
    const near = exact ? null : nearMiss(index, target);
    if (near)
      return notSettled(
        `no element reads ${nameOf(target)}, but ${describeElement(near.node)} is close; cannot tell a typo from a change`,
      );
    return passed(negated, `no element matches ${nameOf(target)} on this screen`);
  }
  const shown = matches.find((e) => isVisible(e, screen));
  if (shown) return passed(!negated, `${describeElement(shown.node)} is on screen`);
  return passed(negated, `${describeElement(matches[0]!.node)} is in the UI tree but off screen`);
}

/** "No View basket button" with "View basket · 1 item" on screen: a label whose part before " · " is the name. */
function headed(index: ScreenIndex, target: Target): TreeElement | undefined {
  return headedAll(index, target)[0];
}

/** The visible elements whose label's head ("18:15" of "18:15 · Screen 2") is the target's name. */
function headedAll(index: ScreenIndex, target: Target): TreeElement[] {
  if (target.within) return [];
  const want = loose(target.text);
  return index.elements.filter((e) => {
    const label = e.node.text ?? '';
    const head = labelHead(label);
    return head !== label && loose(head) === want && isVisible(e, index.observation.screen);
  });
}

/**
 * "Garlic Bread is gone" with "3 × Garlic Bread" on screen: a text that is the name with only a count beside it
 * is that thing listed.
 */
function countedLine(index: ScreenIndex, target: Target): TreeElement | undefined {
  if ((target.role && target.role !== 'item') || target.within) return undefined;
  // "The Garlic Bread line is gone": the kind word is no part of the name.
  const names = [target.text, ...namesSaid(target)].map((n) =>
    loose(n)
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()
      .replace(/ (?:line|row|item|entry)$/, ''),
  );
  return index.allCandidates.find((e) => {
    if (!e.node.text || !isVisible(e, index.observation.screen)) return false;
    const text = ` ${loose(e.node.text)
      .replace(/[^\p{L}\p{N}×]+/gu, ' ')
      .trim()} `;
    return names.some((n) => {
      if (n === '' || !text.includes(` ${n} `)) return false;
      return /^[\d\s×x]*$/u.test(text.replace(` ${n} `, ' ')) && /\d/.test(text);
    });
  });
}

/** The names a negated claim lists ("A, B and C", "A or B"), or none when it names one thing. */
function namesSaid(target: Target): string[] {
  if (target.role || target.within) return [];
  const parts = target.text
    .split(/\s*,\s*(?:and\s+|or\s+|nor\s+)?|\s+(?:and|or|nor)\s+/i)
    .map((p) => p.trim().replace(/^"(.*)"$/, '$1'))
    .filter((p) => p !== '');
  // Names as a list writes them: each starts with a capital or a digit and says nothing ("Email or password is
  // incorrect" is one message, not two names).
  const named = (p: string) =>
    p.split(/\s+/).every((w) => /^[^\p{Ll}]/u.test(w) || /^(?:of|the|de|du|la|le|von|van|da|di|y)$/.test(w)) &&
    !/\b(?:is|are|was|were|be|not|no|has|have|should|must|will|can)\b/i.test(p);
  return parts.length > 1 && parts.every(named) ? parts : [];
}

/** The one element a property check reads; several are fine when they all give the same answer. */
function propertyCheck(
  index: ScreenIndex,
  target: Target,
  judge: (el: TreeElement) => { ok: boolean; why: string } | string,
): CheckResolution {
  // "18:15 is enabled" of a button "18:15 · Screen 2": the control its label's head names.
  const heads = headedAll(index, target);
  const matches = closeMatches(index, target) ?? (heads.length ? heads : null);
  if (!matches) return notSettled(`no element matches ${nameOf(target)} on this screen`);
  const verdicts = [...new Set(matches)].map((el) => judge(el));
  const unknown = verdicts.find((v): v is string => typeof v === 'string');
  if (unknown) return notSettled(unknown);
  const judged = verdicts as Array<{ ok: boolean; why: string }>;
  if (judged.some((v) => v.ok !== judged[0]!.ok)) {
    return notSettled(
      `${judged.length} elements match ${nameOf(target)} and they disagree: ${judged.map((v) => v.why).join('; ')}`,
    );
  }
  return passed(judged[0]!.ok, judged[0]!.why);
}

const COUNT_ROLES: Record<CountNoun, string[]> = {
  item: ['list_item', 'app_icon'],
  button: ['button'],
  field: ['input'],
  switch: ['toggle'],
};

/** A check's verdict on the observed screen, or not settled with the reason. */
export function evaluateCheck(check: Check, index: ScreenIndex): CheckResolution {
  const { screen } = index.observation;
  switch (check.kind) {
    case 'visible':
      return visibility(index, check.target, check.negated, check.exact);
    case 'text':
      {
        // "Trip details shows London → Rome": the screen of that title shows the text somewhere.
        const title = screenTitle(index);
        if (check.value !== '' && !check.target.within && title && loose(title) === loose(check.target.text))
          return evaluateCheck({ kind: 'screen_text', value: check.value }, index);
      }
      if (check.value !== '' && check.match === 'equals') {
        const part = controlSays(index, check.target, check.value);
        if (part) return part;
      }
      if (check.value !== '' && !closeMatches(index, check.target)?.some((e) => isSecure(e.node.text)))
        return checkValue(index, check.target, check.value, check.match, check.quoted);
      return propertyCheck(index, check.target, (el) => {
        if (isSecure(el.node.text)) return `${describeElement(el.node)} hides its text`;
        const actual = el.node.text ?? '';
        const ok =
          check.match === 'equals' ? loose(actual) === loose(check.value) : loose(actual).includes(loose(check.value));
        return { ok, why: `${describeElement(el.node)} reads "${actual}"` };
      });
    case 'value':
      return (
        titledValues(index, check.label, check.value, (c) => evaluateCheck(c, index)) ??
        chipValues(index, check.label, check.value, (c) => evaluateCheck(c, index)) ??
        countOfLine(index, check.label.text, check.value) ??
        checkValue(index, check.label, check.value, check.match ?? 'equals')
      );
    case 'order':
      return checkOrder(index, check.values);
    case 'screen': {
      // "Still on Account and signed in": a screen's name that runs on into the session is that screen, and that.
      const session = check.negated ? null : screenAndSession(check.name);
      if (session) return evaluateCheck(session, index);
      const title = screenTitle(index);
      const verdict = checkScreen(index, check.name, check.negated);
      // "No booking confirmation screen" on "Booking confirmed": that screen named loosely (every word), or maybe.
      const named = check.loose && verdict.settled && verdict.passed && title ? mayBeNamed(title, check.name) : 'no';
      if (named === 'all')
        return { settled: true, kind: 'check', passed: false, reasoning: `the screen is "${title}"` };
      if (named === 'some')
        return notSettled(`the screen is "${title}", which may be the ${check.name} screen named otherwise`);
      return verdict;
    }
    case 'dialog': {
      const open = index.elements.some((e) => e.node.role === 'alert' && e.node.children.length > 0);
      return passed(open === check.open, open ? 'a dialog is open' : 'no dialog is open');
    }
    case 'message':
      return checkNamedMessage(index, check.text, check.negated);
    case 'under_field':
      return checkUnderField(index, check.text, check.field);
    case 'dialog_buttons':
      return checkDialogButtons(index, check.names, check.include);
    case 'nth_row':
      return checkNthRow(index, check.ordinal, check.value);
    case 'row_line':
      return checkRowLine(index, check.row, check.values, check.match, check.within, check.absent);
    case 'error_shown':
      return checkErrorShown(index);
    case 'absent':
      return checkAbsent(index, check);
    case 'rows_left':
      return checkRowsLeft(index, check.names, check.line);
    case 'no_results_shown':
      return checkNoResultsShown(index, check.query);
    case 'field_hint':
      return checkFieldHint(index, check.field, check.hint, check.empty);
    case 'seen_on': {
      const on = checkScreen(index, check.screen, false);
      if (on.settled && on.passed) return evaluateCheck(check.check, index);
      if (check.otherwise) return evaluateCheck(check.otherwise, index);
      const title = screenTitle(index);
      return notSettled(
        `the claim is said of the ${check.screen} screen and the screen showing is ${title ? `"${title}"` : 'untitled'}: write it where ${check.screen} shows`,
      );
    }
    case 'listed_rows':
      return checkListedRows(index, check.rows, check.ordered, check.within);
    case 'row_at':
      return checkRowAt(index, check.text, check.ordinal, check.within, check.atEnd);
    case 'phrase':
      return checkPhrase(index, check.text, valueBeside);
    case 'quoted_label':
      return checkQuotedLabel(index, check.label, check.value, check.quoted);
    case 'heading':
      return checkHeading(index, check.value, check.below);
    case 'list_rows':
      return checkListRows(index, check.count);
    case 'tab_bar':
      return checkTabBar(index, check.shown);
    case 'only_rows':
      return checkOnlyRows(index, check.within, check.values, check.anyOrder);
    case 'under_heading':
      return checkUnderHeading(index, check, (c) => evaluateCheck(c, index));
    case 'section':
      return checkSection(index, check.within, check.values);
    case 'switches':
      return checkSwitches(index, check.on, check.count);
    case 'signed_in':
      return checkSignedIn(index, check.signedIn);
    case 'fields_empty':
      return checkFieldsEmpty(index, check.count);
    case 'status':
      return checkStatus(index, check.noun, check.state);
    case 'masked':
      return checkMasked(index, check);
    case 'shows':
      return checkShows(index, check.subject, check.values, (c) => evaluateCheck(c, index));
    case 'all': {
      // "Delivering to 22 Elm Street, Bristol BS1 4DJ": phrases a comma split may be one label and its value.
      const texts = check.checks.map((c) => (c.kind === 'phrase' ? c.text : null));
      if (texts.length > 1 && texts.every((t) => t !== null)) {
        const whole = phraseSplit(index, texts.join(', '), valueBeside);
        if (whole?.settled && whole.passed) return whole;
      }
      const why: string[] = [];
      for (const c of check.checks) {
        const r = evaluateCheck(c, index);
        if (!r.settled || !r.passed) return r;
        why.push(r.reasoning);
      }
      return passed(true, why.join('; '));
    }
    case 'state':
      return propertyCheck(index, check.target, (el) => {
        const label = describeElement(el.node);
        if (check.state === 'enabled' || check.state === 'disabled') {
          return {
            ok: el.node.enabled === (check.state === 'enabled'),
            why: `${label} is ${el.node.enabled ? 'enabled' : 'disabled'}`,
          };
        }
        if (el.node.checked === undefined) {
          // "Reminder is On" on a details screen: a label whose value beside it reads On or Off.
          const value = el.node.role === 'text' ? valueBeside(index, el) : null;
          const said = /^(on|off)$/i.exec(value?.node.text?.trim() ?? '');
          if (value && said)
            return {
              ok: (said[1]!.toLowerCase() === 'on') === (check.state === 'on'),
              why: `${describeElement(value.node)} (beside ${label}) reads "${value.node.text}"`,
            };
          return `${label} has no on/off state`;
        }
        const ok = el.node.checked === (check.state === 'on');
        const why = `${label} is ${el.node.checked ? 'on' : 'off'}`;
        // Read back after its tap: a dialog the tap opened to confirm it is the app asking before it acts.
        const asking = !ok && check.asked ? confirmingDialog(index, check.target.text) : null;
        if (asking) return { ok: true, why: `${why}; ${describeElement(asking.node)} asks to confirm it` };
        return { ok, why };
      });
    case 'title': {
      const title = screenTitle(index);
      if (title === null) return notSettled('the UI tree shows no screen title');
      if (loose(title) === loose(check.value)) return passed(true, `the screen title is "${title}"`);
      // A screen titled for its kind ("Task") is headed by what it shows ("Call the dentist").
      const heading = headedBy(index, check.value);
      if (heading) return passed(true, `the screen "${title}" is headed ${describeElement(heading.node)}`);
      return passed(false, `the screen title is "${title}"`);
    }
    case 'screen_text': {
      const hit = index.elements.find(
        (e) => e.node.role !== 'application' && isVisible(e, screen) && loose(e.node.text).includes(loose(check.value)),
      );
      return passed(
        hit !== undefined,
        hit ? `${describeElement(hit.node)} is on screen` : `no text on screen contains "${check.value}"`,
      );
    }
    case 'count': {
      // "I see 2 passengers" on a screen that reads "2 passengers": the text says it.
      const said = check.said
        ? index.elements.find((e) => isVisible(e, screen) && loose(e.node.text) === loose(check.said!))
        : undefined;
      if (said) return passed(true, `${describeElement(said.node)} is on screen`);
      const roles = COUNT_ROLES[check.noun];
      // "4 restaurants are listed": a list's rows count, those scrolled below the fold as well (when the tree holds them).
      const listed = (e: TreeElement) =>
        check.listed === true && check.noun === 'item' && e.parent?.node.role === 'list' && isVisible(e.parent, screen);
      const n = index.allCandidates.filter(
        (e) => roles.includes(e.node.role) && (isVisible(e, screen) || listed(e)),
      ).length;
      const ok =
        check.comparison === 'exactly'
          ? n === check.count
          : check.comparison === 'at_least'
            ? n >= check.count
            : n <= check.count;
      const phrase = check.comparison === 'exactly' ? '' : `${check.comparison.replace('_', ' ')} `;
      return passed(ok, `${n} ${check.noun}${n === 1 ? ' is' : 's are'} on screen (expected ${phrase}${check.count})`);
    }
  }
}

/** "The soft drink count reads 4", "Adult quantity is 2": the count of the stepper line so named, when no label is. */
function countOfLine(index: ScreenIndex, label: string, value: string): CheckResolution | null {
  const line = /^(?:the\s+)?(.+?)\s+(?:count|quantity|qty)$/i.exec(label.trim());
  if (!line || matchAll(index, { text: label }, { closeOnly: true, wholeScreen: true })) return null;
  return lineCountValue(index, line[1]!, value);
}
