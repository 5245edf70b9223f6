import { describe, expect, it } from 'vitest';
import type { UiNode } from '../../../../worker/driver';
import { checkReveal, interpretAssertion, interpretStep, parseStep, type Check, type Observation } from './index';

/**
 * Assertions in QA shorthand on hand-built screens of a generic shop app: a row's place and second
 * line, a label's value without quotes, words that name a value, being on a screen, a screen's
 * heading, lists led by their noun, a counter read by its value, and absence said briefly. Each form
 * has a near miss that must fail or stay unsettled, never pass.
 */

let refs = 0;
const node = (role: string, text: string | null, y: number, extra: Partial<UiNode> = {}): UiNode => ({
  ref: `e${++refs}`,
  role,
  text,
  id: extra.id ?? null,
  bounds: { x: 16, y, width: 360, height: 22 },
  enabled: true,
  focused: false,
  children: [],
  ...extra,
});
const sized = (role: string, text: string | null, y: number, height: number, extra: Partial<UiNode> = {}) =>
  node(role, text, y, { ...extra, bounds: { x: 16, y, width: 360, height } });

function screen(title: string, children: UiNode[]): Observation {
  return {
    screen: { width: 393, height: 852, rotation: 0 },
    tree: node('application', 'Shop', 0, {
      bounds: { x: 0, y: 0, width: 393, height: 852 },
      children: [
        node('screen', title, 0, {
          bounds: { x: 0, y: 0, width: 393, height: 852 },
          children: [node('navigation_bar', title, 0, { bounds: { x: 0, y: 0, width: 393, height: 56 } }), ...children],
        }),
      ],
    }),
  };
}

const row = (title: string, line: string | null, y: number) =>
  node('list', null, y, {
    bounds: { x: 16, y, width: 360, height: 64 },
    children: [
      node('list_item', title, y, {
        bounds: { x: 16, y, width: 360, height: 64 },
        children: line ? [sized('text', line, y + 36, 16)] : [],
      }),
    ],
  });

const orders = screen('Orders', [
  sized('text', '5 orders open', 70, 26, { id: 'open-count' }),
  node('button', 'Today', 110),
  sized('text', 'Due this week', 150, 26),
  row('Order 1042', 'Shipped · Express', 190),
  row('Order 1043', 'Packed · Standard', 266),
  row('Order 1044', 'Waiting', 342),
]);

/** A long list: its last rows are below the screen's edge, and not in the UI tree. */
const longList = screen('Orders', [
  sized('text', 'Due this week', 70, 26),
  ...Array.from({ length: 10 }, (_, i) => row(`Order ${2000 + i}`, 'Packed', 110 + i * 76)).filter(
    (r) => r.bounds.y < 852,
  ),
]);

const detail = (notice: string | null) =>
  screen('Order', [
    ...(notice ? [sized('text', notice, 64, 20)] : []),
    sized('text', 'Order 1042', 96, 26, { id: 'order-title' }),
    sized('text', 'Status', 140, 18),
    sized('text', 'Shipped', 162, 22),
    sized('text', 'Carrier', 196, 18),
    sized('text', 'Parcelnet', 218, 22),
    sized('text', 'Gift wrap', 252, 18),
    sized('text', 'Off', 274, 22),
    node('button', 'Cancel order', 320),
  ]);

const profile = screen('Profile', [
  sized('text', 'Jo Park', 70, 26),
  sized('text', 'jo@shop.test', 100, 18),
  sized('text', 'Open tickets', 140, 18),
  sized('text', '3', 162, 22),
  node('button', 'Settings', 210),
]);

const form = screen('New order', [
  sized('text', 'Reference', 70, 18),
  node('input', '', 92, { id: 'reference' }),
  sized('text', 'Shipping', 140, 18),
  sized('text', 'Express', 162, 22),
  node('button', 'Save order', 210),
]);

const picker = screen('Shipping', [
  sized('text', 'Choose how it ships', 70, 18),
  row('Express', null, 100),
  row('Standard', null, 176),
  row('Pickup', null, 252),
  sized('text', 'No order matches "zzz". Try another word.', 340, 18),
]);

const settings = screen('Settings', [node('toggle', 'Dark mode', 80, { checked: true })]);

