import { describe, expect, it } from 'vitest';
import { interpretStep, type Resolution } from './index';
import { node, screen } from './hand-built-screens.fixture';
import { goesTo, wayBack } from './way-back';

/**
 * Steps that name a place not on this screen, or say which screen they happen on: the place behind a button of its
 * kind, a tab reached by going back, the app's Home tab, a dialog said first, a heading inside a path, a details
 * screen. Each form has a near miss that is not read so.
 */

const done = (r: Resolution) =>
  r.settled
    ? r.kind === 'actions'
      ? r.actions.map((a) => (a.op === 'input' ? `${a.event.kind} ${a.selector?.id ?? a.selector?.text}` : a.op))
      : r.kind === 'check'
        ? `check ${r.passed ? 'passed' : 'failed'}`
        : r.kind
    : `not settled: ${r.reason}`;
const then = (r: Resolution) => (r.settled ? r.then : undefined);

const tabBar = ['Start', 'Orders', 'Profile'].map((name, i) =>
  node('button', name, 800, {
    id: `tab-${name.toLowerCase()}`,
    bounds: { x: i * 130, y: 800, width: 130, height: 40 },
  }),
);

describe('a control that adds a thing, behind the button that lists those things', () => {
  const start = screen('Start', [
    node('text', 'Good evening', 100),
    node('button', 'Timers', 300, { id: 'open-timers' }),
  ]);
  const timers = screen('Timers', [
    node('button', 'Back', 10, { id: 'back' }),
    node('list_item', 'Wake up', 120),
    node('button', 'Add timer', 400, { id: 'add-timer' }),
  ]);

  it('"Open Add timer", "Add timer: type Nap as the name", "Add timer → tap Mon": the Timers button, then the step again', () => {
    for (const step of [
      'Open Add timer',
      'Add timer: type Nap as the name',
      'Add timer → tap Mon',
      'Add timer, tap 22:30',
      'Add a timer Nap at 22:30',
      'Add a timer called Nap',
    ]) {
      const r = interpretStep(step, start);
      expect(done(r)).toEqual(['tap open-timers']);
      expect(then(r)).toBe(step);
    }
    expect(done(interpretStep('Open Add timer', timers))).toEqual(['tap add-timer']);
  });

  it('near miss: on the list screen without the control, no plural button, or a button of another kind: not settled', () => {
    const gone = screen('Timers', [node('button', 'Back', 10, { id: 'back' }), node('list_item', 'Wake up', 120)]);
    expect(done(interpretStep('Open Add timer', gone))).toMatch(/^not settled/);
    const other = screen('Start', [node('button', 'Scenes', 300, { id: 'open-scenes' })]);
    expect(done(interpretStep('Open Add timer', other))).toMatch(/^not settled/);
    expect(done(interpretStep('Add a timer Nap at 22:30', other))).toMatch(/^not settled/);
    expect(done(interpretStep('Add two timers (Nap 22:30)', other))).not.toMatch(/no button named "Add two"/);
    // Said as missing, so that the run looks for it under the app's other tabs.
    expect(done(interpretStep('New timer, name it Nap', other))).toBe(
      'not settled: no button named "New timer" on this screen',
    );
    // A tab of that kind is the tab search's to look under.
    const tabbed = screen('Start', [
      node('text', 'Hi', 100),
      node('button', 'Timers', 800, { id: 'tab-timers' }),
      ...tabBar,
    ]);
    expect(done(interpretStep('Open Add timer', tabbed))).not.toEqual(['tap tab-timers']);
  });
});

