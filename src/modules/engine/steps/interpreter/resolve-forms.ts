import type { UiNode } from '../../../../worker/driver';
import { selectorFor } from '../selectors';
import type { Intent, Target } from './intent';
import { notSettled, type DeviceAction, type Resolution } from './resolution';
import { findTarget, type ScreenIndex } from './target-finder';
import { checkScreen } from './evaluate-forms';
import { MAX_BACKS } from './parse-forms';
import { normalizeText } from './text-match';
import { scrollable } from './screen-shape';
import { describeElement, isInteractive, type TreeElement } from './ui-tree';
import { actions, tapOn, tappable, withReveal } from './form-actions';
import { navigate } from './navigate-path';

/**
 * The everyday forms on one screen: a form's fields in order, counters, ordinals, places, the
 * open dialog's buttons. Each either acts on elements it can name or says why it cannot.
 */

type FormIntent = Extract<
  Intent,
  {
    kind:
      | 'fill'
      | 'counter'
      | 'tap_times'
      | 'pick_ordinal'
      | 'back_until'
      | 'back_to'
      | 'navigate'
      | 'dialog'
      | 'kill'
      | 'background'
      | 'hide_keyboard';
  }
>;

function replace(index: ScreenIndex, el: TreeElement, text: string): DeviceAction[] {
  const sel = selectorFor(el.node, index.observation.tree);
  const out: DeviceAction[] = [];
  if (!el.node.focused) out.push(tapOn(index, el));
  const len = Math.min(Array.from(el.node.text ?? '').length, 500);
  for (let i = 0; i < len; i++) out.push({ op: 'input', event: { kind: 'key', key: 'DEL' }, selector: sel });
  if (text !== '') out.push({ op: 'input', event: { kind: 'text', text }, selector: sel });
  return out;
}

function fill(index: ScreenIndex, values: string[], within: string | null): Resolution {
  let pool = index.candidates.filter((e) => e.node.role === 'input');
  if (within) {
    const want = normalizeText(within);
    const at = index.elements.findIndex((e) => e.node.text && normalizeText(e.node.text).includes(want));
    if (at < 0) return notSettled(`no heading "${within}" on this screen`);
    const after = new Set(index.elements.slice(at + 1));
    pool = pool.filter((e) => after.has(e));
    // "Sam Morgan" for a passenger: one word a field when the words and fields agree.
    if (values.length === 1 && pool.length >= 2 && values[0]!.split(' ').length === 2) values = values[0]!.split(' ');
  }
  if (pool.length < values.length)
    return notSettled(
      `${values.length} values but ${pool.length} field(s) ${within ? `under "${within}"` : 'on this screen'}`,
    );
  const out: DeviceAction[] = [];
  const named: string[] = [];
  for (const [i, value] of values.entries()) {
    const el = pool[i]!;
    const why = tappable(index, el);
    if (why) return notSettled(`${why}; scroll to it first`);
    out.push(...replace(index, el, value));
    named.push(`"${value}" into ${describeElement(el.node)}`);
  }
  return actions(out, `type ${named.join(', ')}`);
}

const singular = (w: string) => w.replace(/s$/i, '').toLowerCase();

function counter(index: ScreenIndex, noun: string, wanted: number): Resolution {
  const n = singular(noun);
  const shown = index.allCandidates
    .map((e) => ({ e, m: /^(\d+)\s+([a-z]+)$/i.exec(e.node.text?.trim() ?? '') }))
    .find((x) => x.m && singular(x.m[2]!) === n);
  const buttons = index.candidates.filter((e) => e.node.role === 'button' && e.node.text);
  const find = (re: RegExp) => buttons.find((b) => re.test(b.node.text!) && normalizeText(b.node.text!).includes(n));
  const add = find(/^(?:add|\+|increase|more)/i);
  const remove = find(/^(?:remove|-|−|decrease|fewer|less)/i);
  if (!shown || !add || !remove) return notSettled(`no counter of ${noun}s with add and remove buttons on this screen`);
  const current = Number(shown.m![1]);
  const target = wanted < 0 ? current - wanted : wanted;
  const diff = target - current;
  const button = diff > 0 ? add : remove;
  const why = tappable(index, button);
  if (diff !== 0 && why) return notSettled(why);
  if (Math.abs(diff) > 20) return notSettled(`${Math.abs(diff)} taps are too many for a counter`);
  return actions(
    Array.from({ length: Math.abs(diff) }, () => tapOn(index, button)),
    diff === 0
      ? `the counter already shows ${current} ${noun}(s)`
      : `tap ${describeElement(button.node)} ${Math.abs(diff)} time(s): ${current} → ${target}`,
  );
}

