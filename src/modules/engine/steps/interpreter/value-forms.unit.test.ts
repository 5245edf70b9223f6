import { describe, expect, it } from 'vitest';
import { interpretStep, type DeviceAction, type Resolution } from './index';
import { labelled, logInForm, node, orderForm, screen } from './hand-built-screens.fixture';

/**
 * Typing where the step names no field, and short action forms, on hand-built screens: a value placed by
 * its shape, a field's label followed by its value, a name with its kind, an action the step says not to
 * do, a scroll that may not be needed. Each form has a near miss that must not be guessed.
 */

const acts = (r: Resolution): DeviceAction[] => (r.settled && r.kind === 'actions' ? r.actions : []);
const typed = (r: Resolution) =>
  acts(r).flatMap((a) => (a.op === 'input' && a.event.kind === 'text' ? [[a.selector?.id, a.event.text]] : []));
const tapped = (r: Resolution) =>
  acts(r).flatMap((a) => (a.op === 'input' && a.event.kind === 'tap' ? [a.selector?.id ?? a.selector?.text] : []));
const swipes = (r: Resolution) => acts(r).filter((a) => a.op === 'input' && a.event.kind === 'swipe').length;

describe('a value with no field named goes where its shape fits', () => {
  it('an email goes to the one email field, a number to the one quantity field', () => {
    expect(typed(interpretStep('Enter sam@shop.test', orderForm()))).toEqual([['contact-email', 'sam@shop.test']]);
    expect(typed(interpretStep('Enter 3', orderForm()))).toEqual([['qty', '3']]);
    expect(typed(interpretStep('Enter 1,250.50', orderForm()))).toEqual([['qty', '1,250.50']]);
  });

  it('a number that two fields could take, or an email with no email field, is not settled', () => {
    const twoNumbers = orderForm({}, labelled('Age', 'age', 440));
    expect(interpretStep('Enter 3', twoNumbers).settled).toBe(false);
    const noEmail = screen('Order', [...labelled('Full name', 'full-name', 80), ...labelled('Note', 'note', 170)]);
    expect(interpretStep('Enter sam@shop.test', noEmail).settled).toBe(false);
    expect(interpretStep('Enter 3', noEmail).settled).toBe(false);
  });

  it('a 4-digit code goes to the one PIN field; two digits are no PIN', () => {
    const pin = screen('Unlock', [...labelled('PIN', 'pin', 100), ...labelled('Nickname', 'nick', 190)]);
    expect(typed(interpretStep('Enter 4321', pin))).toEqual([['pin', '4321']]);
    expect(interpretStep('Enter 12', pin).settled).toBe(false);
  });

  it('a word goes to the one free-text field when the others are filled in, even past a focused email field', () => {
    expect(typed(interpretStep('Enter hunter2', logInForm('jo@x.test')))).toEqual([['login-password', 'hunter2']]);
    expect(typed(interpretStep('Enter hunter2', logInForm('jo@x.test', '', true)))).toEqual([
      ['login-password', 'hunter2'],
    ]);
  });

  it('a word with another field still empty, or with two free-text fields, is not settled', () => {
    expect(interpretStep('Enter hunter2', logInForm()).settled).toBe(false);
    expect(interpretStep('Enter Sam', orderForm()).settled).toBe(false);
  });

  it('several words are never placed by their shape', () => {
    expect(interpretStep('Enter Sam Lee', orderForm({ email: 'a@b.co', qty: '1', note: 'x' })).settled).toBe(false);
  });

  it('"Enter jo@x.test and password hunter2" types the email by its shape, then the named field', () => {
    const r = interpretStep('Enter jo@x.test and password hunter2, tap Log in', logInForm());
    expect(typed(r)).toEqual([
      ['login-email', 'jo@x.test'],
      ['login-password', 'hunter2'],
    ]);
    expect(r.settled && r.then).toBe('tap Log in');
  });

  it('"Enter jo and password hunter2" with a value no field fits by shape is not settled', () => {
    expect(interpretStep('Enter jo and password hunter2', logInForm()).settled).toBe(false);
  });
});

describe("a field's label followed by its value", () => {
  it('"Quantity 2" and "Note Leave at the door" type into the fields of those labels', () => {
    expect(typed(interpretStep('Quantity 2', orderForm()))).toEqual([['qty', '2']]);
    expect(typed(interpretStep('Note Leave at the door', orderForm()))).toEqual([['note', 'Leave at the door']]);
  });

  it('"Enter Full name Sam Lee, Email sam@shop.test, Quantity 2" fills each field in turn', () => {
    const r = interpretStep('Enter Full name Sam Lee, Email sam@shop.test, Quantity 2', orderForm());
    expect(typed(r)).toEqual([['full-name', 'Sam Lee']]);
    const next = interpretStep(r.settled ? r.then! : '', orderForm({ name: 'Sam Lee' }));
    expect(typed(next)).toEqual([['contact-email', 'sam@shop.test']]);
    const last = interpretStep(next.settled ? next.then! : '', orderForm({ name: 'Sam Lee', email: 'sam@shop.test' }));
    expect(typed(last)).toEqual([['qty', '2']]);
  });

  it('words after a label that say something of the field are not its value', () => {
    expect(typed(interpretStep('Quantity accepts numbers only', orderForm()))).toEqual([]);
    expect(typed(interpretStep('Quantity cannot be negative', orderForm()))).toEqual([]);
    expect(typed(interpretStep('Note is optional', orderForm()))).toEqual([]);
  });

  it('a label that names no field on screen, or a text label, is not typed into', () => {
    expect(interpretStep('Colour red', orderForm()).settled).toBe(false);
    const total = screen('Order', [node('text', 'Total', 100), node('text', '€9.00', 140)]);
    expect(interpretStep('Total 9', total).settled).toBe(false);
  });

  it('"Put 5 in the Quantity field" types into it; "Put 5 in Quantity", naming no field, is not read', () => {
    expect(typed(interpretStep('Put 5 in the Quantity field', orderForm()))).toEqual([['qty', '5']]);
    expect(interpretStep('Put 5 in Quantity', orderForm()).settled).toBe(false);
  });

  it('"Enter the value 66 in Quantity" types 66; words that are the value keep "value"', () => {
    expect(typed(interpretStep('Enter the value 66 in Quantity', orderForm()))).toEqual([['qty', '66']]);
    expect(typed(interpretStep('Enter value added tax in Note', orderForm()))).toEqual([['note', 'value added tax']]);
  });

  it('"Type Ring twice in Note" reaches the field labelled "Note (optional)"', () => {
    expect(typed(interpretStep('Type Ring twice in Note', orderForm()))).toEqual([['note', 'Ring twice']]);
  });
});

