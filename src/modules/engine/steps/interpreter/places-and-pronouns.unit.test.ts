import { describe, expect, it } from 'vitest';
import { interpretStep, parseStep, type Observation, type Resolution } from './index';
import { splitClauses } from './clauses';
import { node, screen } from './hand-built-screens.fixture';

/**
 * A place said before a comma, a way back to the app's Home, "it" after the app was closed, a name after "then"
 * that takes the switch verb, and a heading that is no way to a place. Each form has a near miss that is not read.
 */

const done = (r: Resolution) =>
  r.settled
    ? r.kind === 'actions'
      ? r.actions.map((a) => (a.op === 'input' ? `${a.event.kind} ${a.selector?.id ?? a.selector?.text}` : a.op))
      : r.kind
    : `not settled: ${r.reason}`;
const then = (r: Resolution) => (r.settled ? r.then : undefined);

const tabs = (y: number) => [
  node('button', 'Start', y, { id: 'tab-start' }),
  node('button', 'Rooms', y + 40, { id: 'tab-rooms' }),
  node('button', 'Preferences', y + 80, { id: 'tab-preferences' }),
];
const preferences = screen('Preferences', [
  node('toggle', 'Quiet hours', 100, { id: 'quiet', checked: false }),
  node('list_item', 'Family', 160, { id: 'family' }),
  ...tabs(600),
]);
/** A long start screen: its tab bar is below the content, not on screen yet; a heading reads "Rooms". */
const start = screen('Start', [
  node('text', 'Rooms', 120, { id: 'rooms-heading' }),
  node('button', 'Evening', 170, { id: 'chip-evening' }),
  node('list', '', 220, {
    bounds: { x: 16, y: 220, width: 360, height: 600 },
    children: [node('list_item', 'Study', 230, { id: 'study' }), node('list_item', 'Den', 780, { id: 'den' })],
  }),
]);

describe('a place named before a comma, then what to do there', () => {
  it('"Preferences, tap Quiet hours" on that screen reads the rest there', () => {
    expect(done(interpretStep('Preferences, tap Quiet hours', preferences))).toEqual(['tap quiet']);
  });

  it('"Preferences, …" with the tab below the content scrolls to it, then reads the step again', () => {
    const r = interpretStep('Preferences, tap Quiet hours', start);
    expect(r.settled && r.kind).toBe('scroll_until');
    expect(then(r)).toBe('Preferences, tap Quiet hours');
  });

  it('"Family, type …" where Family is a row here opens it, then types on the screen it leads to', () => {
    const r = interpretStep('Family, type kim@x.test', preferences);
    expect(done(r)).toEqual(['tap family']);
    expect(then(r)).toBe('type kim@x.test');
  });

  it('near miss: a button that starts with a verb, or a word that opens a sentence, is no place', () => {
    const edit = screen('Account', [node('button', 'Edit details', 100, { id: 'edit' }), ...tabs(600)]);
    expect(done(interpretStep('Edit details, tap Start', edit))).toEqual(['tap edit']);
    expect(parseStep('Otherwise, tap Save')).not.toMatchObject({
      intent: { kind: 'sequence', steps: [{ kind: 'check', check: { kind: 'screen' } }] },
    });
  });
});

describe('"Back to Home"', () => {
  it("goes back to the app's Home (a name, with a capital), never to the device's home screen", () => {
    expect(parseStep('Back to Home')).toEqual({ understood: true, intent: { kind: 'back_to', screen: 'Home' } });
    expect(parseStep('Go back to Home')).toEqual({ understood: true, intent: { kind: 'back_to', screen: 'Home' } });
    const room = screen('Study', [node('button', 'Back', 60, { id: 'back' }), node('toggle', 'Desk lamp', 120)]);
    expect(done(interpretStep('Back to Home', room))).toEqual(['back']);
  });

  it('"Go Home" where the tab bar scrolled up with the content: scrolled to, then the Home tab', () => {
    // Profile, come back to scrolled: Home, Appointments and Book went up out of view with the content.
    const profile = screen('Profile', [
      node('button', 'Prescriptions', 60, { id: 'tab-prescriptions' }),
      node('button', 'Profile', 60, { id: 'tab-profile', bounds: { x: 200, y: 60, width: 100, height: 40 } }),
      node('text', 'Postcode', 400),
      node('button', 'Settings', 800, { id: 'open-settings' }),
    ]);
    const r = interpretStep('Go Home, then Profile > Settings', profile);
    expect(r.settled && r.kind).toBe('scroll_until');
    expect(then(r)).toBe('Go Home, then Profile > Settings');
    // No tab bar at all: the device's home, as before.
    const plain = screen('Notes', [node('text', 'Groceries', 400), node('button', 'New note', 800)]);
    expect(done(interpretStep('Go Home', plain))).toEqual(['home']);
  });

  it("near miss: the device's home said in lower case stays the device's home button", () => {
    expect(parseStep('go to the home screen')).toEqual({ understood: true, intent: { kind: 'home' } });
    expect(parseStep('go back to home')).toEqual({ understood: true, intent: { kind: 'home' } });
  });
});

