import {
  basketControl,
  checkoutControl,
  itemRow,
  onBasket,
  onItemScreen,
  onPlace,
  optionControl,
  placeControl,
  primaryAdd,
  quantityStepper,
  rowAddControl,
  tapOn,
  untappable,
} from './cart-screens';
import { readCartStep, type CartItem, type CartPlan } from './cart-parse';
import { scrollPlanTo } from './plans';
import { notSettled, type DeviceAction, type Resolution } from './resolution';
import { scrollable, scrolledDown } from './screen-shape';
import type { ScreenIndex } from './target-finder';
import { resolveAction } from './resolve-action';
import { describeElement, type TreeElement } from './ui-tree';
import { normalizeText } from './text-match';

/**
 * "Add 2 Croissant (Large) and 1 Tea from Corner Bakery, open the cart": things added to a basket or cart on any
 * shop-style screen. The place is opened first when named (its row or tab); each item's row is found (the same
 * text listed twice is one item: the first); a row with its own add control has it tapped N times, otherwise the
 * row is opened, the options named are chosen, the quantity stepper is set to N (read back), and the screen's one
 * add button is tapped; then back to the list for the next item. Each screen change is read afresh: what is left
 * is carried in `then` as "add to the basket: …". What follows the items (open the basket, go to checkout, the
 * checkout's choices, place the order) is read by the rest of the interpreter, clause by clause.
 */

export type ReadRest = (text: string, index: ScreenIndex) => Resolution;

const MAX_TAPS = 20;

/** Items and what follows, as the text read on the next screen. */
export function planText(plan: CartPlan): string {
  if (plan.items.length === 0) return plan.after ?? '';
  const items = plan.items
    .map((i) => `${i.count} "${i.name}"${i.options.map((o) => ` with "${o}"`).join('')} ${i.stage}`)
    .join('; ');
  const place = plan.place ? ` at "${plan.place}"` : '';
  return `${plan.attempt ? 'try to ' : ''}add to the basket${place}: ${items}${plan.after ? `, then ${plan.after}` : ''}`;
}

const act = (list: DeviceAction[], reasoning: string, next: CartPlan): Resolution => {
  const then = planText(next);
  return { settled: true, kind: 'actions', actions: list, reasoning, ...(then ? { then } : {}) };
};

const failed = (reasoning: string): Resolution => ({ settled: true, kind: 'check', passed: false, reasoning });

const withItem = (plan: CartPlan, item: CartItem | null): CartPlan => ({
  ...plan,
  items: item ? [item, ...plan.items.slice(1)] : plan.items.slice(1),
});

/** The step, when it adds things to a basket or cart (or asks for an order of them); null when it does not. */
export function cartStep(s: string, index: ScreenIndex, readRest: ReadRest): Resolution | null {
  const plan = readCartStep(s);
  if (!plan) return null;
  if ('refused' in plan) return notSettled(plan.refused);
  // "Add 2 Adults" beside a counter reading "1 adult": the counter's own form reads it.
  const only = plan.items.length === 1 && !plan.place && !plan.after ? plan.items[0]! : null;
  if (only?.stage === 'find') {
    const noun = normalizeText(only.name).replace(/s$/, '');
    const counter = index.allCandidates.some((e) => {
      const m = /^\d+\s+(.+?)s?$/.exec(normalizeText(e.node.text ?? ''));
      return m?.[1] === noun;
    });
    if (counter) return null;
  }
  return runPlan(plan, index, readRest);
}

function runPlan(plan: CartPlan, index: ScreenIndex, readRest: ReadRest): Resolution {
  const alert = index.elements.find((e) => e.node.role === 'alert' && e.node.children.length > 0);
  if (alert) return notSettled(`a dialog is open (${describeElement(alert.node)}); answer it before adding more`);
  if (plan.place) {
    if (onPlace(index, plan.place)) return runPlan({ ...plan, place: null }, index, readRest);
    const place = placeControl(index, plan.place);
    if (!place.found) return notSettled(`${place.reason}: cannot open "${plan.place}" to add from it`);
    const why = untappable(index, place.element);
    if (why) return notSettled(why);
    return act([tapOn(index, place.element)], `open ${describeElement(place.element.node)}`, { ...plan, place: null });
  }
  const item = plan.items[0];
  if (!item) return plan.after ? readRest(plan.after, index) : act([], 'nothing left to add', plan);
  switch (item.stage) {
    case 'added':
      // The app may go back to the list by itself; if the item's screen still shows, go back.
      if (onItemScreen(index, item.name))
        return act([{ op: 'back' }], `"${item.name}" added; back to the list`, withItem(plan, null));
      return runPlan(withItem(plan, null), index, readRest);
    case 'opened':
    case 'set':
      return onItemPage(plan, item, index);
    default:
      return onList(plan, item, index);
  }
}