function tapTimes(index: ScreenIndex, target: Target, times: number, more = false): Resolution {
  const hit = findTarget(index, target, { preferInteractive: true });
  if (!hit.found) return notSettled(hit.reason);
  const why = tappable(index, hit.element);
  // "Tap + five times" on a quantity capped at 4: the button a cap disabled after earlier taps takes the
  // rest in vain, as on a phone (what the count reads is for the checks); disabled before any tap fails.
  if (more && !hit.element.node.enabled && !/off screen$/.test(why ?? ''))
    return actions([], `${describeElement(hit.element.node)} turned disabled; the ${times} tap(s) left do nothing`);
  // "Tap − on the thermostat 6 times" with the button below the fold: scrolled to, then read again.
  if (why) return withReveal(index, hit.element, why);
  // One tap a clause: what each tap changed is read before the next.
  const name = JSON.stringify(hit.element.node.text ?? target.text);
  return actions(
    [tapOn(index, hit.element)],
    `tap ${describeElement(hit.element.node)}`,
    times > 1 ? `tap ${name} ${times - 1} more times` : undefined,
  );
}

function pickOrdinal(
  index: ScreenIndex,
  ordinal: number,
  noun: string | null,
  text?: string,
  named?: string,
  detail?: string,
): Resolution {
  const rows = index.candidates.filter((e) => e.node.role === 'list_item' && e.node.text);
  const n = noun ? normalizeText(noun).replace(/s$/, '') : '';
  const matching = n ? rows.filter((r) => normalizeText(r.node.text!).includes(n)) : [];
  // A name before the kind: only the rows of that very name, never any row.
  const pool = named
    ? rows.filter((r) => normalizeText(r.node.text!) === normalizeText(named))
    : matching.length > 0
      ? matching
      : rows;
  const el = ordinal === -1 ? pool.at(-1) : pool[ordinal - 1];
  if (!el)
    return notSettled(
      `the list shows ${pool.length} item(s)${named ? ` named "${named}"` : ''}; there is no item ${ordinal === -1 ? 'last' : ordinal}`,
    );
  if (detail !== undefined) {
    const inRow = (e: TreeElement): boolean => e === el || (e.parent !== null && inRow(e.parent));
    const shown = index.elements.filter((e) => inRow(e) && e.node.text).map((e) => normalizeText(e.node.text!));
    if (!shown.some((t) => t.includes(normalizeText(detail))))
      return notSettled(`${describeElement(el.node)} does not show "${detail}"`);
  }
  if (text !== undefined && !normalizeText(el.node.text!).includes(normalizeText(text)))
    return notSettled(
      `item ${ordinal === -1 ? pool.length : ordinal} of ${pool.length} is ${describeElement(el.node)}, not "${text}"`,
    );
  const why = tappable(index, el);
  if (why) return notSettled(why);
  return actions(
    [tapOn(index, el)],
    `tap ${describeElement(el.node)} (item ${ordinal === -1 ? pool.length : ordinal} of ${pool.length})`,
  );
}

/** One step back at a time, each read again on the screen it leads to, until the named screen shows. */
function backUntil(index: ScreenIndex, screen: string, left: number): Resolution {
  const here = checkScreen(index, screen, false);
  if (here.settled && here.passed) return actions([], `the ${screen} screen is showing`);
  if (left <= 0)
    return notSettled(
      `went back ${MAX_BACKS} times and the ${screen} screen did not show (${here.settled ? here.reasoning : here.reason})`,
    );
  return actions(
    [{ op: 'back' }],
    `go back (${here.settled ? here.reasoning : here.reason})`,
    `go back at most ${left - 1} more times until the ${screen} screen is shown`,
  );
}

/**
 * "Go back to Cards": nothing to do on that screen; on a screen with no Back control, the tab or link of that name
 * (a tab bar has no way back; scrolled to when not shown); else one step back, and the next step checks where it led.
 */
function backTo(index: ScreenIndex, screen: string): Resolution {
  const here = checkScreen(index, screen, false);
  if (here.settled && here.passed) return actions([], `already on the ${screen} screen`);
  const back = findTarget(index, { text: 'Back' }, { preferInteractive: true, closeOnly: true });
  if (!back.found && !back.ambiguous) {
    const named = findTarget(index, { text: screen }, { preferInteractive: true, closeOnly: true });
    const el = named.found ? named.element : null;
    const why = `no Back control on this screen: tap ${el ? describeElement(el.node) : ''} to go back to ${screen}`;
    if (el && isInteractive(el.node) && el.node.role !== 'input' && !tappable(index, el))
      return actions([tapOn(index, el)], why);
    if (!named.found && !named.ambiguous && scrollable(index))
      return notSettled(`no tab, button or row named "${screen}" on this screen`);
  }
  return actions([{ op: 'back' }], `go back to ${screen}`);
}

