import { toggleByStem } from './switch-stems';
import type { Rotation, UiNode } from '../../../../worker/driver';
import { optionBelow } from './section-options';
import { selectorFor } from '../selectors';
import type { Intent, ScrollDirection, Target } from './intent';
import { MAX_SWIPES, swipeArea, swipeFor } from './plans';
import { chooseOption } from './choose-option';
import { resolveForm } from './resolve-forms';
import { namesSearchField, onlyField, pickerChoice, searchField, withoutBoxWord } from './field-forms';
import { setSwitches } from './switch-groups';
import { fieldForValue, refusesValue } from './value-fields';
import { notSettled, type DeviceAction, type Resolution } from './resolution';
import { findTarget, nameOf, type FindOptions, type ScreenIndex } from './target-finder';
import { describeElement, isVisible, touchPoint, type TreeElement } from './ui-tree';
import { normalizeText } from './text-match';

/** Intents that act on the device, resolved on one screen into device actions or a loop plan. */

export type ActionIntent = Exclude<Intent, { kind: 'check' }>;

/** Several actions on one screen: each must settle into actions; the first that cannot stops them all. */
function sequence(steps: Intent[], index: ScreenIndex): Resolution {
  const all: DeviceAction[] = [];
  const why: string[] = [];
  // "Rotate to landscape and back to portrait": each rotation from where the one before left the screen.
  let rotation = index.observation.screen.rotation;
  for (const step of steps) {
    if (step.kind === 'check') return notSettled('a check inside a sequence of actions is read on its own');
    if (step.kind === 'rotate') {
      const to = rotationFor(step.to, rotation);
      if (to !== rotation) all.push({ op: 'rotate', rotation: to });
      why.push(to === rotation ? `the screen is already at ${to}°` : `rotate to ${to}°`);
      rotation = to;
      continue;
    }
    const r = resolveAction(step, index, false);
    if (!r.settled) return r;
    if (r.kind !== 'actions' || r.then) return notSettled('a loop inside a sequence of actions is read on its own');
    all.push(...r.actions);
    why.push(r.reasoning);
  }
  return actions(all, why.join('; '));
}

const MAX_DELETES = 500;
const POLL_MS = 500;

type Found = { el: TreeElement; point: { x: number; y: number }; label: string };

/** The one element a step acts on, on screen and enabled, or why not. */
function actOn(index: ScreenIndex, target: Target, opts: FindOptions): Found | Extract<Resolution, { settled: false }> {
  const hit = findTarget(index, target, { preferInteractive: true, ...opts });
  if (!hit.found) return notSettled(hit.reason);
  return reach(index, hit.element, target.attempt === true);
}

/** An element found: on screen and enabled (a disabled one only for an attempt), or why not. */
function reach(index: ScreenIndex, el: TreeElement, attempt = false): Found | Extract<Resolution, { settled: false }> {
  const label = describeElement(el.node);
  const point = touchPoint(el);
  if (!point || !isVisible(el, index.observation.screen)) {
    const b = el.node.bounds;
    const text = el.node.text?.trim();
    const direction = b.y + b.height / 2 > index.observation.screen.height / 2 ? 'down' : 'up';
    return text
      ? { settled: false, reason: `${label} is off screen; scroll to it first`, reveal: { text, direction } }
      : notSettled(`${label} is off screen; scroll to it first`);
  }
  if (!el.node.enabled && !attempt) return notSettled(`${label} is disabled`);
  return { el, point, label };
}

/**
 * A field named another way than by its label when the label finds none: "the search field" (the
 * screen's one search field), "the Find tasks box" (the field "Find tasks"), or a row whose value is
 * chosen from a list ("Change the priority to Medium"). Null: the step's own failure stands.
 */
function typeElsewhere(index: ScreenIndex, target: Target, text: string): Resolution | null {
  const boxed = withoutBoxWord(target);
  const named = boxed ? actOn(index, boxed, { roles: ['input'] }) : null;
  if (named && !('settled' in named))
    return actions(replaceText(index, named, text), `replace the text of ${named.label} with "${text}"`);
  const search = namesSearchField(target) || (boxed && namesSearchField(boxed)) ? searchField(index) : null;
  if (search) {
    const f = reach(index, search);
    if ('settled' in f) return f;
    return actions(replaceText(index, f, text), `replace the text of the search field ${f.label} with "${text}"`);
  }
  return pickerChoice(index, target, text) ?? hintedSearch(index, boxed ?? target, text);
}

/**
 * `Type europa in the "Films or genres" field` where nothing here is so named: the words may be the field's hint,
 * which the UI tree does not carry. When the screen's one field in view is its search field, labelled no more than
 * "Search", and the name reads like a hint ("A or B", "Search …"), that is the one.
 */