describe('"Open it again" after the app was closed', () => {
  const launcher: Observation = {
    screen: { width: 393, height: 852, rotation: 0 },
    tree: node('screen', 'Home', 0, {
      bounds: { x: 0, y: 0, width: 393, height: 852 },
      children: [
        node('app_icon', 'Settings', 52, {
          id: 'com.android.settings',
          bounds: { x: 16, y: 52, width: 90, height: 88 },
        }),
        node('app_icon', 'Lumen', 52, { id: 'dev.example.lumen', bounds: { x: 106, y: 52, width: 90, height: 88 } }),
      ],
    }),
  };

  it('with the launcher on screen, launches the app', () => {
    expect(done(interpretStep('Open it again', launcher))).toEqual(['launch']);
    expect(done(interpretStep('Reopen it', launcher))).toEqual(['launch']);
  });

  it('near miss: with the app open, "it" names nothing and is refused', () => {
    expect(done(interpretStep('Open it again', preferences))).toMatch(/^not settled/);
  });
});

describe('a bare name after "then" takes the switch verb', () => {
  it('"Switch on Desk lamp, then Ceiling light" switches both on', () => {
    expect(splitClauses('Switch on Desk lamp, then Ceiling light').map((c) => c.text)).toEqual([
      'Switch on Desk lamp',
      'Switch on Ceiling light',
    ]);
  });

  it('near miss: a name with its own state, or a claim, keeps its own reading', () => {
    expect(splitClauses('Switch on Wi-Fi, then Bluetooth off').map((c) => c.text)).toEqual([
      'Switch on Wi-Fi',
      'Bluetooth off',
    ]);
    expect(splitClauses('Turn off Alerts then Preferences shows Off').map((c) => c.text)[1]).toBe(
      'Preferences shows Off',
    );
  });

  it('"tap Quiet hours then Turn on": the dialog\'s button is a name, not a switch called "Turn"', () => {
    const r = interpretStep('tap Quiet hours then Turn on', preferences);
    expect(done(r)).toEqual(['tap quiet']);
    expect(then(r) ?? '').not.toMatch(/turn Turn/);
  });
});

describe('a heading is no way to a place', () => {
  it('"Open Den from Rooms" with only a heading "Rooms" here scrolls to the Rooms tab first', () => {
    const r = interpretStep('Open Den from Rooms', start);
    expect(r.settled && r.kind).toBe('scroll_until');
    expect(then(r)).toBe('go to Rooms > Den');
  });

  it('near miss: with nothing to scroll, the heading is not tapped and the step is not settled', () => {
    const short = screen('Start', [node('text', 'Rooms', 120), node('button', 'Den', 170, { id: 'den' })]);
    expect(done(interpretStep('Open Den from Rooms', short))).toMatch(/^not settled/);
  });
});

describe('a tab named on a screen opened from a tab', () => {
  const details = screen('Evening', [
    node('button', 'Back', 60, { id: 'back' }),
    node('button', 'Run now', 120, { id: 'run' }),
  ]);

  it('"Go to the Start tab" with no tab bar here and a way back goes back, then reads the step again', () => {
    const r = interpretStep('Go to the Start tab', details);
    expect(done(r)).toEqual(['back']);
    expect(then(r)).toBe('Go to the Start tab');
  });

  it('near miss: with the tab in the tree, or no way back, it is not a step back', () => {
    expect(done(interpretStep('Go to the Start tab', preferences))).toEqual(['tap tab-start']);
    const root = screen('Evening', [node('button', 'Run now', 120, { id: 'run' })]);
    expect(done(interpretStep('Go to the Start tab', root))).not.toEqual(['back']);
  });
});
