import { describe, expect, it } from 'vitest';
import { interpretAssertion, interpretStep, isSatisfied, parseStep, readStepIntent, type Resolution } from './index';
import { node, screen } from './hand-built-screens.fixture';

/**
 * Everyday QA wording a tester writes without knowing the grammar: arriving on a screen, waiting for
 * one, options of a picker, a field named before its value, a dialog's button, the app in the
 * background. Each form is read, and a near miss is refused (or left not settled) rather than guessed.
 */

const verdict = (r: ReturnType<typeof interpretAssertion>) => (r.settled ? r.passed : `not settled: ${r.reason}`);
const acted = (r: Resolution) =>
  r.settled && r.kind === 'actions'
    ? r.actions.map((a) => (a.op === 'input' ? `${a.event.kind}${'text' in a.event ? ` ${a.event.text}` : ''}` : a.op))
    : r.settled
      ? r.kind
      : `not settled: ${r.reason}`;
const intentOf = (text: string) => {
  const p = parseStep(text);
  return p.understood ? p.intent : null;
};

describe('arriving on a screen', () => {
  const home = screen('Home', [node('button', 'Sign out', 100)]);
  const login = screen('Login', [node('button', 'Sign in', 100)]);

  it.each([
    ['I should land on the Home screen', 'Home'],
    ['I am redirected to the home page', 'home'],
    ['The user is taken to the Home screen', 'Home'],
    ['The user should be navigated to the Home', 'Home'],
    ['The app navigates to the Home screen', 'Home'],
    ['The Home page is loaded', 'Home'],
    ['The Home screen should open', 'Home'],
    ['I should see a navigation bar titled "Home"', 'Home'],
    ['The header should say Home', 'Home'],
  ])('"%s" checks the screen is %s, and fails on another', (text, name) => {
    const i = intentOf(text);
    expect(i?.kind).toBe('check');
    expect(JSON.stringify(i)).toContain(`"${name}"`);
    expect(verdict(interpretAssertion(text, home))).toBe(true);
    expect(verdict(interpretAssertion(text, login))).toBe(false);
  });

  it('a screen described instead of named is refused, an action to go there stays an action', () => {
    expect(parseStep('I am taken to a new page').understood).toBe(false);
    expect(parseStep('The user is redirected to the previous screen').understood).toBe(false);
    expect(intentOf('I go to the Settings screen')?.kind).toBe('navigate');
    expect(intentOf('The header is visible')).toMatchObject({ check: { kind: 'visible' } });
  });
});

describe('waiting', () => {
  it('a limit before the target is the wait’s timeout', () => {
    expect(intentOf('Wait up to 20 seconds for "Done" to appear')).toEqual({
      kind: 'wait_until',
      target: { text: 'Done' },
      appears: true,
      timeoutMs: 20_000,
    });
    expect(intentOf('Wait until I see "Sign up"')).toMatchObject({ kind: 'wait_until', target: { text: 'Sign up' } });
    expect(intentOf('Wait for the spinner to disappear')).toMatchObject({ kind: 'wait_until', appears: false });
  });

  it('waiting for a screen is met when its title shows, not when a tab of that name does', () => {
    const r = interpretStep('Wait for the Orders screen to load', screen('Home', [node('tab', 'Orders', 700)]));
    expect(r.settled && r.kind).toBe('wait_until');
    if (!r.settled || r.kind !== 'wait_until') return;
    expect(r.plan.screen).toBe(true);
    expect(isSatisfied(r.plan, screen('Home', [node('tab', 'Orders', 700)]))).toBe(false);
    expect(isSatisfied(r.plan, screen('Orders', []))).toBe(true);
  });

  it('a wait for something unnamed, another device or the backend is refused', () => {
    expect(parseStep('Wait for the page to load').understood).toBe(false);
    expect(parseStep('Wait for the data to load').understood).toBe(false);
    expect(parseStep('I wait until user2 exists in backend search results').understood).toBe(false);
    expect(parseStep('I wait to see the ack sign in Second Device').understood).toBe(false);
  });
});