describe('a tab reached by going back from a screen without a tab bar', () => {
  const placed = screen('Order placed', [
    node('text', 'Thanks, your order is in!', 100),
    node('button', 'Track order', 600, { id: 'track' }),
    node('button', 'Back to home', 660, { id: 'back-home' }),
  ]);

  it('"Go to Orders", "Open the Orders tab", "Switch to Home" only go to a place', () => {
    expect(goesTo('Go to Orders')).toBe('Orders');
    expect(goesTo('Open the Orders tab')).toBe('Orders');
    expect(goesTo('Switch to Home')).toBe('Home');
    expect(goesTo('I navigate to the Profile screen')).toBe('Profile');
  });

  it('near miss: a step that does something there, or names no place, is no way to go', () => {
    expect(goesTo('Go to Orders and tap Past')).toBeNull();
    expect(goesTo('Open Margherita')).toBeNull();
    expect(goesTo('switch to landscape')).toBeNull();
    expect(goesTo('Tap Orders')).toBeNull();
  });

  it('the way back: the one "Back to …" button; the Back control only of a screen the step before opened', () => {
    expect(wayBack(placed)).toMatchObject({ op: 'input', selector: { id: 'back-home' } });
    const details = screen('Appointment', [node('button', 'Back', 10, { id: 'back' }), node('text', 'Dr Kim', 100)]);
    // The step before opened it from Home ("Open the appointment"): back, as a person leaves it.
    expect(wayBack(details, screen('Home', [node('text', 'Next appointment', 100), ...tabBar]))).toEqual({
      op: 'back',
    });
  });

  it('near miss: a screen the step before did not open (a delete that left it showing) is never walked away from', () => {
    const details = screen('Appointment', [node('button', 'Back', 10, { id: 'back' }), node('text', 'Dr Kim', 100)]);
    expect(wayBack(details)).toBeNull();
    expect(wayBack(details, screen('Appointment', [node('button', 'Delete', 600)]))).toBeNull();
    // No Back control to take.
    expect(wayBack(screen('Appointment', [node('text', 'Dr Kim', 100)]), screen('Home', tabBar))).toBeNull();
  });

  it('near miss: no Back control and no "Back to …" button (or two of them): no way back', () => {
    expect(wayBack(screen('Start', [node('text', 'Hi', 100), ...tabBar]))).toBeNull();
    const two = screen('Done', [
      node('button', 'Back to home', 600, { id: 'a' }),
      node('button', 'Back to orders', 660, { id: 'b' }),
    ]);
    expect(wayBack(two)).toBeNull();
    const disabled = screen('Done', [node('button', 'Back to home', 600, { id: 'a', enabled: false })]);
    expect(wayBack(disabled)).toBeNull();
  });
});

describe("the app's Home tab", () => {
  const account = screen('Account', [
    node('toggle', 'Dark mode', 200, { checked: true }),
    node('button', 'Home', 800, { id: 'tab-home', bounds: { x: 0, y: 800, width: 130, height: 40 } }),
    node('button', 'Account', 800, { id: 'tab-account', bounds: { x: 130, y: 800, width: 130, height: 40 } }),
  ]);

  it('"Go Home and back to Account" (a capital) taps the Home tab, then goes back to Account', () => {
    const r = interpretStep('Go Home and back to Account', account);
    expect(done(r)).toEqual(['tap tab-home']);
    expect(then(r)).toBe('back to Account');
  });

  it('near miss: "go home" in lower case, or no Home tab here, stays the device\'s home button', () => {
    expect(done(interpretStep('go home', account))).toEqual(['home']);
    expect(done(interpretStep('Go Home', screen('Account', [node('text', 'Hi', 100)])))).toEqual(['home']);
  });
});