describe('short action forms', () => {
  const tabs = screen('Home', [
    node('button', 'Orders', 60, { id: 'tab-orders' }),
    node('button', 'Profile', 110, { id: 'tab-profile' }),
    node('text', 'Recent activity', 160),
  ]);

  it('"Orders tab" and "the Profile button" tap them', () => {
    expect(tapped(interpretStep('Orders tab', tabs))).toEqual(['tab-orders']);
    expect(tapped(interpretStep('the Profile button', tabs))).toEqual(['tab-profile']);
  });

  it('a name with its kind that is not here, or is only a text, is not settled', () => {
    expect(interpretStep('Reports tab', tabs).settled).toBe(false);
    expect(interpretStep('Recent activity tab', tabs).settled).toBe(false);
  });

  it('"Don\'t type a note, just tap Place order" does nothing, then taps the button', () => {
    const r = interpretStep("Don't type a note, just tap Place order", orderForm());
    expect(r.settled && r.kind === 'actions' && r.actions).toEqual([]);
    expect(r.settled && r.then).toBe('tap Place order');
    expect(tapped(interpretStep('tap Place order', orderForm()))).toEqual(['place-order']);
  });

  it('a negation of no action ("Don\'t forget the note") is not read as nothing to do', () => {
    expect(interpretStep("Don't forget the note", orderForm()).settled).toBe(false);
  });

  it('"Scroll down if needed" swipes once on a screen that scrolls and does nothing on one that does not', () => {
    const long = screen('Feed', [node('list', null, 60, { bounds: { x: 0, y: 60, width: 393, height: 792 } })]);
    expect(swipes(interpretStep('Scroll down if needed', long))).toBe(1);
    const short = interpretStep('Scroll down if needed', tabs);
    expect(short.settled && short.kind === 'actions' && short.actions).toEqual([]);
  });

  it('"If needed, scroll down" is the same; "Scroll down if needed to see X" scrolls until X shows', () => {
    const long = screen('Feed', [node('list', null, 60, { bounds: { x: 0, y: 60, width: 393, height: 792 } })]);
    expect(swipes(interpretStep('If needed, scroll down', long))).toBe(1);
    const r = interpretStep('Scroll down if needed to see Older posts', long);
    expect(r.settled && r.kind === 'scroll_until' && r.plan.target).toEqual({ text: 'Older posts' });
    const after = interpretStep('Scroll down to see Older posts if needed, then tap Older posts', long);
    expect(after.settled && after.kind === 'scroll_until' && after.plan.target).toEqual({ text: 'Older posts' });
  });

  it('"Scroll if needed" says no way to scroll and is not understood', () => {
    expect(interpretStep('Scroll if needed', tabs).settled).toBe(false);
  });

  it('"Tap Place order without a note" taps the button; what is left undone is a remark', () => {
    expect(tapped(interpretStep('Tap Place order without a note', orderForm()))).toEqual(['place-order']);
  });

  it('"Tap Place order with a note" is not read as the button', () => {
    expect(interpretStep('Tap Place order with a note', orderForm()).settled).toBe(false);
  });

  it('"Tap Water plants in the list" taps the row; another place after the name is not dropped', () => {
    const list = screen('Tasks', [
      node('list', null, 60, {
        bounds: { x: 0, y: 60, width: 393, height: 200 },
        children: [node('list_item', 'Water plants', 60, { id: 'task-1' })],
      }),
    ]);
    expect(tapped(interpretStep('Tap Water plants in the list', list))).toEqual(['task-1']);
    // Not tapped: the whole name is looked for (and never shows).
    expect(tapped(interpretStep('Tap Water plants in the basket', list))).toEqual([]);
  });

  it('"Type 42 in quantity" and "Leave the note empty and tap Place order" read as written', () => {
    expect(typed(interpretStep('Type 42 in quantity', orderForm()))).toEqual([['qty', '42']]);
    const r = interpretStep('Leave the note empty and tap Place order', orderForm());
    expect(r.settled).toBe(true);
    const filled = interpretStep('Leave the note empty and tap Place order', orderForm({ note: 'Hi' }));
    expect(filled.settled && filled.kind === 'check' && filled.passed).toBe(false);
  });
});