describe('options of a picker', () => {
  const open = screen('Product', [
    node('button', 'Size', 100),
    node('list_item', 'Small', 150),
    node('list_item', 'Large', 200),
  ]);
  const closed = screen('Product', [node('button', 'Size', 100), node('button', 'Add to cart', 300)]);

  it.each([
    'Select Large from the Size dropdown',
    'Choose "Large" as the size',
    'Pick Large in the size picker',
    'From the Size menu, choose Large',
    'Select "Large" for Size',
  ])('"%s" taps the option when it shows', (text) => {
    expect(readStepIntent(text)).toBe('select');
    const r = interpretStep(text, open);
    expect(r.settled && r.kind === 'actions' && r.reasoning).toContain('"Large"');
  });

  it('opens the picker first when the option is not shown, then taps it on the next screen', () => {
    const r = interpretStep('Select Large from the Size dropdown', closed);
    expect(acted(r)).toEqual(['tap']);
    expect(r.settled && r.kind === 'actions' && r.reasoning).toContain('"Size"');
    expect(r.settled && r.then).toBe('tap "Large"');
  });

  it('neither the option nor the picker on screen: not settled', () => {
    const r = interpretStep('Select Medium from the Colour dropdown', closed);
    expect(r.settled).toBe(false);
    // A place that is no picker is not read as one.
    expect(intentOf('Select Large from the Size section')?.kind).not.toBe('choose');
  });
});

describe('a field named before its value', () => {
  const form = screen('Sign in', [
    node('text', 'Email', 100),
    node('input', '', 140, { id: 'email' }),
    node('text', 'Password', 190),
    node('input', '', 230, { id: 'password' }),
    node('button', 'Sign in', 300),
  ]);

  it('"Enter email a@b.co and password pw123" types each value into its field', () => {
    const r = interpretStep('Enter email a@b.co and password pw123', form);
    expect(readStepIntent('Enter email a@b.co and password pw123')).toBe('composite');
    expect(acted(r)).toEqual(['tap', 'text a@b.co']);
    expect(r.settled && r.then).toMatch(/password pw123/);
    expect(acted(interpretStep('Type the password "pw123"', form))).toEqual(['tap', 'text pw123']);
    expect(acted(interpretStep('Enter the password as pw123', form))).toEqual(['tap', 'text pw123']);
  });

  it('"Sign in with alice@x.test and hunter2" fills both fields and taps Sign in', () => {
    expect(acted(interpretStep('Sign in with alice@x.test and hunter2', form))).toEqual([
      'tap',
      'text alice@x.test',
      'tap',
      'text hunter2',
      'tap',
    ]);
  });

  it('a field named with a value of several words, or no value, is refused, never typed as one text', () => {
    expect(parseStep('Enter name John Smith').understood).toBe(false);
    expect(parseStep('Enter email address').understood).toBe(false);
    expect(parseStep('Enter password again').understood).toBe(false);
    expect(intentOf('Enter text "hello"')).toEqual({ kind: 'type', text: 'hello', target: null });
    expect(intentOf('fill in the Username field with "demo"')).toMatchObject({
      text: 'demo',
      target: { text: 'Username' },
    });
  });
});

describe("a dialog's button", () => {
  const dialog = screen('Trips', [
    node('button', 'OK', 600),
    node('alert', 'Delete trip?', 300, {
      bounds: { x: 16, y: 300, width: 360, height: 200 },
      children: [node('text', 'Delete trip?', 310), node('button', 'Cancel', 360), node('button', 'Delete', 410)],
    }),
  ]);
  const noDialog = screen('Trips', [node('button', 'OK', 600), node('button', 'Delete', 650)]);

  it.each(['Tap Delete on the alert', 'Tap "Delete" in the confirmation dialog', 'Confirm by tapping Delete'])(
    '"%s" taps that button of the open dialog',
    (text) => {
      const r = interpretStep(text, dialog);
      expect(acted(r)).toEqual(['tap']);
      expect(r.settled && r.kind === 'actions' && r.reasoning).toContain('"Delete"');
    },
  );

  it('with no dialog open, a button of that name elsewhere is not tapped', () => {
    expect(interpretStep('Tap Delete on the alert', noDialog).settled).toBe(false);
    expect(interpretStep('Tap OK in the dialog', dialog).settled).toBe(false);
  });
});

