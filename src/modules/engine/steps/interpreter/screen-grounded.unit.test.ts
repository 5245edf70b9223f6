import { describe, expect, it } from 'vitest';
import { interpretAssertion, interpretStep, isSatisfied, parseStep, readStepIntent, type Resolution } from './index';
import { node, screen } from './hand-built-screens.fixture';

/**
 * Forms read against the screen: whether the user is signed in, a field that hides its text,
 * scrolling to the end, going back until a screen shows, a row by its place and its text, a
 * numbered part carried to the next field, names listed one after another, amounts in
 * parentheses, counts said as what one sees, and links opened by their address.
 */

const signInScreen = (password: string | null) =>
  screen('Sign in', [
    node('text', 'Email', 100),
    node('input', 'alex@example.test', 142, { id: 'email' }),
    node('text', 'Password', 200),
    node('input', password, 242, { id: 'pw' }),
    node('button', 'Sign in', 320),
  ]);
const homeScreen = screen('Home', [
  node('button', 'Home', 80),
  node('button', 'Profile', 130),
  node('text', 'Hi Alex', 200),
]);
const blankScreen = screen('About', [node('text', 'Version 1.0', 100)]);

const verdict = (r: ReturnType<typeof interpretAssertion>) => (r.settled ? r.passed : `not settled: ${r.reason}`);
const ops = (r: Resolution) =>
  r.settled && r.kind === 'actions' ? r.actions.map((a) => a.op) : r.settled ? r.kind : r.reason;

describe('signed in or not, read from the screen', () => {
  it('a sign-in form means not signed in', () => {
    expect(verdict(interpretAssertion('The user is not signed in', signInScreen(null)))).toBe(true);
    expect(verdict(interpretAssertion('The user is signed in', signInScreen(null)))).toBe(false);
    expect(verdict(interpretAssertion('I am logged out', signInScreen(null)))).toBe(true);
  });

  it('an account control and no sign-in form means signed in', () => {
    expect(verdict(interpretAssertion('The user is still signed in', homeScreen))).toBe(true);
    expect(verdict(interpretAssertion('The user is no longer logged in', homeScreen))).toBe(false);
    expect(verdict(interpretAssertion('The user is signed in and the Home screen is displayed', homeScreen))).toBe(
      true,
    );
  });

  it('a screen that shows neither cannot tell, and the check does not pass', () => {
    expect(verdict(interpretAssertion('The user is signed in', blankScreen))).toMatch(/not settled: cannot tell/);
    expect(verdict(interpretAssertion('The user is not signed in', blankScreen))).toMatch(/not settled/);
  });
});

describe('a field that hides its text', () => {
  it('dots pass, plain text fails, an empty field cannot tell', () => {
    const step = 'Verify the password is displayed as dots, not as plain text';
    expect(verdict(interpretAssertion(step, signInScreen('•••••••')))).toBe(true);
    expect(verdict(interpretAssertion(step, signInScreen('hunter2')))).toBe(false);
    expect(verdict(interpretAssertion(step, signInScreen(null)))).toMatch(/not settled: .* is empty/);
    expect(verdict(interpretAssertion('The password is shown in plain text', signInScreen('hunter2')))).toBe(true);
  });

  it('"X is hidden" stays a visibility check', () => {
    const parsed = parseStep('The Sign in button is hidden');
    expect(parsed.understood && parsed.intent.kind === 'check' && parsed.intent.check.kind).toBe('visible');
  });
});

describe('scrolling to the end', () => {
  it('scrolls until the content stops moving', () => {
    const r = interpretStep('Scroll down to the bottom', homeScreen);
    expect(r.settled && r.kind === 'scroll_until' && r.plan.kind === 'scroll_until' && r.plan.toEnd).toBe(true);
    if (r.settled && r.kind === 'scroll_until') expect(isSatisfied(r.plan, homeScreen)).toBe(false);
    const up = parseStep('scroll to the top of the page');
    expect(up.understood && up.intent.kind === 'scroll_end' && up.intent.direction).toBe('up');
  });

  it('two directions at once are not understood', () => {
    expect(parseStep('scroll up to the bottom').understood).toBe(false);
  });
});

describe('going back until a screen shows', () => {
  const step = 'Go back with the back arrow (Review → Extras → Flights) until the Search screen is shown';

  it('goes back one screen at a time, reading the step again on the next', () => {
    const r = interpretStep(step, homeScreen);
    expect(ops(r)).toEqual(['back']);
    expect(r.settled && r.then).toBe('go back at most 9 more times until the Search screen is shown');
  });

  it('stops on the named screen, and fails once the backs are used up', () => {
    expect(ops(interpretStep(step, screen('Search', [node('button', 'Search flights', 300)])))).toEqual([]);
    const spent = interpretStep('go back at most 0 more times until the Search screen is shown', homeScreen);
    expect(spent.settled).toBe(false);
    if (!spent.settled) expect(spent.reason).toMatch(/did not show/);
  });
});