const verdict = (text: string, obs: Observation) => {
  const r = interpretAssertion(text, obs);
  return r.settled ? r.passed : 'not settled';
};
const kindOf = (text: string) => {
  const p = parseStep(text);
  return p.understood && p.intent.kind === 'check' ? p.intent.check.kind : p.understood ? p.intent.kind : null;
};

describe("a row's place in the list", () => {
  it('reads "X is the first / second / last <noun>", in the list or under a heading', () => {
    expect(verdict('Order 1042 is the first order', orders)).toBe(true);
    expect(verdict('Order 1043 is the first order', orders)).toBe(false);
    expect(verdict('Order 1042 is first in the list', orders)).toBe(true);
    expect(verdict('Order 1043 is now the second order in Due this week', orders)).toBe(true);
    expect(verdict('Order 1044 is the last order', orders)).toBe(true);
    expect(verdict('Order 1043 is the last order', orders)).toBe(false);
    expect(verdict('Order 1042 is the first order, above Order 1043', orders)).toBe(true);
    expect(verdict('Order 1043 is the first order, above Order 1042', orders)).toBe(false);
    expect(verdict('Order 1044 is the last order with "Waiting"', orders)).toBe(true);
    expect(verdict('Order 1044 is the last order and shows "Shipped"', orders)).toBe(false);
  });

  it('reads "X is listed first", "X is at the top of the list", "X appears before Y"', () => {
    expect(verdict('Order 1042 is listed first', orders)).toBe(true);
    expect(verdict('Order 1044 is listed first', orders)).toBe(false);
    expect(verdict('Order 1042 is at the top of the list', orders)).toBe(true);
    expect(verdict('Order 1043 appears before Order 1044', orders)).toBe(true);
    expect(verdict('Order 1043 is listed below Order 1044', orders)).toBe(false);
    expect(parseStep('Save is below the form').understood).toBe(false);
  });

  it('reads the place first: "The first order is Order 1042", "The last order is …"', () => {
    expect(verdict('The first order is Order 1042', orders)).toBe(true);
    expect(verdict('The last order is Order 1044', orders)).toBe(true);
    expect(verdict('The last order is Order 1043', orders)).toBe(false);
    expect(verdict('Order 1042 appears at the top', orders)).toBe(true);
    // "The first name is Jo" is a label's value, not a row.
    expect(kindOf('The first name is Jo')).toBe('value');
  });

  it('a place the screen does not show is not settled', () => {
    expect(verdict('Order 1042 is the first order in Due next month', orders)).toBe('not settled');
  });

  it('the last row of a list that goes on below the screen is read after scrolling to its end', () => {
    expect(verdict('Order 2006 is the last order', longList)).toBe(false);
    const check = parseStep('Order 2009 is the last order');
    const reveal = checkReveal((check as { intent: { check: Check } }).intent.check, longList);
    expect(reveal?.plan.toEnd).toBe(true);
    expect(reveal?.rest).toMatchObject({ kind: 'row_at', atEnd: true });
  });

  it('"X is the first to …" is no place in a list', () => {
    expect(kindOf('Jo is the first to arrive')).not.toBe('row_at');
  });
});

describe('a row by its title and its second line', () => {
  it('reads "X with "…"", "the row for X says "…"", "X shows "…"" and "with no …"', () => {
    expect(verdict('Order 1043 with "Packed · Standard"', orders)).toBe(true);
    expect(verdict('Order 1043 with "Packed · Express"', orders)).toBe(false);
    expect(verdict('Verify the row for Order 1042 says "Shipped · Express"', orders)).toBe(true);
    expect(verdict('Order 1042 shows "Shipped · Express"', orders)).toBe(true);
    expect(verdict('Order 1042 shows "Shipped"', orders)).toBe(false);
    expect(verdict('Order 1044 shows "Waiting" with no carrier', orders)).toBe(true);
    expect(verdict('Order 1042 shows "Shipped · Express" with no express', orders)).toBe(false);
  });

  it('"The date line starts with "…"" and "The X screen is shown again with "…"" are no rows', () => {
    expect(kindOf('The date line starts with "12 Sep"')).toBe('screen_text');
    expect(verdict('The Orders screen is shown again with "5 orders open"', orders)).toBe(true);
    expect(verdict('The dialog closes and the Orders screen is still shown with "5 orders open"', orders)).toBe(true);
    // Something to do, not a row: a row's title is written as the screen writes it.
    expect(kindOf('conduct a card payment with "EC-Karte"')).not.toBe('row_line');
  });
});

