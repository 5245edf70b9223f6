import { describe, expect, it } from 'vitest';
import { interpretStep, type DeviceAction, type Resolution } from './index';
import { labelled, logInForm, node, screen } from './hand-built-screens.fixture';

/**
 * Typing into fields as people write it: a list of "Label: value" pairs, adjectives before a credential's
 * role, two bare credentials on a log-in screen, a field named by a lowercase word of its label, and a look
 * before the action. Each form has a near miss that must not be guessed.
 */

const acts = (r: Resolution): DeviceAction[] => (r.settled && r.kind === 'actions' ? r.actions : []);
const typed = (r: Resolution) =>
  acts(r).flatMap((a) => (a.op === 'input' && a.event.kind === 'text' ? [[a.selector?.id, a.event.text]] : []));
const keys = (r: Resolution) => acts(r).filter((a) => a.op === 'input' && a.event.kind === 'key').length;
const then = (r: Resolution) => (r.settled ? r.then : undefined);
const refused = (r: Resolution) => (r.settled ? `settled: ${JSON.stringify(r)}` : r.reason);

/** A library's member form: a card number, a PIN, a branch shown as text, and its button. */
const memberForm = () =>
  screen('Borrow', [
    ...labelled('Card number', 'card', 80),
    ...labelled('PIN', 'pin', 170),
    node('text', 'Branch', 260, { bounds: { x: 16, y: 260, width: 100, height: 40 } }),
    node('text', 'Leeds Central', 260, { bounds: { x: 200, y: 260, width: 160, height: 40 } }),
    node('button', 'Borrow', 400, { id: 'borrow' }),
  ]);

/** A shop's delivery details: a full name, a phone number and a postcode. */
const deliveryDetails = (more = false) =>
  screen('Delivery details', [
    ...labelled('Full name', 'full-name', 80, 'Kim Lee'),
    ...labelled('Phone number', 'phone', 170, '0161 496 0000'),
    ...labelled('Postcode', 'postcode', 260, 'YO1 7HH'),
    ...(more ? labelled('Work phone', 'work-phone', 350) : []),
    node('button', 'Save', 500, { id: 'save' }),
  ]);

describe('a list of "Label: value" pairs', () => {
  it('splits at each following label that names a field: each value goes into its own field', () => {
    const r = interpretStep('Card number: 1234 5678, PIN: 9876, tap Borrow', memberForm());
    expect(typed(r)).toEqual([['card', '1234 5678']]);
    expect(then(r)).toBe('PIN: 9876; tap Borrow');
    expect(typed(interpretStep('PIN: 9876; tap Borrow', memberForm()))).toEqual([['pin', '9876']]);
  });

  it('a value keeps its own commas and colons when no field label follows', () => {
    const r = interpretStep('Card number: 12:34, 56', memberForm());
    expect(typed(r)).toEqual([['card', '12:34, 56']]);
  });

  it('near miss: a value never swallows a label that names no field here', () => {
    const r = interpretStep('Card number: 1234, Branch: York', memberForm());
    expect(typed(r)).toEqual([]);
    expect(refused(r)).toMatch(/holds another label, "Branch:"/);
  });
});

describe('adjectives before a credential and two bare credentials', () => {
  it('"Log in with kim@x.test and a wrong password nope1" types both and taps the button', () => {
    const r = interpretStep('Log in with kim@x.test and a wrong password nope1', logInForm());
    expect(typed(r)).toEqual([
      ['login-email', 'kim@x.test'],
      ['login-password', 'nope1'],
    ]);
    expect(typed(interpretStep('Log in with the wrong email bad@x.test and password pw1', logInForm()))).toEqual([
      ['login-email', 'bad@x.test'],
      ['login-password', 'pw1'],
    ]);
  });

  it('near miss: a wrong password without its value is not a credential', () => {
    expect(typed(interpretStep('Log in with kim@x.test and a wrong password', logInForm()))).toEqual([]);
  });

  it('"Fill in kim@x.test and pw1234": the address to the email field, the other to the password', () => {
    const r = interpretStep('Fill in kim@x.test and pw1234 and tap Log in', logInForm());
    expect(typed(r)).toEqual([
      ['login-email', 'kim@x.test'],
      ['login-password', 'pw1234'],
    ]);
    expect(then(r)).toBe('tap Log in');
    expect(typed(interpretStep('Fill in pw1234 and kim@x.test', logInForm()))).toEqual([
      ['login-email', 'kim@x.test'],
      ['login-password', 'pw1234'],
    ]);
  });

  it('near miss: two values of the same shape, or a screen with other fields, are not guessed', () => {
    expect(typed(interpretStep('Fill in kim and pw1234', logInForm()))).toEqual([]);
    expect(typed(interpretStep('Fill in kim@x.test and pw1234', deliveryDetails()))).toEqual([]);
  });
});

describe('a field named by a lowercase word of its label', () => {
  it('"clear phone" clears the Phone number field; "change name to Sam Cole" types into Full name', () => {
    const r = interpretStep('clear phone', deliveryDetails());
    expect(keys(r)).toBe('0161 496 0000'.length);
    expect(typed(interpretStep('change name to Sam Cole', deliveryDetails()))).toEqual([['full-name', 'Sam Cole']]);
  });

  it('"set postcode LS1 4AB" and "update phone to 0113 496 0000" type the value', () => {
    expect(typed(interpretStep('set postcode LS1 4AB', deliveryDetails()))).toEqual([['postcode', 'LS1 4AB']]);
    expect(typed(interpretStep('update phone to 0113 496 0000', deliveryDetails()))).toEqual([
      ['phone', '0113 496 0000'],
    ]);
  });

  it("near miss: a word in two fields' labels names neither", () => {
    expect(typed(interpretStep('clear phone', deliveryDetails(true)))).toEqual([]);
    expect(typed(interpretStep('set phone 0113 496 0000', deliveryDetails(true)))).toEqual([]);
  });

  it('"Check the fields, change name to Sam Cole and phone to 0113 496 0000, Save": a look, then both fields', () => {
    const r = interpretStep(
      'Check the fields, change name to Sam Cole and phone to 0113 496 0000, Save',
      deliveryDetails(),
    );
    expect(acts(r)).toEqual([]);
    const next = interpretStep(then(r)!, deliveryDetails());
    expect(typed(next)).toEqual([['full-name', 'Sam Cole']]);
  });

  it('near miss: "Check the fields are filled, change …" claims something and is no look', () => {
    const r = interpretStep('Check the fields are filled, change name to Sam Cole', deliveryDetails());
    expect(r.settled && r.kind === 'actions' && r.reasoning.includes('claims nothing')).toBe(false);
  });
});
