import { describe, expect, it } from 'vitest';
import { interpretStep, type Resolution } from './index';
import { node, screen } from './hand-built-screens.fixture';

/**
 * Several actions in one step, on hand-built screens of a shop: a path whose parts are actions, an action the
 * step says is confirmed, a dialog's button named with no verb, a row named by whose it is one tab away, a button
 * one tab away, and a look that claims nothing. Each form has a near miss that is not guessed.
 */

const tapped = (r: Resolution) =>
  r.settled && r.kind === 'actions'
    ? r.actions.flatMap((a) => (a.op === 'input' && a.event.kind === 'tap' ? [a.selector?.id ?? a.selector?.text] : []))
    : [];
const then = (r: Resolution) => (r.settled ? r.then : `not settled: ${r.reason}`);

const tabs = [
  node('button', 'Shop', 100, { id: 'tab-shop' }),
  node('button', 'Orders', 140, { id: 'tab-orders' }),
  node('button', 'Account', 180, { id: 'tab-account' }),
];
const shopHome = screen('Shop', [...tabs, node('text', 'Kim Lee', 260), node('button', 'Track parcel', 320)]);
const orders = screen('Orders', [
  ...tabs,
  node('list_item', 'Kim Lee', 260, { id: 'order-1' }),
  node('list_item', 'Ola Berg', 320, { id: 'order-2' }),
]);
const order = (dialog = false, extra: Parameters<typeof node>[3] = {}) =>
  screen('Order', [
    node('text', 'Kim Lee', 100),
    node('button', 'Change address', 600, { id: 'change-address' }),
    node('button', 'Delete order', 660, { id: 'delete-order', ...extra }),
    ...(dialog
      ? [
          node('alert', 'Delete order?', 300, {
            bounds: { x: 16, y: 300, width: 360, height: 200 },
            children: [
              node('text', 'The order will be removed.', 320),
              node('button', 'Keep', 380, { id: 'alert-keep' }),
              node('button', 'Delete order', 430, { id: 'alert-delete' }),
            ],
          }),
        ]
      : []),
  ]);

describe('an action the step says is confirmed', () => {
  it('"Delete and confirm" taps the one button starting with that verb, then confirms the dialog', () => {
    const r = interpretStep('Delete and confirm', order());
    expect(tapped(r)).toEqual(['delete-order']);
    expect(then(r)).toBe('confirm the dialog');
    expect(tapped(interpretStep('Delete it (confirm)', order()))).toEqual(['delete-order']);
  });

  it('the button repeating the dialog\'s question confirms it, though it starts like "cancel"', () => {
    expect(tapped(interpretStep('confirm the dialog', order(true)))).toEqual(['alert-delete']);
    expect(tapped(interpretStep('Dismiss the dialog', order(true)))).toEqual(['alert-keep']);
  });

  it('near miss: a verb no button starts with, or a disabled one, is not guessed', () => {
    expect(tapped(interpretStep('Archive and confirm', order()))).toEqual([]);
    expect(tapped(interpretStep('Delete and confirm', order(false, { enabled: false })))).toEqual([]);
    expect(
      interpretStep('Change and confirm', order()).settled && tapped(interpretStep('Change and confirm', order())),
    ).toEqual(['change-address']);
  });
});

describe('a path whose parts are actions', () => {
  it('"Account > Edit details > clear Nickname > Save": each part in turn', () => {
    const r = interpretStep('Account > Edit details > clear Nickname > Save', shopHome);
    expect(tapped(r)).toEqual(['tab-account']);
    expect(then(r)).toBe('go to Edit details, then clear Nickname; tap Save');
  });

  it('near miss: a path of names only stays a path to go', () => {
    const r = interpretStep('Account > Edit details', shopHome);
    expect(then(r)).not.toContain(';');
  });
});

describe("a dialog's button named without a verb", () => {
  it('"Delete order in the dialog" taps the dialog\'s button, not the screen\'s', () => {
    expect(tapped(interpretStep('Delete order in the dialog', order(true)))).toEqual(['alert-delete']);
  });

  it('near miss: with no dialog open it is not settled; a check is never read so', () => {
    expect(interpretStep('Delete order in the dialog', order()).settled).toBe(false);
    expect(tapped(interpretStep('Verify Keep in the dialog', order(true)))).toEqual([]);
  });
});