export const DISMISS =
  /^(?:cancel|no|not now|not yet|keep it|keep|close|dismiss|stay|stay signed in|later|don['’]t|never|deny|back|go back)\b/i;

function dialog(index: ScreenIndex, accept: boolean, what: string | null, button?: string): Resolution {
  const alerts = index.elements.filter((e) => e.node.role === 'alert' && e.node.children.length > 0);
  const top = alerts.at(-1);
  if (button !== undefined) return dialogButton(index, top, button);
  if (!top) {
    if (!what) return notSettled('no dialog is open on this screen');
    // "Accept the fare rules": a switch or button of that name on the screen.
    const hit = findTarget(index, { text: what }, { preferInteractive: true, roles: ['toggle', 'button'] });
    if (!hit.found) return notSettled(`no dialog is open, and nothing here is called "${what}"`);
    const why = tappable(index, hit.element);
    if (why) return notSettled(why);
    if (hit.element.node.role === 'toggle' && hit.element.node.checked === accept)
      return actions([], `${describeElement(hit.element.node)} is already ${accept ? 'on' : 'off'}`);
    return actions([tapOn(index, hit.element)], `tap ${describeElement(hit.element.node)}`);
  }
  const inside = (e: TreeElement): boolean => e === top || (e.parent !== null && inside(e.parent));
  const buttons = index.elements.filter((e) => inside(e) && e.node.role === 'button' && e.node.text);
  // "Delete draft?" with "Keep" and "Delete draft", "Cancel this booking?" with "Keep booking" and "Cancel booking":
  // the button that repeats the dialog's question (every word of a name of two or more) answers yes to it.
  const question = top.node.text?.trim().endsWith('?') ? normalizeText(top.node.text) : '';
  const asking = new Set(question.split(' '));
  const repeats = (name: string) =>
    name === question || (name.includes(' ') && name.split(' ').every((w) => asking.has(w)));
  const asked = buttons.filter((b) => question !== '' && repeats(normalizeText(b.node.text!)));
  const dismissing = buttons.filter((b) => DISMISS.test(b.node.text!.trim()) && !asked.includes(b));
  const confirming = buttons.filter((b) => !dismissing.includes(b));
  const pick = accept ? confirming : dismissing;
  if (pick.length !== 1) {
    const listed = buttons.map((b) => `"${b.node.text}"`).join(', ');
    return notSettled(
      `cannot tell which button ${accept ? 'confirms' : 'cancels'} the dialog (${listed}); tap it by name`,
    );
  }
  const why = tappable(index, pick[0]!);
  if (why) return notSettled(why);
  return actions(
    [tapOn(index, pick[0]!)],
    `tap ${describeElement(pick[0]!.node)} to ${accept ? 'confirm' : 'cancel'} the dialog`,
  );
}

/** "Tap OK on the alert": the button of that name inside the open dialog, and only there. */
function dialogButton(index: ScreenIndex, top: TreeElement | undefined, name: string): Resolution {
  if (!top) return notSettled(`no dialog is open on this screen, so there is no "${name}" in one`);
  const inside = (e: TreeElement): boolean => e === top || (e.parent !== null && inside(e.parent));
  const buttons = index.elements.filter((e) => inside(e) && e !== top && e.node.text && e.node.role !== 'text');
  const want = normalizeText(name);
  const hits = buttons.filter((b) => normalizeText(b.node.text!) === want);
  if (hits.length !== 1) {
    const listed = buttons.map((b) => `"${b.node.text}"`).join(', ');
    return notSettled(
      hits.length === 0
        ? `the open dialog has no "${name}" (${listed || 'no buttons'})`
        : `${hits.length} elements of the dialog read "${name}"`,
    );
  }
  const why = tappable(index, hits[0]!);
  if (why) return notSettled(why);
  return actions([tapOn(index, hits[0]!)], `tap ${describeElement(hits[0]!.node)} in the dialog`);
}

function focusedInput(index: ScreenIndex): UiNode | null {
  return index.candidates.find((e) => e.node.role === 'input' && e.node.focused)?.node ?? null;
}

export function resolveForm(intent: FormIntent, index: ScreenIndex): Resolution {
  switch (intent.kind) {
    case 'fill':
      return fill(index, intent.values, intent.within);
    case 'counter':
      return counter(index, intent.noun, intent.count);
    case 'tap_times':
      return tapTimes(index, intent.target, intent.times, intent.more);
    case 'pick_ordinal':
      return pickOrdinal(index, intent.ordinal, intent.noun, intent.text, intent.named, intent.detail);
    case 'back_until':
      return backUntil(index, intent.screen, intent.left);
    case 'back_to':
      return backTo(index, intent.screen);
    case 'navigate':
      return navigate(index, intent.path);
    case 'dialog':
      if (intent.optional && !index.elements.some((e) => e.node.role === 'alert' && e.node.children.length > 0))
        return actions([], 'no dialog is open: nothing to answer');
      return dialog(index, intent.accept, intent.what, intent.button);
    case 'kill':
      return actions([{ op: 'terminate' }], 'stop the app');
    case 'background':
      return actions(
        [{ op: 'home' }, { op: 'wait', ms: intent.ms ?? 1000 }, { op: 'launch' }],
        `send the app to the background for ${(intent.ms ?? 1000) / 1000} s and bring it back`,
      );
    case 'hide_keyboard':
      return focusedInput(index)
        ? actions([{ op: 'back' }], 'hide the keyboard')
        : actions([], 'the keyboard is not shown');
  }
}