describe('which screen is showing', () => {
  it('reads "We\'re back on X", "Still on X", "Screen is still X", "the X form"', () => {
    expect(verdict("We're back on Orders", orders)).toBe(true);
    expect(verdict("We're back on Orders", profile)).toBe(false);
    expect(verdict('Still on Profile', profile)).toBe(true);
    expect(verdict('Screen is still Orders', profile)).toBe(false);
    expect(verdict('We are still on the New order form', form)).toBe(true);
    expect(verdict("We're on Profile again", profile)).toBe(true);
  });

  it('a screen titled for its kind is headed by its thing: "The title is Order 1042"', () => {
    expect(verdict('The title is Order 1042', detail(null))).toBe(true);
    expect(verdict('The title is Order 1042', detail('Changes saved'))).toBe(true);
    expect(verdict('The title is Order 1043', detail(null))).toBe(false);
    expect(verdict('We are still on Order 1042', detail(null))).toBe(true);
    expect(verdict('Verify title on the Order screen is Order 1042', detail(null))).toBe(true);
  });

  it('a screen and what it shows without quotes', () => {
    expect(verdict('Order screen shows Order 1042', detail(null))).toBe(true);
    expect(verdict('Order screen shows Status Shipped', detail(null))).toBe(true);
    expect(verdict('Order screen shows Status Packed', detail(null))).toBe(false);
    expect(verdict('Profile screen shows jo@shop.test', profile)).toBe(true);
    expect(verdict('The Orders screen opens showing "5 orders open"', orders)).toBe(true);
    expect(verdict('The Orders screen opens showing "6 orders open"', orders)).toBe(false);
  });

  it('a state said with "in" is no screen: "It is in progress", "The app is in background"', () => {
    expect(kindOf('It is in progress')).not.toBe('screen');
    expect(kindOf('The app is in background')).not.toBe('screen');
    expect(verdict('We are still in the Profile screen', profile)).toBe(true);
  });

  it('"We are on a new page" still describes a screen rather than naming it', () => {
    expect(verdict('We are on a new page', orders)).toBe('not settled');
  });
});

describe("a label's value", () => {
  it('reads "Status is Shipped" without quotes, and refuses a description', () => {
    expect(verdict('Status is Shipped', detail(null))).toBe(true);
    expect(verdict('Status is Packed', detail(null))).toBe(false);
    expect(verdict('Verify Carrier is Parcelnet', detail(null))).toBe(true);
    expect(parseStep('Username is a required field').understood).toBe(false);
    // Predicates, not values as a screen writes them.
    for (const said of [
      'Date is accepted',
      'a user is logged in',
      'Navigation state is preserved',
      'Status is Open after saving',
    ])
      expect(parseStep(said).understood).toBe(false);
    expect(verdict('Verify the Status on Order is Shipped before paying', detail(null))).toBe(true);
  });

  it('reads words that name a value: "Status Shipped", "Name Jo Park is shown"', () => {
    expect(verdict('Status Shipped', detail(null))).toBe(true);
    expect(verdict('Status Packed', detail(null))).toBe(false);
    expect(verdict('Status Shipped, Carrier Parcelnet', detail(null))).toBe(true);
    expect(verdict('Status Shipped, Carrier Royal Mail', detail(null))).toBe(false);
    expect(verdict('Name Jo Park is shown', profile)).toBe(true);
    expect(verdict('Name Jo Parker is shown', profile)).toBe(false);
    expect(verdict('Email jo@shop.test is shown', profile)).toBe(true);
  });

  it('a label whose value reads On or Off answers "is on / off"', () => {
    expect(verdict('Gift wrap is off', detail(null))).toBe(true);
    expect(verdict('Gift wrap is on', detail(null))).toBe(false);
  });

  it('a name that starts with a verb is the subject of an assertion', () => {
    expect(verdict('Open tickets is 3', profile)).toBe(true);
    expect(verdict('Open tickets shows 4', profile)).toBe(false);
    // A refusal for a reason of its own stands: an assertion is not read again then.
    const r = interpretAssertion('Tap OK if it appears', profile);
    expect(r.settled ? 'settled' : r.reason).toMatch(/if it appears/);
  });

  it('"Reference is empty" is the field, not the screen title', () => {
    expect(kindOf('Reference is empty')).toBe('text');
    expect(verdict('Reference is empty', form)).toBe(true);
  });
});