/** On the list: the item's row, tapped by its own add control or opened. */
function onList(plan: CartPlan, item: CartItem, index: ScreenIndex): Resolution {
  if (item.stage !== 'row' && onItemScreen(index, item.name))
    return onItemPage(plan, { ...item, stage: 'opened' }, index);
  const row = itemRow(index, item.name);
  const hidden = row.found && untappable(index, row.element)?.endsWith('off screen');
  if (!row.found || hidden) {
    const reason = row.found ? `${describeElement(row.element.node)} is off screen` : row.reason;
    if ((!row.found ? row.missing : true) && item.stage === 'find' && scrollable(index)) {
      const above = row.found && row.element.node.bounds.y < index.observation.screen.height / 2;
      const direction = above || (!row.found && scrolledDown(index)) ? 'up' : 'down';
      return {
        settled: true,
        kind: 'scroll_until',
        plan: scrollPlanTo(index, { text: item.name }, direction),
        reasoning: `${reason}; scroll ${direction} until it shows`,
        then: planText(withItem(plan, { ...item, stage: 'sought' })),
        notFound: reason,
      };
    }
    return notSettled(`${reason}: cannot add "${item.name}"`);
  }
  const own = rowAddControl(index, row.element);
  if (item.stage === 'row' && !own) return failed(`the "${item.name}" row no longer shows its add control`);
  if (own) {
    const why = untappable(index, own);
    if (why) return notSettled(why);
    const left = item.count - 1;
    return act(
      [tapOn(index, own)],
      `tap ${describeElement(own.node)} in the "${item.name}" row (${item.count} to go)`,
      withItem(plan, left > 0 ? { ...item, count: left, stage: 'row' } : null),
    );
  }
  const why = untappable(index, row.element);
  if (why) return notSettled(why);
  return act(
    [tapOn(index, row.element)],
    `open ${describeElement(row.element.node)}: it has no add control of its own`,
    withItem(plan, { ...item, stage: 'opened' }),
  );
}

/** On the item's screen: its options, then the quantity, then the add button. */
function onItemPage(plan: CartPlan, item: CartItem, index: ScreenIndex): Resolution {
  if (!onItemScreen(index, item.name)) {
    const add = primaryAdd(index);
    return notSettled(
      add.found
        ? `the screen is not "${item.name}"'s (its title or heading does not read so)`
        : `${add.reason}: cannot add "${item.name}" here`,
    );
  }
  const [option, ...others] = item.options;
  if (option) {
    const control = optionControl(index, option);
    if (!control.found) return notSettled(`${control.reason}: cannot choose it for "${item.name}"`);
    const why = untappable(index, control.element);
    if (why) return notSettled(why);
    return act(
      [tapOn(index, control.element)],
      `choose ${describeElement(control.element.node)}`,
      withItem(plan, { ...item, options: others }),
    );
  }
  const stepper = quantityStepper(index);
  if (typeof stepper === 'string') return notSettled(stepper);
  if (item.stage === 'set' && stepper && stepper.count !== item.count)
    return failed(`the quantity reads ${stepper.count}, not ${item.count}`);
  if (!stepper && item.count !== 1)
    return notSettled(`no quantity stepper (a number between − and + buttons) to set ${item.count} "${item.name}"`);
  if (stepper && stepper.count !== item.count) {
    const diff = item.count - stepper.count;
    const button: TreeElement = diff > 0 ? stepper.more : stepper.less;
    const why = untappable(index, button);
    if (why) return notSettled(why);
    if (Math.abs(diff) > MAX_TAPS) return notSettled(`${Math.abs(diff)} taps are too many for a quantity`);
    return act(
      Array.from({ length: Math.abs(diff) }, () => tapOn(index, button)),
      `tap ${describeElement(button.node)} ${Math.abs(diff)} time(s): quantity ${stepper.count} → ${item.count}`,
      withItem(plan, { ...item, stage: 'set' }),
    );
  }
  const add = primaryAdd(index);
  if (!add.found) return notSettled(add.reason);
  const why = untappable(index, add.element);
  if (why) return notSettled(why);
  return act(
    [tapOn(index, add.element)],
    `tap ${describeElement(add.element.node)} for ${item.count} "${item.name}"`,
    // "Try to add …": what the add leaves on screen is the outcome, read by the next step.
    withItem(plan, plan.attempt && plan.items.length === 1 ? null : { ...item, stage: 'added' }),
  );
}