describe('rows, parts and names', () => {
  const flights = screen('Flights', [
    node('list_item', '07:10 → 09:25 · from €59', 100),
    node('list_item', '12:40 → 14:55 · from €72', 150),
    node('list_item', '14:30 → 17:25 · from €349', 200),
  ]);

  it('taps the last row when it reads as written, and refuses when it does not', () => {
    expect(ops(interpretStep('tap the last flight, 14:30 → 17:25 · from €349', flights))).toEqual(['input']);
    const other = interpretStep('tap the last flight, 12:40 → 14:55 · from €72', flights);
    expect(other.settled).toBe(false);
    if (!other.settled) expect(other.reason).toMatch(/item 3 of 3 is .*, not/);
  });

  it('"the Recent search row" is the row under that heading, never a button sharing a word', () => {
    const search = screen('Search', [
      node('text', 'Recent search', 100),
      node('list', null, 140, {
        bounds: { x: 16, y: 140, width: 360, height: 40 },
        children: [node('list_item', 'London → Paris', 140)],
      }),
      node('button', 'Search flights', 300),
    ]);
    const r = interpretStep('Tap the recent search row', search);
    expect(r.settled && r.kind === 'actions' && r.reasoning).toMatch(/list item "London → Paris"/);
    const none = screen('Search', [node('text', 'Popular', 100), node('button', 'Search flights', 300)]);
    expect(interpretStep('Tap the recent search row', none).settled).toBe(false);
  });

  it('"only X remains under H": the rows under that heading are exactly those', () => {
    const trips = (rows: string[]) =>
      screen('My trips', [
        node('text', 'Upcoming trips', 100),
        ...rows.map((r, i) =>
          node('list', null, 140 + i * 50, {
            bounds: { x: 16, y: 140 + i * 50, width: 360, height: 40 },
            children: [node('list_item', r, 140 + i * 50)],
          }),
        ),
        node('button', 'Find a flight', 600),
      ]);
    const step = 'Only London → Edinburgh remains under Upcoming trips';
    expect(verdict(interpretAssertion(step, trips(['London → Edinburgh'])))).toBe(true);
    expect(verdict(interpretAssertion(step, trips(['London → Edinburgh', 'London → Paris'])))).toBe(false);
    expect(verdict(interpretAssertion(step, trips([])))).toBe(false);
    const gone = 'London → Paris is no longer in Upcoming trips';
    expect(verdict(interpretAssertion(gone, trips(['London → Edinburgh'])))).toBe(true);
    expect(verdict(interpretAssertion(gone, trips(['London → Edinburgh', 'London → Paris'])))).toBe(false);
    expect(verdict(interpretAssertion(gone, screen('Search', [node('button', 'Search flights', 300)])))).toBe(false);
    const parsed = parseStep('Item 3 is not in the list');
    expect(parsed.understood && parsed.intent.kind === 'check' && parsed.intent.check.kind).toBe('visible');
  });

  it('opens a row named with a remark in parentheses', () => {
    expect(ops(interpretStep('Open the 14:30 → 17:25 flight (Skyline SK 12)', flights))).toEqual(['input']);
  });

  it('carries a numbered part to the next field of the same step', () => {
    const parsed = parseStep('Enter Sam in Passenger 2 First name and Morgan in Last name');
    expect(parsed.understood && parsed.intent.kind === 'sequence' && parsed.intent.steps[1]).toEqual({
      kind: 'type',
      text: 'Morgan',
      target: { text: 'Last name', within: 'Passenger 2' },
    });
    const own = parseStep('Enter Sam in First name and Morgan in Last name');
    expect(own.understood && own.intent.kind === 'sequence' && own.intent.steps[1]).toEqual({
      kind: 'type',
      text: 'Morgan',
      target: { text: 'Last name' },
    });
  });

  it('"the names A, B and C for passengers 2 to 4": one passenger after another; "the names A" alone stays refused', () => {
    const parsed = parseStep('Enter the names Sam Morgan, Jo Morgan and Kim Morgan for passengers 2 to 4');
    expect(parsed.understood && parsed.intent.kind === 'sequence' && parsed.intent.steps.length).toBe(3);
    expect(parseStep('Enter the names Sam Morgan').understood).toBe(false);
  });

  it('"again" is no part of the value typed', () => {
    const parsed = parseStep('Enter Alex again as first name');
    expect(parsed.understood && parsed.intent.kind === 'type' && parsed.intent.text).toBe('Alex');
  });

  it('taps a button named on screen, then the next name on the screen it leads to', () => {
    const review = screen('Review', [node('button', 'Confirm and pay', 700)]);
    const r = interpretStep('Confirm and pay, Pay now; note the booking reference', review);
    expect(ops(r)).toEqual(['input']);
    expect(r.settled && r.then).toBe('tap Pay now; note the booking reference');
  });
});