describe('a row or a button one tab away', () => {
  it('"Open Kim Lee\'s order" with no such row here goes by the Orders tab, then reads the step again', () => {
    const r = interpretStep("Open Kim Lee's order", shopHome);
    expect(tapped(r)).toEqual(['tab-orders']);
    expect(then(r)).toBe("Open Kim Lee's order");
    expect(tapped(interpretStep("Open Kim Lee's order", orders))).toEqual(['order-1']);
  });

  it('"Delete Kim Lee\'s order" opens the row, then taps "Delete order" and confirms a dialog that asks', () => {
    const r = interpretStep("Delete Kim Lee's order from the Orders list", shopHome);
    expect(tapped(r)).toEqual(['tab-orders']);
    const there = interpretStep("Delete Kim Lee's order", orders);
    expect(tapped(there)).toEqual(['order-1']);
    expect(then(there)).toBe('tap "delete order"; confirm the dialog if it appears');
  });

  it('"Edit details" one tab away: no such button here, but the object names a tab', () => {
    const account = screen('Shop', [...tabs, node('button', 'Sign out', 400)]);
    const details = screen('Shop', [...tabs.slice(0, 2), node('button', 'Details', 180, { id: 'tab-details' })]);
    const r = interpretStep('Edit details, clear Nickname', details);
    expect(tapped(r)).toEqual(['tab-details']);
    expect(then(r)).toBe('Edit details, clear Nickname');
    // Near miss: no tab of that name, and a verb of the interpreter's own, are not read so.
    expect(tapped(interpretStep('Edit details', account))).toEqual([]);
    expect(tapped(interpretStep('Clear Orders', account))).not.toEqual(['tab-orders']);
  });

  it('near miss: a kind that names no tab, or a row with another name there, is not guessed', () => {
    expect(tapped(interpretStep("Open Kim Lee's invoice", shopHome))).toEqual([]);
    expect(tapped(interpretStep("Open Ana Ruiz's order", orders))).toEqual([]);
  });
});

describe('a look that claims nothing', () => {
  it('"Check the rows" does nothing and goes on; "…, then tap X" goes on to the tap', () => {
    const r = interpretStep('Check the rows', orders);
    expect(r.settled && r.kind === 'actions' && r.actions).toEqual([]);
    expect(then(interpretStep('Look at the summary line, then tap Orders', orders))).toBe('tap Orders');
  });

  it('a bare "check" between a path and "back" is a look at the screen the path opened', () => {
    const r = interpretStep('check, back', orders);
    expect(r.settled && r.kind === 'actions' && r.actions).toEqual([]);
    expect(then(r)).toBe('back');
    // "Check Orders" names something: no look.
    expect(then(interpretStep('Check Orders, back', orders))).not.toBe('back');
  });

  it('near miss: a claim or a name is a check, not a look', () => {
    const claim = interpretStep('Check the error is showing', orders);
    expect(claim.settled && claim.kind === 'actions').toBe(false);
    const named = interpretStep('Check the Ola Berg row', orders);
    expect(named.settled && named.kind === 'actions' && named.actions.length === 0).toBe(false);
  });
});