describe('the app in the background, scrolls', () => {
  const any = screen('Home', [node('button', 'Sign out', 100)]);

  it('"for N seconds" is how long the app stays in the background', () => {
    const r = interpretStep('Put the app in the background for 3 seconds', any);
    expect(r.settled && r.kind === 'actions' && r.actions).toEqual([
      { op: 'home' },
      { op: 'wait', ms: 3000 },
      { op: 'launch' },
    ]);
    expect(readStepIntent('Minimize the app')).toBe('background_app');
    expect(readStepIntent('Bring the app back to the foreground')).toBe('launch_app');
    expect(parseStep('Send the app to the background for 10 minutes').understood).toBe(false);
  });

  it('"Swipe down to refresh" pulls the content down; "Scroll down the list" scrolls it', () => {
    expect(intentOf('Swipe down to refresh')).toEqual({ kind: 'scroll', direction: 'up', times: 1, on: null });
    expect(intentOf('Scroll down the list')).toEqual({ kind: 'scroll', direction: 'down', times: 1, on: null });
    expect(parseStep('Swipe the carousel').understood).toBe(false);
  });
});

describe('a value said as what one sees', () => {
  const result = screen('Converter', [
    node('text', 'Result', 100, { bounds: { x: 16, y: 100, width: 200, height: 40 } }),
    node('text', '30.48', 100, { bounds: { x: 300, y: 100, width: 60, height: 40 } }),
  ]);

  it('"I should see result as "30.48"" reads the value beside the label', () => {
    expect(verdict(interpretAssertion('I should see result as "30.48"', result))).toBe(true);
    expect(verdict(interpretAssertion('I should see result as "30.49"', result))).toBe(false);
    expect(verdict(interpretAssertion('I should see "30.48" at "Result"', result))).toBe(true);
  });

  it('a place on the screen is no label', () => {
    expect(intentOf('I should see "Fling" at the bottom of the display')).toMatchObject({ check: { kind: 'visible' } });
  });
});