describe('a counter by what it reads', () => {
  it('the quoted value answers when no element is called the counter; the same shape with other numbers fails', () => {
    expect(verdict('The counter shows "5 orders open"', orders)).toBe(true);
    expect(verdict('The counter still reads "6 orders open"', orders)).toBe(false);
    expect(verdict('The badge reads "Express shipping only today"', orders)).toBe('not settled');
  });
});

describe('shorthand presence and absence', () => {
  it('reads "X still on", ""…" still", ""…" shown", "X visible"', () => {
    expect(verdict('Dark mode still on', settings)).toBe(true);
    expect(verdict('Dark mode still off', settings)).toBe(false);
    expect(verdict('"5 orders open" still', orders)).toBe(true);
    expect(verdict('"6 orders open" shown', orders)).toBe(false);
    expect(verdict('Settings button visible', profile)).toBe(true);
    expect(verdict('Open tickets still 3', profile)).toBe(true);
  });

  it('reads "X remains in the list" and "X is still listed under <heading>"', () => {
    expect(verdict('Order 1043 remains in the list', orders)).toBe(true);
    expect(verdict('Order 1099 remains in the list', orders)).toBe(false);
    expect(verdict('Order 1043 is still listed under Due this week', orders)).toBe(true);
    expect(verdict('Order 1043 is still listed under Due next week', orders)).not.toBe(true);
  });

  it('"Dark mode: on" reads the switch', () => {
    expect(verdict('Dark mode: on', settings)).toBe(true);
    expect(verdict('Dark mode: off', settings)).toBe(false);
  });

  it('reads "No "…" message", "No A or B is shown", "X is gone from the list", "X is in the results"', () => {
    expect(verdict('No "Order deleted" message', orders)).toBe(true);
    expect(verdict('No "5 orders open" message', orders)).toBe(false);
    expect(verdict('No "Order deleted" or Order 1099 is shown', orders)).toBe(true);
    expect(verdict('No "Order deleted" or Order 1042 is shown', orders)).toBe(false);
    expect(verdict('Order 1099 is gone from the list', orders)).toBe(true);
    expect(verdict('Order 1099 is not in the list anymore', orders)).toBe(true);
    expect(verdict('Order 1042 is not in the list any more', orders)).toBe(false);
    expect(verdict('Order 1042 is gone from the list', orders)).toBe(false);
    expect(verdict('Order 1043 is in the results', orders)).toBe(true);
  });
});

describe('plural verbs, names that start with a verb, a named title', () => {
  const filled = screen('Edit order', [
    sized('text', 'Note', 70, 18),
    node('input', 'Leave at the door, please.', 92, { id: 'note' }),
    row('Pick up parcel', null, 160),
    row('Print label', null, 236),
  ]);
  it('reads "Note contain "…"", "A and B are still there", "the Shop title is shown"', () => {
    expect(verdict('Note contain "Leave at the door"', filled)).toBe(true);
    expect(verdict('Note contain "Ring the bell"', filled)).toBe(false);
    expect(verdict('Pick up parcel and Print label are still there', filled)).toBe(true);
    expect(verdict('Pick up parcel and Print labels are still there', filled)).not.toBe(true);
    expect(verdict('Pick up parcel is gone', filled)).toBe(false);
    const welcome = screen('Sign in', [sized('text', 'Shopwise', 80, 30), sized('text', 'Buy it once', 120, 18)]);
    expect(verdict('Verify the Shopwise title is shown', welcome)).toBe(true);
    expect(verdict('Verify the Shopwize title is shown', welcome)).not.toBe(true);
  });
});

describe('lists led by their noun', () => {
  it('reads "Options A, B and C are listed" and rows "listed in order: …"', () => {
    expect(verdict('Options Express, Standard and Pickup are listed', picker)).toBe(true);
    expect(verdict('Options Express, Overnight and Pickup are listed', picker)).toBe(false);
    expect(verdict('Orders listed in order: Order 1042, Order 1043, Order 1044', orders)).toBe(true);
    expect(verdict('Orders listed in order: Order 1043, Order 1042, Order 1044', orders)).toBe(false);
    expect(verdict('The form shows Reference, Shipping and Express', form)).toBe(true);
    expect(verdict('The form shows Reference, Shipping and Pickup', form)).toBe(false);
  });
});