/**
 * "go on to the basket" (a step of the forms above): nothing on the basket itself, else its one button or tab.
 * "go on to the checkout": the checkout button here, or the basket first.
 */
export function basketStep(s: string, index: ScreenIndex, readRest: ReadRest): Resolution | null {
  const m = /^go on to the (basket|checkout)(?:(?:,\s*(?:then\s+)?|;\s*)(.+))?$/i.exec(s);
  if (!m) return null;
  const then = m[2];
  const done = (r: Resolution): Resolution =>
    then && r.settled ? { ...r, then: r.then ? `${r.then}, then ${then}` : then } : r;
  if (/^checkout$/i.test(m[1]!)) {
    const checkout = checkoutControl(index);
    if (checkout && !untappable(index, checkout))
      return done(act([tapOn(index, checkout)], `go to checkout: tap ${describeElement(checkout.node)}`, emptyPlan()));
    if (onBasket(index) || checkout) return done(readRest('go to checkout', index));
    const basket = basketControl(index);
    if (!basket) return notSettled('no checkout button, and no basket or cart button to reach it from, on this screen');
    return act([tapOn(index, basket)], `open the basket first: tap ${describeElement(basket.node)}`, {
      ...emptyPlan(),
      after: `go on to the checkout${then ? `, then ${then}` : ''}`,
    });
  }
  if (onBasket(index)) return done(act([], 'the basket is open already', emptyPlan()));
  const basket = basketControl(index);
  if (basket)
    return done(act([tapOn(index, basket)], `open the basket: tap ${describeElement(basket.node)}`, emptyPlan()));
  return done(readRest('open the basket', index));
}

const emptyPlan = (): CartPlan => ({ place: null, items: [], after: null });

const CODE_FIELD = /\b(?:promo|code|coupon|voucher|discount)\b/i;

/**
 * "Apply SAVE10", "Apply the promo code SAVE10": the code typed into the screen's one code field (its label or id
 * speaks of a promo, coupon, voucher, discount or code), then its Apply button.
 */
export function applyCode(s: string, index: ScreenIndex): Resolution | null {
  const m =
    /^apply\s+(?:the\s+)?(?:(?:promo|promotion|discount|coupon|voucher)\s+)?(?:code\s+)?"?([A-Za-z0-9-]{3,24})"?(?:\s+code)?(?:(?:,\s*(?:then\s+)?|;\s*)(.+))?$/i.exec(
      s,
    );
  if (!m || !/\d|^[A-Z-]{3,}$/.test(m[1]!)) return null;
  const code = m[1]!;
  const fields = index.candidates.filter(
    (e) =>
      e.node.role === 'input' &&
      (CODE_FIELD.test(index.labels.get(e.node)?.text ?? '') ||
        CODE_FIELD.test((e.node.id ?? '').replace(/[-_]/g, ' '))),
  );
  if (fields.length !== 1)
    return notSettled(
      fields.length
        ? `${fields.length} code fields on this screen`
        : `no promo or code field on this screen to apply ${code}`,
    );
  const field = fields[0]!;
  const apply = index.candidates.filter(
    (e) => e.node.role === 'button' && /^(?:apply|redeem)\b/i.test(e.node.text ?? ''),
  );
  // An Apply button below the fold is scrolled to by the tap that follows.
  if (apply.length > 1) return notSettled(`${apply.length} Apply buttons on this screen; which one applies the code?`);
  const name = index.labels.get(field.node)?.text ?? field.node.id ?? '';
  const typed = resolveAction({ kind: 'type', text: code, target: { text: name, role: 'field' } }, index);
  if (!typed.settled) return typed;
  const tap = `tap ${JSON.stringify(apply[0]?.node.text ?? 'Apply')}`;
  return { ...typed, then: m[2] ? `${tap}, then ${m[2]}` : tap };
}