describe('more everyday wording', () => {
  const home = screen('Home', [node('button', 'Sign out', 100)]);

  it('"Observe that …" and "the title of the page is …" are checks of the screen', () => {
    expect(verdict(interpretAssertion('Observe that the Home screen is displayed', home))).toBe(true);
    expect(verdict(interpretAssertion('Verify the title of the page is "Home"', home))).toBe(true);
    expect(verdict(interpretAssertion('Verify the title of the page is "Orders"', home))).toBe(false);
    // A place named after "opens straight on" is still read whole, with what it says is absent.
    expect(intentOf('The app opens straight on the Search screen, without the Sign in screen')).toEqual({
      kind: 'check',
      check: {
        kind: 'all',
        checks: [
          { kind: 'screen', name: 'Search', negated: false },
          { kind: 'screen', name: 'Sign in', negated: true },
        ],
      },
    });
  });

  it('an error said of a field is a text shown, not the field’s own text', () => {
    expect(intentOf('The email field displays an error "Invalid email"')).toEqual({
      kind: 'check',
      check: { kind: 'visible', target: { text: 'Invalid email' }, negated: false },
    });
    expect(intentOf('The Username field shows "demo"')).toMatchObject({ check: { kind: 'text', value: 'demo' } });
  });

  it('pages of a carousel, and a swipe with its purpose', () => {
    expect(intentOf('Swipe to the next image')).toEqual({ kind: 'scroll', direction: 'right', times: 1, on: null });
    expect(intentOf('Swipe to the previous page')).toEqual({ kind: 'scroll', direction: 'left', times: 1, on: null });
    expect(intentOf('Swipe left on "Order 42" to reveal Delete')).toEqual({
      kind: 'scroll',
      direction: 'right',
      times: 1,
      on: { text: 'Order 42' },
    });
    expect(intentOf('Scroll down to see the Terms')).toEqual({
      kind: 'scroll_until',
      direction: 'down',
      target: { text: 'Terms' },
    });
    // "Swipe to the next page" is no check that a screen called "Swipe to the next" shows.
    expect(readStepIntent('Swipe to the next page')).toBe('scroll');
  });

  it('where an element is, a field by what it is for, and the progressive, are read away', () => {
    expect(intentOf('Tap the Submit button at the bottom of the form')).toEqual({
      kind: 'tap',
      target: { text: 'Submit', role: 'button', literal: 'Submit button' },
    });
    expect(intentOf("Type 'hello' in the message box")).toMatchObject({
      text: 'hello',
      target: { text: 'message', role: 'field' },
    });
    expect(intentOf('Tick the Remember me check box')).toMatchObject({
      kind: 'set_switch',
      target: { role: 'switch' },
    });
    expect(intentOf('User is clicking on "Sign in"')).toEqual({ kind: 'tap', target: { text: 'Sign in' } });
    expect(readStepIntent('Launch the application by tapping the app icon')).toBe('launch_app');
    expect(readStepIntent('Reopen the app from recent apps')).toBe('launch_app');
  });

  it('"Tap the back button" on a screen without one goes back; not while a dialog is open', () => {
    expect(acted(interpretStep('Tap the back button', home))).toEqual(['back']);
    const withBack = screen('Details', [node('button', 'Back', 60, { id: 'back' })]);
    expect(acted(interpretStep('Tap the back button', withBack))).toEqual(['tap']);
    const dialog = screen('Home', [
      node('alert', 'Sign out?', 300, {
        bounds: { x: 16, y: 300, width: 360, height: 200 },
        children: [node('button', 'Cancel', 360), node('button', 'Sign out', 410)],
      }),
    ]);
    expect(interpretStep('Tap the back button', dialog).settled).toBe(false);
  });
});

describe('forms filled by name, sending, empty lists', () => {
  const form = screen('Create account', [
    node('text', 'Name', 100),
    node('input', '', 140, { id: 'name' }),
    node('text', 'Email', 190),
    node('input', '', 230, { id: 'email' }),
    node('text', 'Password', 280),
    node('input', '', 320, { id: 'password' }),
    node('button', 'Sign up', 400),
  ]);

  it('"Register with name Sam, email s@x.co and password pw1" fills each field by name, then signs up', () => {
    const r = interpretStep('Register with name Sam, email s@x.co and password pw1', form);
    expect(acted(r)).toEqual(['tap', 'text Sam', 'tap', 'text s@x.co', 'tap', 'text pw1', 'tap']);
    expect(r.settled && r.kind === 'actions' && r.reasoning).toContain('"Sign up"');
    expect(intentOf('Fill the form with name "Sam", email "s@x.co" and password "pw1"')).toMatchObject({
      kind: 'sequence',
      steps: [{ text: 'Sam' }, { text: 's@x.co' }, { text: 'pw1' }],
    });
    expect(intentOf('Fill the form with Sam, s@x.co, pw1')).toEqual({
      kind: 'fill',
      values: ['Sam', 's@x.co', 'pw1'],
      within: null,
    });
    // Details described, not given, are not typed.
    expect(parseStep('Register with my details').understood).toBe(false);
    expect(parseStep('Register with name Sam and my email').understood).toBe(false);
  });

  it('"… and send it" taps the Send button; an empty list is a count of none', () => {
    expect(intentOf('Type the message "Hi" and send it')).toEqual({
      kind: 'sequence',
      steps: [
        { kind: 'type', text: 'Hi', target: { text: 'message', role: 'field', literal: 'message field' } },
        { kind: 'tap', target: { text: '', role: 'button', anyOf: ['Send'] } },
      ],
    });
    expect(intentOf('The list is empty')).toEqual({
      kind: 'check',
      check: { kind: 'count', count: 0, noun: 'item', comparison: 'exactly' },
    });
  });

  it('an action with a quoted name is not a check that the name shows', () => {
    expect(parseStep('Create a new note titled "Groceries"').understood).toBe(false);
    expect(intentOf('Verify an empty state message "No notes yet" is shown')).toEqual({
      kind: 'check',
      check: { kind: 'visible', target: { text: 'No notes yet' }, negated: false },
    });
    expect(parseStep('Close the onboarding screen').understood).toBe(false);
    expect(intentOf('Tap Skip on the onboarding screen')).toEqual({ kind: 'tap', target: { text: 'Skip' } });
  });
});