function hintedSearch(index: ScreenIndex, target: Target, text: string): Resolution | null {
  // A hint says what is searched for ("Films or genres", "Search tasks"); "Change the delivery address to Work"
  // names a field of its own, which the search field is not.
  if (!/\s(?:or|and)\s|^(?:search|find|look)\b|\be\.?g\.?\b/i.test(target.text.trim())) return null;
  const only = onlyField(index);
  if (!only || only !== searchField(index) || findTarget(index, target, { wholeScreen: true }).found) return null;
  // A field labelled for what it finds ("Find tasks") is not another name's ("Find people"): only a plain "Search".
  const label = index.labels.get(only.node)?.text;
  if (label && !/^(?:search|find|query)$/.test(normalizeText(label))) return null;
  const f = reach(index, only);
  if ('settled' in f) return null;
  return actions(
    replaceText(index, f, text),
    `no field here is named "${target.text}" (a field's hint is not in the UI tree); the screen's one field is its search field ${f.label}: type "${text}" there`,
  );
}

const NO_FOCUS = 'no field has the keyboard focus; say which field to type into';

/** "Enter a@b.co", "Enter 250": the one field the value's shape fits (`except` left out), or not settled. */
function typeByShape(index: ScreenIndex, text: string, except: TreeElement | null): Resolution {
  const found = fieldForValue(index, text, except);
  if ('reason' in found) return notSettled(`${NO_FOCUS}: ${found.reason}`);
  const f = reach(index, found.field);
  if ('settled' in f) return f;
  return actions(
    replaceText(index, f, text),
    `${except ? `${describeElement(except.node)} does not take "${text}"` : 'no field has the focus'}; ${f.label} is the one field that takes it: type "${text}" there`,
  );
}

function input(
  index: ScreenIndex,
  node: UiNode | null,
  event: Extract<DeviceAction, { op: 'input' }>['event'],
): DeviceAction {
  return { op: 'input', event, selector: node ? selectorFor(node, index.observation.tree) : null };
}

const actions = (list: DeviceAction[], reasoning: string): Resolution => ({
  settled: true,
  kind: 'actions',
  actions: list,
  reasoning,
});

/** Characters in a field, counting a secure field's dots. */
function textLength(node: UiNode): number {
  return Math.min(Array.from(node.text ?? '').length, MAX_DELETES);
}

/** Focus (unless focused), delete what the field holds, type `text`. */
function replaceText(index: ScreenIndex, f: Found, text: string): DeviceAction[] {
  const node = f.el.node;
  const out: DeviceAction[] = [];
  if (!node.focused) out.push(input(index, node, { kind: 'tap', ...f.point }));
  for (let i = 0; i < textLength(node); i++) out.push(input(index, node, { kind: 'key', key: 'DEL' }));
  if (text !== '') out.push(input(index, node, { kind: 'text', text }));
  return out;
}

/** A plan that swipes `direction` until its target shows (or, `toEnd`, until the content stops moving). */
function scrollUntil(
  index: ScreenIndex,
  direction: ScrollDirection,
  until: { target: Target; toEnd?: true },
  reasoning: string,
): Resolution {
  const swipe = swipeFor(direction, swipeArea(index, null));
  return {
    settled: true,
    kind: 'scroll_until',
    plan: { kind: 'scroll_until', direction, ...until, swipe, maxSwipes: MAX_SWIPES },
    reasoning,
  };
}

function rotationFor(to: Extract<Intent, { kind: 'rotate' }>['to'], current: Rotation): Rotation {
  const landscape = current === 90 || current === 270;
  if (to === 'next') return landscape ? 0 : 90;
  if (to === 'landscape') return landscape ? current : 90;
  if (to === 'portrait') return landscape ? 0 : current;
  return to;
}

/** How a switch is named again once the screen has settled: its text, else its label's, else its id, quoted. */
function switchName(index: ScreenIndex, node: UiNode): string | null {
  for (const name of [node.text?.trim(), index.labels.get(node)?.text?.trim(), node.id])
    if (name && !name.includes('"')) return `"${name}"`;
  return null;
}

/**
 * The device actions or loop plan for an action intent on the observed screen. A switch turned on or
 * off is read again on the screen its tap leads to (`then`): one that springs back fails its step.
 * `verify` false: inside a sequence, which carries out its actions without reading between them.
 */