describe('where a step happens, said first', () => {
  const dialog = screen('Margherita', [
    node('button', 'Cancel order', 300, { id: 'cancel-order' }),
    node('alert', 'Start a new basket?', 300, {
      id: 'alert',
      bounds: { x: 16, y: 300, width: 360, height: 220 },
      children: [
        node('button', 'Cancel', 400, { id: 'alert-cancel' }),
        node('button', 'New basket', 450, { id: 'alert-new' }),
      ],
    }),
  ]);

  it('"In the dialog tap Cancel": the open dialog\'s button', () => {
    expect(done(interpretStep('In the dialog tap Cancel', dialog))).toEqual(['tap alert-cancel']);
    expect(done(interpretStep('In the popup, tap New basket', dialog))).toEqual(['tap alert-new']);
  });

  it('near miss: no dialog open, the step is not settled though a button is so named', () => {
    const closed = screen('Margherita', [node('button', 'Cancel', 300, { id: 'cancel' })]);
    expect(done(interpretStep('In the dialog tap Cancel', closed))).toMatch(/^not settled/);
  });

  it('"Back to Home, open Oak Cafe": the way back, then the rest (no place named "Back to Home")', () => {
    const menu = screen('Green Bowl', [
      node('button', 'Back', 10, { id: 'back' }),
      node('list_item', 'Buddha Bowl', 200),
    ]);
    const r = interpretStep('Back to Home, open Oak Cafe', menu);
    expect(done(r)).toEqual(['back']);
    expect(then(r)).toBe('open Oak Cafe');
  });

  const appointment = screen('Appointment', [
    node('button', 'Back', 10, { id: 'back' }),
    node('text', 'Dr Marcus Webb', 100),
    node('button', 'Cancel appointment', 600, { id: 'cancel-appointment' }),
  ]);

  it('"On the details screen tap Cancel appointment" on a screen opened to show one thing', () => {
    expect(done(interpretStep('On the details screen tap Cancel appointment', appointment))).toEqual([
      'tap cancel-appointment',
    ]);
    expect(done(interpretStep('On the appointment details screen tap Cancel appointment', appointment))).toEqual([
      'tap cancel-appointment',
    ]);
  });

  it("near miss: a tab with no way back, a form, or another thing's details fail there", () => {
    const list = screen('Appointments', [
      node('button', 'Cancel appointment', 600, { id: 'cancel-appointment' }),
      ...tabBar,
    ]);
    expect(done(interpretStep('On the details screen tap Cancel appointment', list))).toBe('check failed');
    const form = screen('Reschedule', [
      node('button', 'Back', 10, { id: 'back' }),
      node('input', '', 200, { id: 'reason' }),
      node('button', 'Cancel appointment', 600, { id: 'cancel-appointment' }),
    ]);
    expect(done(interpretStep('On the details screen tap Cancel appointment', form))).toBe('check failed');
    expect(done(interpretStep('On the order details screen tap Cancel appointment', appointment))).toBe('check failed');
  });
});

describe('a heading inside a path, a part of the screen before a heading, a tap below the fold', () => {
  const room = screen('Living Room', [
    node('button', 'Back', 10, { id: 'back' }),
    node('text', 'Thermostat', 300),
    node('text', '21°C', 350),
    node('text', 'Mode', 400),
    node('button', 'Heat', 450, { id: 'mode-heat' }),
    node('button', 'Cool', 500, { id: 'mode-cool' }),
    node('button', 'Off', 550, { id: 'mode-off' }),
    node('button', 'Lower target temperature', 900, { id: 'thermo-minus' }),
  ]);

  it('"Mode → Off": the option under the heading', () => {
    expect(done(interpretStep('Mode → Off', room))).toEqual(['tap mode-off']);
  });

  it('near miss: a heading over one button only is no choice, and an option it does not head is not tapped', () => {
    const one = screen('Start', [node('text', 'Rooms', 120), node('button', 'Den', 170, { id: 'den' })]);
    expect(done(interpretStep('Rooms → Den', one))).toMatch(/^not settled/);
    // On a tab's own screen (no way back) a heading over buttons may preview another tab: those buttons are not tapped.
    const home = screen('Home', [
      node('text', 'Scenes', 120),
      node('button', 'Good morning', 170, { id: 'morning' }),
      node('button', 'Good night', 220, { id: 'night' }),
    ]);
    expect(done(interpretStep('Open Good night from Scenes', home))).not.toEqual(['tap night']);
    expect(done(interpretStep('Mode → Auto', room))).not.toEqual(['tap mode-off']);
  });

  it('"Set thermostat Mode to Cool": the lower-case part of the screen, then the heading', () => {
    expect(done(interpretStep('Set thermostat Mode to Cool', room))).toEqual(['tap mode-cool']);
  });

  it('near miss: a part the screen does not show keeps the whole name (nothing here is so named)', () => {
    expect(done(interpretStep('Set heater Mode to Cool', room))).not.toEqual(['tap mode-cool']);
  });

  it('"Tap − 6 times" with the button below the fold: scrolled to, then read again', () => {
    const r = interpretStep('Tap Lower target temperature 6 times', room);
    expect(r.settled && r.kind).toBe('scroll_until');
    expect(then(r)).toBe('Tap Lower target temperature 6 times');
  });
});