describe('values described, waits said as expectations', () => {
  it('a value described instead of given is refused, also when the field is quoted', () => {
    expect(parseStep('I enter random number with length 3 into field "Account Number"').understood).toBe(false);
    expect(parseStep('I enter 16 digits phone number').understood).toBe(false);
    expect(intentOf('I enter an annual income of "26500"')).toEqual({
      kind: 'type',
      text: '26500',
      target: { text: 'annual income' },
    });
    expect(intentOf('fills the "password_field" inputtext with the "secret" text')).toEqual({
      kind: 'type',
      text: 'secret',
      target: { text: 'password_field' },
    });
    expect(intentOf('I type the "Wow" message')).toEqual({ kind: 'type', text: 'Wow', target: null });
  });

  it('"… within N seconds" waits that long; an event described is refused', () => {
    expect(intentOf('I expect the widget "pageTwo" to be present within 15 seconds')).toEqual({
      kind: 'wait_until',
      target: { text: 'pageTwo' },
      appears: true,
      timeoutMs: 15_000,
    });
    expect(intentOf('The spinner should disappear within 10 seconds')).toMatchObject({
      appears: false,
      timeoutMs: 10_000,
    });
    expect(parseStep('Wait for connection to fail').understood).toBe(false);
    expect(parseStep('I should see all matches of "Pool A"').understood).toBe(false);
  });
});

describe('the state or value something ends in', () => {
  const cart = screen('Cart', [
    node('text', 'Items', 100, { bounds: { x: 16, y: 100, width: 200, height: 40 } }),
    node('text', '3', 100, { bounds: { x: 300, y: 100, width: 60, height: 40 } }),
    node('button', 'Checkout', 300),
  ]);

  it('"increases to", "is updated to" read the value it ends at; "becomes enabled" the state', () => {
    // "The Items count": the count beside the label Items.
    expect(verdict(interpretAssertion('The Items count increases to 3', cart))).toBe(true);
    expect(verdict(interpretAssertion('The Items count increases to 4', cart))).toBe(false);
    expect(verdict(interpretAssertion('Items increases to 3', cart))).toBe(true);
    expect(verdict(interpretAssertion('Items is updated to 4', cart))).toBe(false);
    expect(verdict(interpretAssertion('The Checkout button becomes enabled', cart))).toBe(true);
    expect(verdict(interpretAssertion('The Checkout button becomes disabled', cart))).toBe(false);
    expect(intentOf('The user stays logged in')).toEqual({
      kind: 'check',
      check: { kind: 'signed_in', signedIn: true },
    });
  });

  it('the on-screen keyboard, which the UI tree does not show, is refused rather than judged', () => {
    expect(parseStep('The keyboard is hidden').understood).toBe(false);
    expect(parseStep('The keyboard is displayed').understood).toBe(false);
  });
});

