import { startsWithVerb } from './lexicon';
import { FORM_ENTRIES } from './names-path';
import type { ScreenIndex } from './target-finder';
import { normalizeText } from './text-match';
import { findTarget } from './target-finder';
import { screenTitle } from './screen-title';
import { scrollable } from './screen-shape';
import { rowAction } from './row-action';
import { buttonThenOption, pathToAction } from './button-options';
import { NOT_A_LABEL } from './label-chips';
import { parseCount } from './step-text';

/**
 * Steps that chain several actions in a shape of their own, rewritten as a first clause and the rest, the rest read
 * again on the screen the first one leads to:
 * - a path whose parts are actions: "Settings > Edit account > clear Nickname > Save";
 * - an action the step says is confirmed: "Delete and confirm", "Remove it (confirm)", "Archive, then confirm".
 */

export interface Chain {
  first: string;
  then: string;
}

const ARROW = /\s+(?:→|->|>|›)\s+/;

const stepOf = (part: string): string => (/^\p{Ll}/u.test(part) && startsWithVerb(part) ? part : `tap ${part}`);

/**
 * "Settings > Edit account > clear Nickname > Save": when a later part starts with a verb, each part is a step
 * (a bare name is tapped). A path of names only stays a path ("Settings > Edit account").
 */
function actionPath(s: string): Chain | null {
  if (/"/.test(s)) return null;
  const parts = s.split(ARROW).map((p) => p.trim());
  if (parts.length < 2 || parts.some((p) => p === '')) return null;
  // A part written as an action starts with a lower-case verb ("clear Postcode"); "Sign out" is a name to go by.
  const isAction = (p: string) => /^\p{Ll}/u.test(p) && startsWithVerb(p) && /\s/.test(p);
  // "Add schedule > name Bedtime, time 22:30": the form's entries, last, read as they are on the screen reached.
  const entries = parts.length > 1 && !startsWithVerb(parts.at(-1)!) && FORM_ENTRIES.test(parts.at(-1)!);
  if (!parts.slice(1).some(isAction) && !entries) return null;
  const asStep = (part: string, i: number) => (entries && i === parts.length - 1 ? part : stepOf(part));
  // The names before the first action are a path to go by ("Scenes → New scene → tap Save"): a heading that
  // shares a tab's name is no way there, as "go to" knows.
  const lead = parts.findIndex((p, i) => asStep(p, i) === p);
  const steps = parts.map(asStep);
  if (lead > 0) return { first: `go to ${parts.slice(0, lead).join(' > ')}`, then: steps.slice(lead).join('; ') };
  return { first: steps[0]!, then: steps.slice(1).join('; ') };
}

/**
 * "Delete and confirm", "Remove it (confirm)", "Archive, then confirm": with no dialog open yet, the one enabled
 * button named so, or the one whose name starts with that verb ("Delete" → "Delete draft"), is tapped, then the
 * dialog it opens is confirmed. Two such buttons, or none, leave the step to the rest of the interpreter.
 */
function confirmedAction(s: string, index: ScreenIndex): Chain | null {
  const m =
    /^(.+?)(?:\s+(?:it|this|them|this one))?(?:\s+\(confirm\)|,?\s+and\s+confirm|,?\s+(?:and\s+)?then\s+confirm)$/i.exec(
      s,
    );
  if (!m) return null;
  if (index.elements.some((e) => e.node.role === 'alert' && e.node.children.length > 0)) return null;
  const said = normalizeText(m[1]!.replace(/^(?:tap|click|press)(?:\s+on)?\s+(?:the\s+)?/i, ''));
  if (said === '') return null;
  const buttons = index.candidates.filter((e) => e.node.role === 'button' && e.node.enabled && e.node.text?.trim());
  const named = buttons.filter((e) => normalizeText(e.node.text!) === said);
  const started = /^\p{L}+$/u.test(said)
    ? buttons.filter((e) => normalizeText(e.node.text!).split(' ')[0] === said)
    : [];
  const pick = named.length === 1 ? named : named.length === 0 ? started : [];
  // "Sign out and confirm" with nothing of that name here on a screen that scrolls: the button may be further down;
  // the tap scrolls to that very name first.
  const nothing = !index.elements.some((e) => e.node.text && normalizeText(e.node.text).startsWith(said));
  if (pick.length === 0 && nothing && /^\p{L}+(?: \p{L}+){0,2}$/u.test(said) && scrollable(index))
    return {
      first: `tap "${m[1]!.replace(/^(?:tap|click|press)(?:\s+on)?\s+(?:the\s+)?/i, '')}"`,
      then: 'confirm the dialog',
    };
  if (pick.length !== 1) return null;
  return { first: `tap "${pick[0]!.node.text!}"`, then: 'confirm the dialog' };
}

const LOOK_VERB = /^(?:open|go to|view|see|show|tap|select|choose)$/i;

/** The one tab or button here named `name` (any case), unless the screen is already that place. */
function placeButton(index: ScreenIndex, names: string[]): string | null {
  const want = names.map(normalizeText);
  const title = screenTitle(index);
  if (title && want.includes(normalizeText(title))) return null;
  const hits = index.candidates.filter(
    (e) => ['button', 'tab', 'link'].includes(e.node.role) && e.node.text && want.includes(normalizeText(e.node.text)),
  );
  return hits.length === 1 ? hits[0]!.node.text! : null;
}

/** "Cancel Kim Lee's order from the Orders list": to that place first, then the step without it. */
function fromPlace(s: string, index: ScreenIndex): Chain | null {
  // "Sign out from Profile and confirm": the answer to the dialog stays with the step.
  const m =
    /^(.+?)\s+from\s+(?:the\s+)?(\p{Lu}[\p{L} ]{0,30}?)(?:\s+(?:list|screen|tab|page))?((?:,?\s+(?:and\s+)?(?:then\s+)?confirm)?)$/u.exec(
      s,
    );
  if (!m || /^(?:open|go to|navigate to)\b/i.test(m[1]!)) return null;
  const step = `${m[1]!}${m[3] ?? ''}`;
  const title = screenTitle(index);
  if (title && normalizeText(title) === normalizeText(m[2]!)) return { first: step, then: '' };
  const tab = placeButton(index, [m[2]!]);
  return tab ? { first: `tap "${tab}"`, then: step } : null;
}

/**
 * "Tap the Movie night button on Home" on the screen titled Home: the place is where the step already is, and
 * the step is read without it. "on" any other name stays part of the step ("Tap + on Floor lamp").
 */
function onThisScreen(s: string, index: ScreenIndex): Chain | null {
  const m = /^(.+?)\s+on\s+(?:the\s+)?(\p{Lu}[\p{L} ]{0,30}?)(?:\s+(?:screen|page|tab))?$/u.exec(s);
  const title = screenTitle(index);
  if (!m || !title || normalizeText(title) !== normalizeText(m[2]!)) return null;
  // Only an action is read without its place: "should stay on Log in" is a claim about the screen.
  // "Tap on Sign in" on the Sign in screen names the button, not the place: a name must be left after the verb.
  if (!/^(?:tap|click|press|hit|touch|select|choose|pick|open|turn|switch|toggle)(?:\s+on)?\s+(?!on$)\S/i.test(m[1]!))
    return null;
  return { first: m[1]!, then: '' };
}

/**
 * "Open Kim Lee's order" where no row here is Kim Lee but an "Orders" tab is: the tab named by the kind of thing
 * first, then the step again there (where the row must be named exactly). "Cancel Kim Lee's order" with the row
 * here: the row is opened, then its button "Cancel order" is tapped, and a dialog that asks is confirmed.
 */
function possessive(s: string, index: ScreenIndex): Chain | null {
  const m =
    /^(open|go to|view|see|show|\p{L}+)\s+(.+?)['’]s\s+((?:\p{Ll}[\p{Ll}-]+\s+)?(\p{Ll}[\p{Ll}-]+))((?:,?\s+(?:and|then)\s+.+)?)$/iu.exec(
      s,
    );
  if (!m) return null;
  const [verb, who, kind, noun] = [m[1]!, m[2]!, m[3]!, m[4]!];
  const after = m[5] ?? '';
  const here = findTarget(index, { text: who }, { preferInteractive: true, closeOnly: true });
  const row =
    here.found &&
    ['list_item', 'cell', 'row', 'button'].includes(here.element.node.role) &&
    normalizeText(here.element.node.text ?? '') === normalizeText(who);
  if (!row) {
    const tab = placeButton(index, [`${noun}s`, noun]);
    return tab ? { first: `tap "${tab}"`, then: s } : null;
  }
  if (LOOK_VERB.test(verb) || after !== '') return null;
  return {
    first: `open ${who}'s ${kind}`,
    then: `tap "${verb.toLowerCase()} ${noun}"; confirm the dialog if it appears`,
  };
}

const OWN_VERB =
  /^(?:open|go|view|see|show|tap|click|press|select|choose|pick|type|enter|fill|clear|check|verify|turn|switch|scroll|swipe|wait|sign|log|book|back|return|confirm|cancel|accept|dismiss|close)$/i;

/**
 * "Edit account" (or "Edit account, clear Nickname, Save") where no button here is "Edit account" but a tab is
 * "Account": the tab named by the step's object first, then the step again there, where the button must be named
 * exactly. Verbs of the interpreter's own ("Open Account", "Clear Account") are never read so.
 */
function objectTab(s: string, index: ScreenIndex): Chain | null {
  const m = /^(\p{L}+)\s+(?:the\s+|my\s+)?(\p{L}[\p{L}-]*)(?:(?:,|\s+and\s+|\s+then\s+).*)?$/u.exec(s);
  // "hit Save" is a tap the interpreter reads itself, never a way to a tab.
  if (!m || OWN_VERB.test(m[1]!) || NOT_A_LABEL.test(m[1]!) || startsWithVerb(s)) return null;
  const said = `${m[1]} ${m[2]}`;
  if (findTarget(index, { text: said }, { wholeScreen: true, closeOnly: true }).found) return null;
  const tab = placeButton(index, [m[2]!]);
  return tab ? { first: `tap "${tab}"`, then: s } : null;
}

/** "Continue with 2 adults": the count set on its line's stepper first, then the one way on named. */
function continueWith(s: string, index: ScreenIndex): Chain | null {
  const m = /^(continue|proceed|next)\s+with\s+(\d{1,2}|one|two|three|four|five|six)\s+(\p{L}{3,})$/iu.exec(s.trim());
  if (!m) return null;
  const way = index.candidates.filter(
    (e) => e.node.role === 'button' && normalizeText(e.node.text ?? '') === normalizeText(m[1]!),
  );
  // Two such buttons are not chosen between; none in view may be further down (the tap scrolls to it).
  if (way.length > 1) return null;
  const n = parseCount(m[2]!);
  return { first: `set ${m[3]!.replace(/s$/i, '')} to ${n}`, then: `tap "${way[0]?.node.text?.trim() ?? m[1]!}"` };
}

/** States said in other words: "done" is what a "Mark as complete" button does. */
const SAME_STATE = [
  ['done', 'complete', 'completed', 'finished'],
  ['not done', 'not complete', 'incomplete', 'undone', 'open', 'to do'],
  ['favourite', 'favorite'],
];

/**
 * "Mark Call the dentist as done": the row so named opened, then its "Mark as complete" button; "Mark it as
 * done" on a screen with one "Mark as complete" button: that button. A state said in another word (done,
 * complete, finished) is the same state. No row, or no one such button, leaves the step to the other forms.
 */
function markAs(text: string, index: ScreenIndex): Chain | null {
  // "Check off Call the dentist", "Tick off the Buy milk task", "Complete Water the plants": a row marked done.
  const s = text
    .trim()
    .replace(
      /^(?:check off|tick off|cross off|tick|complete|finish)\s+(?:the\s+)?(.+?)(?:\s+(?:task|item|to-?do))?$/i,
      'mark $1 as done',
    );
  const m = /^mark\s+(.+?)\s+as\s+([\p{L} ]{2,20})$/iu.exec(s);
  if (!m) return null;
  const state = m[2]!.toLowerCase().trim();
  const said = SAME_STATE.find((g) => g.includes(state)) ?? [state];
  if (/^(?:it|this|that|this (?:task|item|one))$/i.test(m[1]!)) {
    const buttons = index.candidates.filter((e) => {
      const b = /^mark\s+(?:as\s+)?(.+)$/i.exec(e.node.text?.trim() ?? '');
      return e.node.role === 'button' && e.node.enabled && b && said.includes(b[1]!.toLowerCase());
    });
    return buttons.length === 1 ? { first: `tap ${JSON.stringify(buttons[0]!.node.text!.trim())}`, then: '' } : null;
  }
  const row = findTarget(index, { text: m[1]!.replace(/^the\s+/i, ''), role: 'item' }, { closeOnly: true });
  if (!row.found || row.element.node.role !== 'list_item') return null;
  return { first: `tap ${JSON.stringify(row.element.node.text?.trim() ?? m[1])}`, then: `mark it as ${state}` };
}

/**
 * "Add the reference Rent", "Add a note: call first": a text field of this screen named after "add a/the", then
 * what to type into it. A name that is no text field here ("Add a tip £2", "Add the Pepperoni") is left to the
 * other forms.
 */
function addToField(s: string, index: ScreenIndex): Chain | null {
  const m = /^add\s+(?:a|an|the)\s+([a-z]+(?: [a-z]+)?)\s*(?::|=|\s+saying|\s+of)?\s+(.+)$/i.exec(s.trim());
  if (!m || /"/.test(m[1]!)) return null;
  const field = findTarget(index, { text: m[1]!, role: 'field' }, { roles: ['input'], closeOnly: true });
  if (!field.found || field.element.node.role !== 'input') return null;
  return { first: `Enter ${JSON.stringify(m[2]!.replace(/^"(.*)"$/, '$1'))} in the ${m[1]} field`, then: '' };
}

export function stepChain(s: string, index: ScreenIndex): Chain | null {
  return (
    continueWith(s, index) ??
    markAs(s, index) ??
    addToField(s, index) ??
    actionPath(s) ??
    buttonThenOption(s, index) ??
    pathToAction(s) ??
    confirmedAction(s, index) ??
    fromPlace(s, index) ??
    onThisScreen(s, index) ??
    possessive(s, index) ??
    objectTab(s, index) ??
    rowAction(s, index)
  );
}

/**
 * "Check the rows", "Look at the summary line, then tap Save": a look that claims nothing (a plain lower-case noun,
 * no value, no "is shown") verifies nothing; the step does nothing and goes on, and what should be true is left to
 * the assertions. A named thing ("Check the Total") or a claim ("Check the error is showing") is no look.
 */
export function lookOnly(s: string): { looked: string; then: string | undefined } | null {
  // A bare "check" or "have a look" ("Book > Physiotherapy, check, back"): a look at the screen just opened.
  const m =
    /^((?:check|look at|review|inspect|glance at|have a look at)\s+(?:the|all the|each of the)\s+([a-z][a-z -]{1,30}?)|check|look|have a look|take a look|look around)(?:,?\s+(?:and\s+)?then\s+(.+))?$/.exec(
      s.replace(/^\p{Lu}/u, (c) => c.toLowerCase()),
    );
  // "Check the fields, change name to Kim": a look, then an action of its own.
  const acted = m ? null : /^(.+?),\s+(?:and\s+)?(?:then\s+)?(.+)$/.exec(s);
  if (
    acted &&
    (startsWithVerb(acted[2]!) || /^back$/i.test(acted[2]!)) &&
    !/^(?:check|verify|see|make sure|ensure)\b/i.test(acted[2]!)
  ) {
    const look = lookOnly(acted[1]!);
    return look && !look.then ? { looked: look.looked, then: acted[2]! } : null;
  }
  if (!m) return null;
  if (
    m[2] &&
    /\b(?:is|are|was|were|be|been|shows?|showing|shown|has|have|reads?|says?|displays?|displayed|visible|present|appears?|correct|right|wrong|empty|not|no|contains?|matches?|equals?|updated|changed|gone|error|errors|message)\b/.test(
      m[2]!,
    )
  )
    return null;
  return { looked: m[1]!, then: m[3] };
}

/**
 * "Keep phone", "leave the Nickname field, Save": a field on this screen named to be left as it is; nothing to do
 * (the rest goes on). A name that is no field here, or a dialog open ("Keep the order" may be its button), is no such step.
 */
export function leftAlone(s: string, index: ScreenIndex): { looked: string; then: string | undefined } | null {
  const m =
    /^((?:keep|leave)\s+(?:the\s+)?(\p{L}[\p{L} -]{0,25}?)(?:\s+field)?(\s+as it is|\s+unchanged|\s+as is)?)(?:,\s*(?:then\s+)?(.+))?$/iu.exec(
      s,
    );
  if (!m || index.elements.some((e) => e.node.role === 'alert' && e.node.children.length > 0)) return null;
  const field = findTarget(index, { text: m[2]!, role: 'field' }, { roles: ['input'], closeOnly: true });
  // "leave scene as is": said "as is", anything on screen so named (a heading over its choices) is left alone.
  const named =
    m[3] && !field.found ? findTarget(index, { text: m[2]! }, { closeOnly: true, wholeScreen: true }) : null;
  if (!(field.found && field.element.node.role === 'input') && !named?.found) return null;
  return { looked: m[1]!, then: m[4] };
}

/**
 * "Tap Sign in with both fields empty", "Submit with all fields blank": the state the step is done in, checked
 * first. Every text field on the screen must be empty ("both": exactly two of them), else the step fails there.
 */
export function withEmptyFields(s: string, index: ScreenIndex): { head: string; failed: string | null } | null {
  const m = /^(.+?),?\s+with\s+(both|all(?: the)?|the|every)\s+fields?\s+(?:left\s+)?(?:empty|blank)$/i.exec(s);
  if (!m) return withEmptyField(s, index);
  // "Open the app and tap Sign in with both fields empty": the state is the last action's, checked when it comes.
  if (/[,;]|\s(?:and|then)\s/i.test(m[1]!)) return null;
  const inputs = index.candidates.filter((e) => e.node.role === 'input');
  if (/^both$/i.test(m[2]!) && inputs.length !== 2)
    return { head: m[1]!, failed: `"both fields" but the screen has ${inputs.length} text fields` };
  if (inputs.length === 0) return { head: m[1]!, failed: 'no text field on this screen' };
  const filled = inputs.filter((e) => (e.node.text ?? '').trim() !== '');
  return {
    head: m[1]!,
    failed: filled.length ? `${filled.length} of the fields is not empty ("${filled[0]!.node.text}")` : null,
  };
}

/** The field a step is done without: "with the password empty", "leaving Email blank", "with no email". */
const WITHOUT_FIELD =
  /^(.+?),?\s+(?:(?:with|leaving)\s+(?:the\s+|an?\s+)?(\p{L}[\p{L} -]{0,25}?)(?:\s+field)?\s+(?:left\s+)?(?:empty|blank)|with\s+no\s+(\p{L}[\p{L} -]{0,25}?)(?:\s+field)?(?:\s+(?:entered|typed|filled in|given))?)$/iu;

/**
 * "Tap Sign in with the password empty", "Send invite with no email", "Tap Save leaving Name blank": the one text
 * field named must be empty when the action is done, else the step fails there. A name that is no text field on
 * this screen ("with no network") leaves the step to the other forms.
 */
function withEmptyField(s: string, index: ScreenIndex): { head: string; failed: string | null } | null {
  const m = WITHOUT_FIELD.exec(s);
  if (!m || /[,;]|\s(?:and|then)\s/i.test(m[1]!) || !startsWithVerb(m[1]!)) return null;
  const name = (m[2] ?? m[3])!;
  const field = findTarget(
    index,
    { text: name, role: 'field' },
    { roles: ['input'], closeOnly: true, wholeScreen: true },
  );
  if (!field.found || field.element.node.role !== 'input') return null;
  const text = (field.element.node.text ?? '').trim();
  return { head: m[1]!, failed: text ? `the ${name} field is not empty ("${text}")` : null };
}