describe('fields cleared together, one left alone, and a tap done with the fields empty', () => {
  const contact = (nickname = 'Kit', city = 'Oslo', zip = '0150') =>
    screen('Edit details', [
      node('text', 'Nickname', 100),
      node('input', nickname, 145, { id: 'nickname' }),
      node('text', 'City', 190),
      node('input', city, 235, { id: 'city' }),
      node('text', 'Zip', 280),
      node('input', zip, 325, { id: 'zip' }),
      node('button', 'Save', 500, { id: 'save' }),
    ]);
  const cleared = (r: Resolution) =>
    r.settled && r.kind === 'actions' ? r.actions.filter((a) => a.op === 'input' && a.event.kind !== 'tap').length : 0;

  it('"Clear City and Zip, keep nickname, Save": each field in turn, the kept one untouched, then the button', () => {
    const r = interpretStep('Clear City and Zip, keep nickname, Save', contact());
    expect(cleared(r)).toBeGreaterThan(0);
    expect(then(r)).toBe('Clear Zip, keep nickname, Save');
    const kept = interpretStep('keep nickname, Save', contact());
    expect(kept.settled && kept.kind === 'actions' && kept.actions).toEqual([]);
    expect(then(kept)).toBe('Save');
  });

  it('near miss: "keep" a name that is no field here is not a step that does nothing', () => {
    const r = interpretStep('Keep the parcel, Save', contact());
    expect(r.settled && r.kind === 'actions' && r.actions.length === 0).toBe(false);
  });

  it('"Tap Save with all fields empty" taps only when every field is empty; "both" needs two fields', () => {
    expect(tapped(interpretStep('Tap Save with all fields empty', contact('', '', '')))).toEqual(['save']);
    const filled = interpretStep('Tap Save with all fields empty', contact('', 'Oslo', ''));
    expect(filled.settled && filled.kind === 'check' && filled.passed).toBe(false);
    const both = interpretStep('Tap Save with both fields empty', contact('', '', ''));
    expect(both.settled && both.kind === 'check' && both.passed).toBe(false);
  });

  it('"Tap Save with the city empty", "… with no zip": the one field named must be empty when the button is tapped', () => {
    expect(tapped(interpretStep('Tap Save with the City field empty', contact('Kim', '', '0150')))).toEqual(['save']);
    expect(tapped(interpretStep('Tap Save with no zip', contact('Kim', 'Oslo', '')))).toEqual(['save']);
    expect(tapped(interpretStep('Tap Save leaving Nickname blank', contact('', 'Oslo', '')))).toEqual(['save']);
    const filled = interpretStep('Tap Save with no zip', contact('Kim', 'Oslo', '0150'));
    expect(filled.settled && filled.kind === 'check' && filled.passed).toBe(false);
    expect(filled.settled && filled.kind === 'check' && filled.reasoning).toMatch(/zip field is not empty \("0150"\)/);
    // No such field here: never read as a tap of "Save" alone.
    expect(tapped(interpretStep('Tap Save with no network', contact('', '', '')))).toEqual([]);
  });
});

describe('the first row of a name', () => {
  const visits = screen('Visits', [
    node('list_item', 'Ana Ruiz', 100, { id: 'v1', children: [node('text', 'Mon 3 Mar', 120)] }),
    node('list_item', 'Kim Lee', 160, { id: 'v2', children: [node('text', 'Fri 28 Feb', 180)] }),
    node('list_item', 'Kim Lee', 220, { id: 'v3', children: [node('text', 'Tue 11 Feb', 240)] }),
  ]);

  it('"Tap the first Kim Lee row (Fri 28 Feb)" picks among the Kim Lee rows only, which must show the detail', () => {
    expect(tapped(interpretStep('Tap the first Kim Lee row (Fri 28 Feb)', visits))).toEqual(['v2']);
    expect(tapped(interpretStep('Tap the last Kim Lee row', visits))).toEqual(['v3']);
  });

  it('near miss: a name no row has, or a detail the row does not show, is not settled (never the first row)', () => {
    expect(interpretStep('Tap the first Ola Berg row', visits).settled).toBe(false);
    expect(interpretStep('Tap the first Kim Lee row (Tue 11 Feb)', visits).settled).toBe(false);
  });

  it('"Tap the first visit Ana Ruiz": the first row, which must be Ana Ruiz (the kind said before the name)', () => {
    expect(tapped(interpretStep('Tap the first visit Ana Ruiz', visits))).toEqual(['v1']);
    expect(interpretStep('Tap the first visit Kim Lee', visits).settled).toBe(false);
  });

  it('"Sort by date and tap the last visit, Kim Lee": what follows an ordinal pick says which row, it is no tap of its own', () => {
    const sorted = screen('Visits', [
      node('button', 'Sort by date', 60, { id: 'sort' }),
      ...visits.tree.children[0]!.children.slice(1),
    ]);
    const r = interpretStep('Sort by date and tap the last visit, Kim Lee', sorted);
    expect(tapped(r)).toEqual(['sort']);
    expect(r.settled && r.then).toBe('tap the last visit, Kim Lee');
  });
});

describe('a known verb before a button is never a way to a tab', () => {
  it('"hit Save" taps Save once and goes no further; "Account > Sign out" stays a path of names', () => {
    const form = screen('Edit details', [node('button', 'Save', 500, { id: 'save' })]);
    const r = interpretStep('hit Save', form);
    expect(tapped(r)).toEqual(['save']);
    expect(r.settled && r.then).toBeFalsy();
    expect(then(interpretStep('Account > Sign out', shopHome))).not.toContain(';');
  });
});