describe('answering dialogs, rotations, swipes on the page', () => {
  const open = screen('Profile', [
    node('alert', 'Sign out?', 300, {
      bounds: { x: 16, y: 300, width: 360, height: 200 },
      children: [node('button', 'Stay signed in', 360), node('button', 'Sign out', 410)],
    }),
  ]);
  const closed = screen('Profile', [node('button', 'Sign out', 410)]);

  it('"I answer yes", "I confirm that I want to log out" take the confirming button, whatever its label', () => {
    for (const text of ['I answer yes', 'I confirm that I want to log out', 'Say OK to the alert']) {
      const r = interpretStep(text, open);
      expect(r.settled && r.kind === 'actions' && r.reasoning).toContain('"Sign out"');
    }
    expect(intentOf('Answer No to the dialog')).toEqual({ kind: 'dialog', accept: false, what: null });
  });

  it('"Tap X to dismiss the dialog" is that dialog button; "Tap Yes to confirm" taps Yes', () => {
    expect(acted(interpretStep('Tap Stay signed in to dismiss the dialog', open))).toEqual(['tap']);
    expect(interpretStep('Tap Sign out to close the dialog', closed).settled).toBe(false);
    expect(intentOf('Tap Yes to confirm')).toEqual({ kind: 'tap', target: { text: 'Yes' } });
  });

  it('"… if it appears" is read for a dialog only: nothing to do without one', () => {
    expect(acted(interpretStep('Accept the alert if it appears', closed))).toEqual([]);
    expect(acted(interpretStep('Accept the alert if it appears', open))).toEqual(['tap']);
    expect(parseStep('Tap OK if it appears').understood).toBe(false);
  });

  it('"rotate to landscape and back to portrait" rotates twice, each from where the last left it', () => {
    const r = interpretStep('Rotate the device to landscape and back to portrait', closed);
    expect(r.settled && r.kind === 'actions' && r.actions).toEqual([
      { op: 'rotate', rotation: 90 },
      { op: 'rotate', rotation: 0 },
    ]);
    expect(intentOf('Turn the phone sideways')).toEqual({ kind: 'rotate', to: 'landscape' });
    expect(intentOf('Rotate the device back to portrait')).toEqual({ kind: 'rotate', to: 'portrait' });
  });

  it('"Swipe up on the screen", "Scroll down on the list" scroll the page, not an element called "screen"', () => {
    expect(intentOf('Swipe up on the screen')).toEqual({ kind: 'scroll', direction: 'down', times: 1, on: null });
    expect(intentOf('Scroll down on the list')).toEqual({ kind: 'scroll', direction: 'down', times: 1, on: null });
  });
});

describe('ids, emphasis and fillers', () => {
  it('an element by its id, a quoted value "by", "do see", "immediately"', () => {
    expect(intentOf('I press id "ErrorDialogButtonOK" with text "OK"')).toEqual({
      kind: 'tap',
      target: { text: 'ErrorDialogButtonOK' },
    });
    expect(intentOf('User is clicking on item of id "fab"')).toEqual({ kind: 'tap', target: { text: 'fab' } });
    expect(intentOf('User is filling in "login" field by "63034445"')).toMatchObject({
      kind: 'type',
      text: '63034445',
      target: { text: 'login' },
    });
    // "by" before an unquoted value is not read: "fill X by hand" says how, not what.
    expect(intentOf('Fill the Name field by hand')).not.toMatchObject({ kind: 'type', text: 'hand' });
    expect(intentOf('I do see the text "Hello" in webview')).toEqual({
      kind: 'check',
      check: { kind: 'visible', target: { text: 'Hello' }, negated: false },
    });
    expect(intentOf('Immediately tap "Go Back".')).toEqual({ kind: 'tap', target: { text: 'Go Back' } });
    expect(intentOf('I touch the alert view\'s "Ok" button')).toEqual({
      kind: 'dialog',
      accept: true,
      what: null,
      button: 'Ok',
    });
  });
});