describe('what a dialog says, in words', () => {
  const full = screen('New order', [
    node('alert', 'Your basket is full', 300, {
      bounds: { x: 40, y: 300, width: 300, height: 150 },
      children: [node('text', 'Remove an item to make room.', 340), node('button', 'OK', 400)],
    }),
  ]);
  it('reads "A dialog says the basket is full": a dialog is open and holds those words in order', () => {
    expect(verdict('A dialog says the basket is full', full)).toBe(true);
    expect(verdict('A dialog says the basket is empty', full)).toBe(false);
    expect(verdict('A dialog says the basket is full', orders)).toBe(false);
  });
});

describe('a dialog by its title, buttons by quoted names, a screen with a value', () => {
  const cancel = screen('Order', [
    node('alert', 'Cancel order?', 300, {
      bounds: { x: 40, y: 300, width: 300, height: 150 },
      children: [
        node('text', 'Order 1042 will be cancelled.', 340),
        node('button', 'Keep it', 400),
        node('button', 'Yes, cancel', 400, { bounds: { x: 200, y: 400, width: 140, height: 40 } }),
      ],
    }),
  ]);
  it('reads "The "Cancel order?" dialog says "…"" and "The buttons "Keep it" and "Yes, cancel" are offered"', () => {
    expect(verdict('The "Cancel order?" dialog says "Order 1042 will be cancelled."', cancel)).toBe(true);
    expect(verdict('The "Cancel order?" dialog says "Order 1043 will be cancelled."', cancel)).toBe(false);
    expect(verdict('The "Delete order?" dialog says "Order 1042 will be cancelled."', cancel)).toBe(false);
    expect(verdict('The buttons "Keep it" and "Yes, cancel" are offered', cancel)).toBe(true);
    expect(verdict('The buttons "Keep it" and "No, cancel" are offered', cancel)).toBe(false);
  });

  it('reads "The Order screen is still shown with Status Shipped" (a label and its value on that screen)', () => {
    expect(verdict('The Order screen is still shown with Status Shipped 2', detail(null))).toBe(false);
    const total = screen('Review', [sized('text', 'Total', 100, 18), sized('text', '€67.40', 122, 22)]);
    expect(verdict('The Review screen is still shown with Total €67.40', total)).toBe(true);
    expect(verdict('The Review screen is still shown with Total €76.40', total)).toBe(false);
    expect(verdict('The Orders screen is still shown with Total €67.40', total)).toBe(false);
  });

  it('"The confirmation shows …" with no dialog open reads the screen', () => {
    const done = screen('Booking confirmed', [sized('text', 'Total paid: €95.80', 100, 18)]);
    expect(verdict('Verify the confirmation shows "Total paid: €95.80" and "Booking confirmed"', done)).toBe(true);
    expect(verdict('Verify the confirmation shows "Total paid: €59.80" and "Booking confirmed"', done)).toBe(false);
  });
});

describe('a text after a colon', () => {
  it('reads what a described thing says, quotes and modal verbs included', () => {
    expect(verdict('The help text reads: No order matches "zzz". Try another word.', picker)).toBe(true);
    expect(verdict('The help text reads: No order matches "abc". Try another word.', picker)).not.toBe(true);
    const step = interpretStep('Verify the help text should say: No order matches "zzz". Try another word.', picker);
    expect(step.settled && step.kind === 'check' && step.passed).toBe(true);
  });
});

describe('a plural noun before values', () => {
  const check = (text: string): Check | null => {
    const p = parseStep(`Verify ${text}`);
    return p.understood && p.intent.kind === 'check' ? p.intent.check : null;
  };
  it('"Slots 19:00, 19:30 and 20:00 appear": each value shown', () => {
    expect(check('Slots 19:00, 19:30 and 20:00 appear')).toMatchObject({ kind: 'all', checks: { length: 3 } });
  });
  it('near miss: "Savings account shows £1,500.00" is one amount of one account, never a list split at its comma', () => {
    expect(JSON.stringify(check('Savings account shows £1,500.00'))).toContain('£1,500.00');
    expect(JSON.stringify(check('Savings account shows £1,500.00'))).not.toContain('"500.00"');
  });
});