export function resolveAction(intent: ActionIntent, index: ScreenIndex, verify = true): Resolution {
  const { screen } = index.observation;
  switch (intent.kind) {
    case 'sequence':
      return sequence(intent.steps, index);
    case 'set_switches':
      return setSwitches(index, intent.on, intent.count);
    case 'fill':
    case 'counter':
    case 'tap_times':
    case 'pick_ordinal':
    case 'back_until':
    case 'back_to':
    case 'navigate':
    case 'dialog':
    case 'kill':
    case 'background':
    case 'hide_keyboard':
      return resolveForm(intent, index);
    case 'choose':
      return chooseOption(index, intent.option, intent.from);
    case 'tap':
    case 'double_tap':
    case 'long_press': {
      // "Tap the back button" on a screen that shows none: the back navigation (the device's back key on Android).
      if (intent.kind === 'tap' && /^back(?: arrow)?$/i.test(intent.target.text.trim())) {
        // Not while a dialog is open (back would close it) nor when a Back control is anywhere in the tree.
        const hit = findTarget(index, intent.target, { preferInteractive: true, wholeScreen: true });
        const dialogOpen = index.elements.some((e) => e.node.role === 'alert');
        if (!hit.found && !hit.ambiguous && !dialogOpen)
          return actions([{ op: 'back' }], 'no Back control on this screen: go back');
      }
      const f = actOn(index, intent.target, {});
      if ('settled' in f) return f;
      const event =
        intent.kind === 'long_press'
          ? { kind: 'long_press' as const, ...f.point, durationMs: intent.durationMs }
          : { kind: intent.kind, ...f.point };
      return actions(
        [input(index, f.el.node, event)],
        `${intent.kind.replace('_', ' ')} ${f.label} at ${f.point.x},${f.point.y}`,
      );
    }
    case 'press': {
      const element = findTarget(index, intent.target, { preferInteractive: true, closeOnly: true });
      if (element.found || element.ambiguous) {
        return notSettled(
          `"${intent.target.text}" could be the ${intent.key} key or ${element.found ? describeElement(element.element.node) : 'an element on screen'}; say "press the ${intent.target.text} key" or "tap ${intent.target.text}"`,
        );
      }
      return actions([input(index, null, { kind: 'key', key: intent.key })], `press the ${intent.key} key`);
    }
    case 'key':
      return actions([input(index, null, { kind: 'key', key: intent.key })], `press the ${intent.key} key`);
    case 'type': {
      if (!intent.target) {
        const focused = index.candidates.filter((e) => e.node.role === 'input' && e.node.focused);
        if (focused.length !== 1) {
          // "Enter passport" with no field focused: the one text field on screen, never one of several.
          const only = focused.length === 0 ? onlyField(index) : null;
          if (!only) return focused.length === 0 ? typeByShape(index, intent.text, null) : notSettled(NO_FOCUS);
          const f = reach(index, only);
          if ('settled' in f) return f;
          return actions(
            replaceText(index, f, intent.text),
            `no field has the focus and ${f.label} is the only one on screen: type "${intent.text}" there`,
          );
        }
        // "Enter fern2024" with the Email field focused: the value is no email, so the one field it fits.
        if (refusesValue(index, focused[0]!, intent.text)) {
          const other = typeByShape(index, intent.text, focused[0]!);
          if (other.settled) return other;
        }
        return actions(
          [input(index, focused[0]!.node, { kind: 'text', text: intent.text })],
          `type "${intent.text}" into the focused ${describeElement(focused[0]!.node)}`,
        );
      }
      const f = actOn(index, intent.target, { roles: ['input'] });
      if ('settled' in f)
        return f.reveal
          ? f
          : (typeElsewhere(index, intent.target, intent.text) ?? optionBelow(index, intent.target, intent.text) ?? f);
      return actions(replaceText(index, f, intent.text), `replace the text of ${f.label} with "${intent.text}"`);
    }
    case 'clear': {
      const f = actOn(index, intent.target, { roles: ['input'] });
      if ('settled' in f) return f;
      if (textLength(f.el.node) === 0) return actions([], `${f.label} is already empty`);
      return actions(replaceText(index, f, ''), `clear ${f.label}`);
    }
    case 'set_switch':
    case 'toggle': {
      let f = actOn(index, intent.target, { roles: ['toggle'] });
      // "Enable the reminder" where the switch reads "Remind me": the one switch named by another form of its words.
      const stem =
        'settled' in f && !f.reveal && /^no /.test(f.reason)
          ? toggleByStem(
              index.candidates.filter((e) => e.node.role === 'toggle'),
              intent.target.text,
            )
          : null;
      if (stem) f = reach(index, stem, intent.target.attempt === true);
      // "Set Mode to Off" where Mode is a heading over the buttons Heat, Cool and Off.
      // A switch not drawn yet under a heading of its name is looked for as before, not as an "On" option.
      const under =
        intent.kind === 'set_switch'
          ? optionBelow(index, intent.target, intent.on ? 'On' : 'Off', { belowTheFold: false })
          : null;
      if ('settled' in f) return f.reveal ? f : (under ?? f);
      const checked = f.el.node.checked;
      if (intent.kind === 'set_switch') {
        if (checked === undefined) return notSettled(`cannot tell whether ${f.label} is on or off`);
        if (checked === intent.on) return actions([], `${f.label} is already ${intent.on ? 'on' : 'off'}`);
      }
      const tap: Extract<Resolution, { kind: 'actions' }> = {
        settled: true,
        kind: 'actions',
        actions: [input(index, f.el.node, { kind: 'tap', ...f.point })],
        reasoning: `tap ${f.label} to turn it ${checked ? 'off' : 'on'}`,
      };
      // "Try to turn X on" touches it and lets the next step judge; otherwise the switch must end in the state asked.
      if (intent.target.attempt || !verify) return tap;
      const want = intent.kind === 'set_switch' ? intent.on : checked === undefined ? undefined : !checked;
      if (want === undefined) return tap;
      const named = switchName(index, f.el.node);
      if (!named) return notSettled(`${f.label} has neither a name nor an id to read its state back by`);
      // With no dialog open before the tap, one that opens to confirm it is the tap's own: the app asks first.
      const dialogOpen = index.elements.some((e) => e.node.role === 'alert' && e.node.children.length > 0);
      const asks = dialogOpen ? '' : ' or asks to confirm';
      return { ...tap, then: `verify the ${named} switch is ${want ? 'on' : 'off'}${asks}` };
    }
    case 'scroll': {
      let on: TreeElement | null = null;
      if (intent.on) {
        const f = actOn(index, intent.on, {});
        if ('settled' in f) return f;
        on = f.el;
      }
      const swipe = swipeFor(intent.direction, swipeArea(index, on));
      const list = Array.from({ length: intent.times }, () => input(index, on?.node ?? null, swipe));
      return actions(
        list,
        `swipe to scroll ${intent.direction}${on ? ` on ${describeElement(on.node)}` : ''}${intent.times > 1 ? ` ${intent.times} times` : ''}`,
      );
    }
    case 'scroll_until':
      return scrollUntil(
        index,
        intent.direction,
        { target: intent.target },
        `scroll ${intent.direction} until ${nameOf(intent.target)} is visible (at most ${MAX_SWIPES} swipes)`,
      );
    case 'scroll_end':
      if (intent.within && !namedOnScreen(index, intent.within))
        return notSettled(`no "${intent.within}" on this screen to scroll to the end of`);
      return scrollUntil(
        index,
        intent.direction,
        { target: { text: '' }, toEnd: true },
        `scroll ${intent.direction} until the content stops moving (at most ${MAX_SWIPES} swipes)`,
      );
    case 'wait_until':
      return {
        settled: true,
        kind: 'wait_until',
        plan: {
          kind: 'wait_until',
          target: intent.target,
          appears: intent.appears,
          timeoutMs: intent.timeoutMs,
          pollMs: POLL_MS,
          ...(intent.screen ? { screen: true } : {}),
        },
        reasoning: `wait up to ${intent.timeoutMs / 1000} s until ${intent.screen ? `the ${intent.target.text} screen` : nameOf(intent.target)} ${intent.appears ? 'appears' : 'disappears'}`,
      };
    case 'back':
      return actions([{ op: 'back' }], 'go back');
    case 'home':
      return actions([{ op: 'home' }], 'go to the home screen');
    case 'launch':
      return actions([{ op: 'launch' }], 'launch the app');
    case 'relaunch':
      return actions([{ op: 'relaunch' }], 'relaunch the app');
    case 'wait':
      return actions([{ op: 'wait', ms: intent.ms }], `wait ${intent.ms / 1000} s`);
    case 'rotate': {
      const rotation = rotationFor(intent.to, screen.rotation);
      if (rotation === screen.rotation) return actions([], `the screen is already at ${rotation}°`);
      return actions([{ op: 'rotate', rotation }], `rotate to ${rotation}°`);
    }
    case 'run_flow':
      return { settled: true, kind: 'run_flow', name: intent.name, reasoning: `run the flow "${intent.name}"` };
  }
}

/** A list's name on screen: a visible text, heading or title that reads it. */
function namedOnScreen(index: ScreenIndex, name: string): boolean {
  const want = normalizeText(name);
  return index.elements.some(
    (e) => e.node.text && normalizeText(e.node.text) === want && isVisible(e, index.observation.screen),
  );
}