describe('a consent switch named in the first person', () => {
  const review = screen('Review', [node('toggle', 'I accept the fare rules', 100, { checked: false })]);

  it('"I accept the fare rules is off" reads the switch of that name', () => {
    expect(verdict(interpretAssertion('I accept the fare rules is off', review))).toBe(true);
    expect(verdict(interpretAssertion('I accept the fare rules is on', review))).toBe(false);
    const step = parseStep('I accept the fare rules');
    expect(step.understood && step.intent.kind === 'dialog').toBe(true);
  });
});

describe('a name on screen that starts with a check verb', () => {
  it('"Confirm and pay is disabled" reads the button of that name', () => {
    const review = screen('Review', [node('button', 'Confirm and pay', 100, { enabled: false })]);
    expect(verdict(interpretAssertion('Confirm and pay is disabled', review))).toBe(true);
    expect(verdict(interpretAssertion('Confirm and pay is enabled', review))).toBe(false);
    const other = screen('Review', [node('button', 'Pay', 100)]);
    expect(verdict(interpretAssertion('Confirm Pay is enabled', other))).toBe(true);
  });
});

describe('texts, amounts and counts', () => {
  const done = screen('Done', [
    node('text', 'We sent your e-tickets to alex@example.test.', 100),
    node('text', 'Total', 200, { bounds: { x: 16, y: 200, width: 200, height: 40 } }),
    node('text', '€12.00', 200, { bounds: { x: 300, y: 200, width: 60, height: 40 } }),
    node('text', 'Taxes', 250, { bounds: { x: 16, y: 250, width: 200, height: 40 } }),
    node('text', '€2.00', 250, { bounds: { x: 300, y: 250, width: 60, height: 40 } }),
    node('list_item', 'Lap 1', 400),
    node('list_item', 'Lap 2', 450),
  ]);

  it('"the text reads" finds the text on screen, or fails', () => {
    expect(verdict(interpretAssertion('The text reads "We sent your e-tickets to alex@example.test."', done))).toBe(
      true,
    );
    expect(verdict(interpretAssertion('The text reads "We sent nothing."', done))).toBe(false);
  });

  it('"Verify the message "…"" without a verb reads the text on screen', () => {
    expect(verdict(interpretAssertion('Verify the message "We sent your e-tickets to alex@example.test."', done))).toBe(
      true,
    );
    expect(verdict(interpretAssertion('Verify the message "We sent nothing."', done))).toBe(false);
  });

  it('checks amounts in parentheses too', () => {
    expect(verdict(interpretAssertion('Check the Total is €12.00 (Taxes €2.00)', done))).toBe(true);
    expect(verdict(interpretAssertion('Check the Total is €12.00 (Taxes €3.00)', done))).toBe(false);
  });

  it('"the trip shows" on Trip details reads that screen', () => {
    const trip = screen('Trip details', [node('text', 'Flight NW 331 · Flex fare', 100)]);
    expect(verdict(interpretAssertion('The trip shows "Flight NW 331 · Flex fare" and "Trip details"', trip))).toBe(
      true,
    );
    expect(verdict(interpretAssertion('The trip shows "Flight NW 331 · Light fare" and "Trip details"', trip))).toBe(
      false,
    );
    expect(verdict(interpretAssertion('The order shows "Flight NW 331 · Flex fare" and "Trip details"', trip))).toBe(
      false,
    );
  });

  it('a screen and the amounts on it', () => {
    expect(verdict(interpretAssertion('Done shows Total €12.00 and Taxes €2.00', done))).toBe(true);
    expect(verdict(interpretAssertion('Done shows Total €12.00 and Taxes €9.00', done))).toBe(false);
    expect(verdict(interpretAssertion('Cart shows Total €12.00 and Taxes €2.00', done))).toBe(false);
  });

  it('counts what one sees', () => {
    expect(verdict(interpretAssertion('I can see two lap records on the screen', done))).toBe(true);
    expect(verdict(interpretAssertion('I should see 3 rows', done))).toBe(false);
    expect(readStepIntent('I see a dialog')).toBe('check_visible');
  });

  it('a note to self changes nothing', () => {
    expect(ops(interpretStep('Note the booking reference', done))).toEqual(['wait']);
    expect(readStepIntent('I remember the state of the media button')).toBeNull();
  });
});

describe('links, swipes', () => {
  it('opens a link by its address, and refuses one by a name', () => {
    expect(readStepIntent('I open the deeplink "myapp://home"')).toBe('open_url');
    expect(readStepIntent('launch the app with deep link myapp://a')).toBe('open_url');
    expect(readStepIntent('opens the "Account" deeplink')).toBeNull();
  });

  it('reads a swipe by where the finger starts and ends', () => {
    const parsed = parseStep('I swipe from right to left');
    expect(parsed.understood && parsed.intent.kind === 'scroll' && parsed.intent.direction).toBe('right');
    const pull = parseStep('pull down to refresh');
    expect(pull.understood && pull.intent.kind === 'scroll' && pull.intent.direction).toBe('up');
    expect(parseStep('swipe from left to top').understood).toBe(false);
  });
});
