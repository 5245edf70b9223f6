import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScreenInfo, UiNode } from '../../../../worker/driver';
import {
  interpretAssertion,
  interpretStep,
  isSatisfied,
  parseStep,
  resolveIntent,
  type DeviceAction,
  type Observation,
  type Resolution,
} from './index';
import { closeSampleApps, openSampleApp, SAMPLE_PACKAGE, type SampleDevice } from './sample-app-device.fixture';

/** Observations of the sample app, rendered by the virtual runtime. */
const screens: Record<string, Observation> = {};
const devices: SampleDevice[] = [];

async function open(opts: Parameters<typeof openSampleApp>[0]): Promise<SampleDevice> {
  const d = await openSampleApp(opts);
  devices.push(d);
  return d;
}

beforeAll(async () => {
  const fresh = await open({});
  screens.signIn = await fresh.observe();
  await fresh.tapId('username');
  await fresh.driver.input(fresh.deviceId, { kind: 'text', text: 'demo' });
  await fresh.tapId('password');
  await fresh.driver.input(fresh.deviceId, { kind: 'text', text: 'secret' });
  screens.signInFilled = await fresh.observe();

  const app = await open({ signedIn: true });
  screens.items = await app.observe();
  await app.tapId('item-3');
  screens.detail = await app.observe();
  await app.tapId('delete-item');
  screens.detailAlert = await app.observe();
  await app.tapId('alert-cancel');
  await app.tapId('nav-back');
  await app.tapId('open-settings');
  screens.settings = await app.observe();
  await app.tapId('nav-back');
  await app.tapId('open-feedback');
  screens.feedback = await app.observe();
  await app.driver.input(app.deviceId, { kind: 'key', key: 'HOME' });
  screens.home = await app.observe();

  const iphone = await open({ model: 'iPhone 15 Pro' });
  screens.iosSignIn = await iphone.observe();
}, 60_000);
afterAll(closeSampleApps);

type Expected =
  | { acts: Array<[DeviceAction['op'] | string, string | null]> }
  | { passed: boolean }
  | { plan: 'scroll_until' | 'wait_until' | 'run_flow' }
  | { notSettled: RegExp }
  /** Scrolls the element into view, then reads the step again. */
  | { scrollsTo: string };

/** What each action is: the input kind (or the op) and the id of the element it acted on. */
function summarize(actions: DeviceAction[]): Array<[string, string | null]> {
  return actions.map((a) =>
    a.op === 'input' ? [a.event.kind, a.selector?.id ?? a.selector?.text ?? null] : [a.op, null],
  );
}

function expectResolution(r: Resolution, expected: Expected): void {
  if ('notSettled' in expected) {
    expect(r.settled, JSON.stringify(r)).toBe(false);
    if (!r.settled) expect(r.reason).toMatch(expected.notSettled);
    return;
  }
  expect(r.settled, JSON.stringify(r)).toBe(true);
  if (!r.settled) return;
  if ('scrollsTo' in expected) {
    expect(r.kind).toBe('scroll_until');
    if (r.kind === 'scroll_until') expect(r.plan.target.text).toBe(expected.scrollsTo);
    expect(r.then).toBeDefined();
  } else if ('acts' in expected) {
    expect(r.kind).toBe('actions');
    if (r.kind === 'actions') expect(summarize(r.actions)).toEqual(expected.acts);
  } else if ('passed' in expected) {
    expect(r.kind).toBe('check');
    if (r.kind === 'check') expect(r.passed, r.reasoning).toBe(expected.passed);
  } else expect(r.kind).toBe(expected.plan);
}

const DEL = (id: string, n: number): Array<[string, string]> => Array.from({ length: n }, () => ['key', id]);

/** Steps on real sample-app screens: [screen, step, expected]. */
const ON_SAMPLE_APP: Array<[string, string, Expected]> = [
  // sign-in screen: the fields are found by their label above them, by id, tolerantly
  [
    'signIn',
    'type demo into Username',
    {
      acts: [
        ['tap', 'username'],
        ['text', 'username'],
      ],
    },
  ],
  [
    'signIn',
    'type demo into the username field',
    {
      acts: [
        ['tap', 'username'],
        ['text', 'username'],
      ],
    },
  ],
  [
    'signIn',
    'Enter "demo" in "Username"',
    {
      acts: [
        ['tap', 'username'],
        ['text', 'username'],
      ],
    },
  ],
  [
    'signIn',
    'type demo into Usernme',
    {
      acts: [
        ['tap', 'username'],
        ['text', 'username'],
      ],
    },
  ],
  [
    'signIn',
    'fill Password with secret',
    {
      acts: [
        ['tap', 'password'],
        ['text', 'password'],
      ],
    },
  ],
  ['signIn', 'tap Username', { acts: [['tap', 'username']] }],
  ['signIn', 'verify Sign in is disabled', { passed: true }],
  ['signIn', 'the Sign in button should be enabled', { passed: false }],
  ['signIn', 'verify "Sign in with demo / secret" is visible', { passed: true }],
  ['signIn', 'verify Welcome, demo is visible', { passed: false }],
  ['signIn', 'Welcome, demo is not visible', { passed: true }],
  ['signIn', 'the screen title is Sign in', { passed: true }],
  ['signIn', 'I am on the Items screen', { passed: false }],
  ['signIn', '2 fields are shown', { passed: true }],
  ['signIn', 'Username is empty', { passed: true }],
  ['signInFilled', 'the Username field should be empty', { passed: false }],
  ['signIn', 'the Usernme field is empty', { notSettled: /no element matches "Usernme"/ }],
  ['signIn', 'press enter', { acts: [['key', null]] }],
  ['signIn', 'clear Username', { acts: [] }],
  ['signIn', 'tap Sign in', { notSettled: /button "Sign in" #sign-in is disabled/ }],
  ['signIn', 'type demo into Email', { notSettled: /no element matches "Email"/ }],
  [
    'signIn',
    'type demo into the Sign in button',
    { notSettled: /"Sign in" is button "Sign in" #sign-in, not a button|not a/ },
  ],
  ['signIn', 'type demo into Simdeck Sample', { notSettled: /is text "Simdeck Sample" #app-title, not a field/ }],
  ['signIn', 'type demo', { notSettled: /no field has the keyboard focus/ }],
  ['signIn', 'tap Sign up', { notSettled: /no element matches "Sign up"/ }],
  ['signIn', 'turn on Dark mode', { notSettled: /no element matches "Dark mode"/ }],
  ['signIn', 'verify Username shows demo', { passed: false }],
  ['signIn', 'Email shows demo', { notSettled: /no element matches "Email"/ }],
  ['signIn', 'verify Welcome, demi is visible', { passed: false }],
  ['signIn', 'verify Sign im is visible', { notSettled: /close; cannot tell a typo/ }],
  ['signIn', 'Remember me is on', { notSettled: /no element matches "Remember me"/ }],
  ['signIn', 'log in with the demo account', { notSettled: /account this case does not know/ }],
  // filled sign-in: the password field has focus and hides its text
  [
    'signInFilled',
    'type demo into Username',
    { acts: [['tap', 'username'], ...DEL('username', 4), ['text', 'username']] },
  ],
  ['signInFilled', 'type "more"', { acts: [['text', 'password']] }],
  ['signInFilled', 'type x into Password', { acts: [...DEL('password', 6), ['text', 'password']] }],
  ['signInFilled', 'clear the Password field', { acts: DEL('password', 6) }],
  ['signInFilled', 'Username shows demo', { passed: true }],
  ['signInFilled', 'the username field contains EM', { passed: true }],
  ['signInFilled', 'Password shows secret', { notSettled: /hides its text/ }],
  ['signInFilled', 'tap the Sign in button', { acts: [['tap', 'sign-in']] }],
  ['signInFilled', 'Sign in is enabled', { passed: true }],
  // items list
  ['items', 'verify "Welcome, demo" is visible', { passed: true }],
  ['items', 'welcome, DEMO is visible', { passed: true }],
  [
    'items',
    'verify "Welcome, demi" is visible',
    { notSettled: /text "Welcome, demo" #welcome is close; cannot tell a typo from a change/ },
  ],
  ['items', 'the screen title is Items', { passed: true }],
  ['items', 'the title is Settings', { passed: false }],
  ['items', '9 items are shown', { passed: true }],
  ['items', 'there are at least 5 items', { passed: true }],
  ['items', '10 items are shown', { passed: false }],
  // Said of the list: the rows the tree holds below the fold count too (10 here, 9 of them in view).
  ['items', '10 items are listed', { passed: true }],
  ['items', 'the list has 9 items', { passed: false }],
  // a step that checks a row further down the list scrolls to it before judging
  ['items', 'Item 10 is visible', { scrollsTo: 'Item 10' }],
  ['items', 'Item 30 is visible', { scrollsTo: 'Item 30' }],
  ['items', 'Item 3 is visible', { passed: true }],
  ['items', 'tap Item 3', { acts: [['tap', 'item-3']] }],
  ['items', 'tap item 3', { acts: [['tap', 'item-3']] }],
  ['items', 'tap Item 30', { scrollsTo: 'Item 30' }],
  ['signIn', 'Confirm the deletion', { notSettled: /no dialog is open/ }],
  ['signIn', 'dismiss the popup', { notSettled: /no dialog is open/ }],
  ['signIn', 'Pick the third product', { notSettled: /no item 3/ }],
  ['items', 'tap Item 10', { scrollsTo: 'Item 10' }],
  ['items', 'tap Settings', { acts: [['tap', 'open-settings']] }],
  ['items', 'tap the Settings link', { acts: [['tap', 'open-settings']] }],
  ['items', 'tap Send feedbak', { acts: [['tap', 'open-feedback']] }],
  ['items', 'long press Item 2', { acts: [['long_press', 'item-2']] }],
  ['items', 'double tap Item 2', { acts: [['double_tap', 'item-2']] }],
  ['items', 'scroll down', { acts: [['swipe', null]] }],
  [
    'items',
    'scroll down 3 times',
    {
      acts: [
        ['swipe', null],
        ['swipe', null],
        ['swipe', null],
      ],
    },
  ],
  ['items', 'swipe left on Item 3', { acts: [['swipe', 'item-3']] }],
  ['items', 'scroll down until "Item 30" is visible', { plan: 'scroll_until' }],
  ['items', 'wait until Welcome, demo appears', { plan: 'wait_until' }],
  ['items', 'run flow "Sign in"', { plan: 'run_flow' }],
  ['items', 'Welcome, demo shows Welcome, demo', { passed: true }],
  ['items', 'welcome contains demo', { passed: true }],
  ['items', 'welcome contains admin', { passed: false }],
  ['items', 'the screen shows feedback', { passed: true }],
  ['items', 'the screen shows Item 30', { passed: false }],
  ['items', 'tap Item', { notSettled: /10 elements hold "Item"/ }],
  ['items', 'press Settings', { acts: [['tap', 'open-settings']] }],
  ['items', 'Item 3 is enabled', { passed: true }],
  ['items', 'Item 3 is on', { notSettled: /has no on\/off state/ }],
  // detail, and the alert over it
  ['detail', 'the screen title is Item 3', { passed: true }],
  ['detail', 'Item 3 is visible', { passed: true }],
  ['detail', 'detail-body contains "Item 3"', { passed: true }],
  ['detail', 'tap Delete', { acts: [['tap', 'delete-item']] }],
  ['detail', 'press Delete', { notSettled: /could be the DEL key or button "Delete"/ }],
  ['detail', 'tap Item 3', { acts: [['tap', 'detail-title']] }],
  ['detail', 'go back', { acts: [['back', null]] }],
  ['detailAlert', 'tap Delete', { acts: [['tap', 'alert-delete']] }],
  ['detailAlert', 'tap Cancel', { acts: [['tap', 'alert-cancel']] }],
  [
    'detailAlert',
    'tap the Back button',
    { notSettled: /no element matches "Back" on this screen \(an alert covers the screen\)/ },
  ],
  ['detailAlert', 'the alert is visible', { passed: true }],
  ['detailAlert', 'verify "Delete Item 3?" is visible', { passed: true }],
  ['detailAlert', 'the alert is not visible', { passed: false }],
  ['detailAlert', 'tap the button', { notSettled: /2 elements match the button/ }],
  ['detail', 'the dialog is gone', { passed: true }],
  // settings: switches
  ['settings', 'turn on Dark mode', { acts: [['tap', 'dark-mode']] }],
  ['settings', 'enable Notifications', { acts: [] }],
  ['settings', 'switch off notifications', { acts: [['tap', 'notifications']] }],
  ['settings', 'toggle Dark mode', { acts: [['tap', 'dark-mode']] }],
  ['settings', 'Dark mode is off', { passed: true }],
  ['settings', 'expect Notifications to be on', { passed: true }],
  ['settings', 'Notifications should be unchecked', { passed: false }],
  ['settings', '2 switches are shown', { passed: true }],
  ['settings', 'version contains 1.2.0', { passed: true }],
  ['settings', 'type dark into Dark mode', { notSettled: /is toggle "Dark mode" #dark-mode, not a field/ }],
  ['settings', 'turn on Sign out', { notSettled: /is button "Sign out" #sign-out, not a switch/ }],
  ['settings', 'Sign out is on', { notSettled: /has no on\/off state/ }],
  ['settings', 'tap Back', { acts: [['tap', 'nav-back']] }],
  // feedback form: a field labelled "Message", a switch, a submit button
  [
    'feedback',
    'type Great app into Message',
    {
      acts: [
        ['tap', 'feedback-message'],
        ['text', 'feedback-message'],
      ],
    },
  ],
  [
    'feedback',
    'type "Great app" into the message field',
    {
      acts: [
        ['tap', 'feedback-message'],
        ['text', 'feedback-message'],
      ],
    },
  ],
  ['feedback', 'check Contact me', { acts: [['tap', 'feedback-contact']] }],
  ['feedback', 'Contact me is off', { passed: true }],
  ['feedback', 'tap Submit', { acts: [['tap', 'feedback-submit']] }],
  ['feedback', 'type hi into Subject', { notSettled: /no element matches "Subject"/ }],
  ['feedback', 'the title is Feedback', { passed: true }],
  // home screen
  ['home', 'tap Simdeck Sample', { acts: [['tap', SAMPLE_PACKAGE]] }],
  ['home', 'tap the Photos icon', { acts: [['tap', 'com.google.android.apps.photos']] }],
  ['home', '4 items are shown', { passed: true }],
  ['home', 'the screen title is Home', { notSettled: /no screen title/ }],
  // iOS: the same app, another status bar and geometry
  [
    'iosSignIn',
    'type demo into Username',
    {
      acts: [
        ['tap', 'username'],
        ['text', 'username'],
      ],
    },
  ],
  ['iosSignIn', 'the Sign in button is disabled', { passed: true }],
];

describe('interpreting steps on the sample app', () => {
  it('covers at least 25 steps that must not settle', () => {
    expect(ON_SAMPLE_APP.filter(([, , e]) => 'notSettled' in e).length).toBeGreaterThanOrEqual(25);
  });

  it.each(ON_SAMPLE_APP)('%s: %s', (screen, step, expected) => {
    expectResolution(interpretStep(step, screens[screen]!), expected);
  });

  it('taps the centre of the element it found, with a selector that finds it again', () => {
    const r = interpretStep('tap the Sign in button', screens.signInFilled!);
    expect(r).toMatchObject({ settled: true, kind: 'actions' });
    if (!r.settled || r.kind !== 'actions') return;
    expect(r.actions).toEqual([
      {
        op: 'input',
        event: { kind: 'tap', x: 197, y: 381 },
        selector: { class: 'button', text: 'Sign in', id: 'sign-in' },
      },
    ]);
    expect(r.reasoning).toBe('tap button "Sign in" #sign-in at 197,381');
  });

  it('scrolls with swipes inside the list, clear of the screen edges', () => {
    const r = interpretStep('scroll down', screens.items!);
    if (!r.settled || r.kind !== 'actions') throw new Error(JSON.stringify(r));
    const swipe = r.actions[0]!;
    expect(swipe).toEqual({
      op: 'input',
      event: { kind: 'swipe', x: 197, y: 684, x2: 197, y2: 396, durationMs: 300 },
      selector: null,
    });
    const up = interpretStep('swipe down', screens.items!);
    if (!up.settled || up.kind !== 'actions') throw new Error(JSON.stringify(up));
    expect(up.actions[0]).toMatchObject({ event: { y: 396, y2: 684 } });
  });

  it('rotates relative to the current rotation', () => {
    const portrait = screens.items!;
    const landscape: Observation = { ...portrait, screen: { width: 852, height: 393, rotation: 90 } };
    const rot = (step: string, o: Observation) => {
      const r = interpretStep(step, o);
      return r.settled && r.kind === 'actions' ? r.actions : r;
    };
    expect(rot('rotate', portrait)).toEqual([{ op: 'rotate', rotation: 90 }]);
    expect(rot('rotate', landscape)).toEqual([{ op: 'rotate', rotation: 0 }]);
    expect(rot('rotate to landscape', landscape)).toEqual([]);
    expect(rot('rotate to portrait', landscape)).toEqual([{ op: 'rotate', rotation: 0 }]);
    expect(rot('rotate to 270 degrees', portrait)).toEqual([{ op: 'rotate', rotation: 270 }]);
    expect(rot('wait 2 s', portrait)).toEqual([{ op: 'wait', ms: 2000 }]);
    expect(rot('relaunch the app', portrait)).toEqual([{ op: 'relaunch' }]);
    expect(rot('open the app', portrait)).toEqual([{ op: 'launch' }]);
    expect(rot('go home', portrait)).toEqual([{ op: 'home' }]);
  });

  it('accepts only checks as assertions', () => {
    expect(interpretAssertion('"Welcome, demo" is visible', screens.items!)).toMatchObject({
      settled: true,
      passed: true,
    });
    expect(interpretAssertion('tap Item 3', screens.items!)).toEqual({
      settled: false,
      reason: expect.stringMatching(/^not a check/),
    });
    expect(interpretAssertion('the app is fast', screens.items!)).toEqual({
      settled: false,
      reason: expect.stringMatching(/^not understood/),
    });
  });
});

describe('driving the sample app with natural-language steps', () => {
  it('signs in, scrolls to an item, opens it and changes a setting', async () => {
    const device = await open({});
    const steps = [
      'Tap Username',
      'type demo',
      'type secret into Password',
      'Tap Sign in',
      'verify "Welcome, demo" is visible',
      'scroll down until "Item 30" is visible',
      'tap Item 30',
      'the screen title is Item 30',
      'go back',
      'scroll up until Settings is visible',
      'tap Settings',
      'turn on Dark mode',
      'Dark mode is on',
      'type hello into Username',
    ];
    const outcomes: string[] = [];
    for (const step of steps) {
      const r = interpretStep(step, await device.observe());
      if (!r.settled) {
        outcomes.push(`${step}: not settled (${r.reason})`);
        continue;
      }
      if (r.kind === 'actions') await device.perform(r.actions);
      if (r.kind === 'scroll_until' || r.kind === 'wait_until') expect(await device.drive(r.plan), step).toBe(true);
      if (r.kind === 'check') expect(r.passed, `${step}: ${r.reasoning}`).toBe(true);
      outcomes.push(`${step}: ${r.kind}`);
    }
    expect(outcomes.at(-1)).toBe(
      'type hello into Username: not settled (no element matches "Username" on this screen)',
    );
    const vars = device.driver.device(device.deviceId).appVars(SAMPLE_PACKAGE)!;
    expect(vars).toMatchObject({ signedIn: true, username: 'demo', selected: 'Item 30', darkMode: true });
  });

  it('replaces what a field holds when typing into it', async () => {
    const device = await open({});
    for (const step of ['type demo into Username', 'type admin into Username']) {
      const r = interpretStep(step, await device.observe());
      if (!r.settled || r.kind !== 'actions') throw new Error(JSON.stringify(r));
      await device.perform(r.actions);
    }
    expect(device.driver.device(device.deviceId).appVars(SAMPLE_PACKAGE)).toMatchObject({ username: 'admin' });
    const clear = interpretStep('clear Username', await device.observe());
    if (!clear.settled || clear.kind !== 'actions') throw new Error(JSON.stringify(clear));
    await device.perform(clear.actions);
    expect(device.driver.device(device.deviceId).appVars(SAMPLE_PACKAGE)).toMatchObject({ username: '' });
  });

  it('a scroll plan is satisfied only once its target is on screen, and a wait plan for a disappearance once it is gone', async () => {
    const scroll = interpretStep('scroll down until Item 25 is visible', screens.items!);
    if (!scroll.settled || scroll.kind !== 'scroll_until') throw new Error(JSON.stringify(scroll));
    expect(isSatisfied(scroll.plan, screens.items!)).toBe(false);
    expect(scroll.plan.maxSwipes).toBeGreaterThan(0);
    const wait = resolveIntent(
      { kind: 'wait_until', target: { text: '', role: 'alert' }, appears: false, timeoutMs: 5000 },
      screens.detailAlert!,
    );
    if (!wait.settled || wait.kind !== 'wait_until') throw new Error(JSON.stringify(wait));
    expect(isSatisfied(wait.plan, screens.detailAlert!)).toBe(false);
    expect(isSatisfied(wait.plan, screens.detail!)).toBe(true);
    const appear = interpretStep('wait until Welcome, demo appears', screens.signIn!);
    if (!appear.settled || appear.kind !== 'wait_until') throw new Error(JSON.stringify(appear));
    expect(isSatisfied(appear.plan, screens.signIn!)).toBe(false);
    expect(isSatisfied(appear.plan, screens.items!)).toBe(true);
  });
});

// ---- hand-written trees for edge cases ---------------------------------------------------------

let refs = 0;
function n(
  role: string,
  text: string | null,
  id: string | null,
  b: [number, number, number, number],
  extra: Partial<UiNode> = {},
  children: UiNode[] = [],
): UiNode {
  refs += 1;
  return {
    ref: `e${refs}`,
    role,
    text,
    id,
    bounds: { x: b[0], y: b[1], width: b[2], height: b[3] },
    enabled: true,
    focused: false,
    children,
    ...extra,
  };
}
const PHONE: ScreenInfo = { width: 1080, height: 2400, rotation: 0 };
const obs = (children: UiNode[], screen = PHONE): Observation => ({
  tree: n('screen', null, null, [0, 0, 0, 0], {}, children),
  screen,
});

describe('target matching on hand-written trees', () => {
  const twoOk = obs([n('button', 'OK', 'ok-1', [0, 100, 500, 120]), n('button', 'OK', 'ok-2', [0, 300, 500, 120])]);
  const leftLabel = obs([
    n('text', 'E-mail', null, [40, 500, 200, 60]),
    n('input', '', 'com.shop:id/email_input', [260, 490, 780, 80]),
  ]);
  const flat = obs([
    n('navigation_bar', 'Checkout', null, [0, 80, 1080, 140]),
    n('button', 'Pay now', 'pay', [40, 2000, 1000, 140], { enabled: false }),
    n('button', 'Pay now', 'pay-bottom', [40, 2600, 1000, 140]),
    n('input', 'Search', 'search', [40, 300, 1000, 100]),
    n('toggle', 'Save card', 'save-card', [40, 500, 1000, 100]),
  ]);

  it.each<[string, Observation, string, Expected]>([
    [
      'two buttons with the same label',
      twoOk,
      'tap OK',
      { notSettled: /2 elements match "OK" \(button "OK" #ok-1, button "OK" #ok-2\)/ },
    ],
    ['same label, named by id', twoOk, 'tap ok-2', { acts: [['tap', 'ok-2']] }],
    ['same label, a check that holds for both', twoOk, 'OK is enabled', { passed: true }],
    [
      'a label to the left of its field',
      leftLabel,
      'type a@b.c into E-mail',
      {
        acts: [
          ['tap', 'com.shop:id/email_input'],
          ['text', 'com.shop:id/email_input'],
        ],
      },
    ],
    [
      'an Android resource id',
      leftLabel,
      'type a@b.c into email_input',
      {
        acts: [
          ['tap', 'com.shop:id/email_input'],
          ['text', 'com.shop:id/email_input'],
        ],
      },
    ],
    [
      'an id in words',
      leftLabel,
      'type a@b.c into the email input field',
      {
        acts: [
          ['tap', 'com.shop:id/email_input'],
          ['text', 'com.shop:id/email_input'],
        ],
      },
    ],
    [
      'the field of a hint text',
      flat,
      'type shoes into Search',
      { acts: [['tap', 'search'], ...DEL('search', 6), ['text', 'search']] },
    ],
    ['only one of two equal buttons is on screen', flat, 'Pay now is visible', { passed: true }],
    [
      'a button renamed while its id kept the old name is not that name',
      obs([n('button', 'Send transfer', 'confirm-transfer', [40, 600, 1000, 140])]),
      'Tap Confirm transfer',
      { notSettled: /no element matches "Confirm transfer"/ },
    ],
    [
      'an icon button with no name of its own is named by its id in words',
      obs([n('button', null, 'confirm-transfer', [40, 600, 140, 140])]),
      'Tap Confirm transfer',
      { acts: [['tap', 'confirm-transfer']] },
    ],
    ['the one on screen is disabled', flat, 'tap Pay now', { notSettled: /button "Pay now" #pay is disabled/ }],
    ['a navigation title in a flat tree', flat, 'the screen title is Checkout', { passed: true }],
    ['a switch named by its text', flat, 'toggle Save card', { acts: [['tap', 'save-card']] }],
    [
      'turning on a switch of unknown state',
      flat,
      'turn on Save card',
      { notSettled: /cannot tell whether toggle "Save card" #save-card is on or off/ },
    ],
    ['a switch with no known state', flat, 'Save card is on', { notSettled: /has no on\/off state/ }],
    [
      'a digit never fuzzy-matches',
      obs([n('list_item', 'Item 8', null, [0, 0, 1080, 100])]),
      'tap Item 3',
      { notSettled: /no element matches "Item 3"/ },
    ],
    [
      'a short word never fuzzy-matches',
      obs([n('button', 'Go', null, [0, 0, 1080, 100])]),
      'tap Do',
      { notSettled: /no element matches "Do"/ },
    ],
    [
      'two equally close fuzzy matches',
      obs([n('button', 'Sign on', null, [0, 0, 1080, 100]), n('button', 'Sign an', null, [0, 200, 1080, 100])]),
      'tap Sign in',
      { notSettled: /2 elements match "Sign in"/ },
    ],
    [
      'the closer of two fuzzy matches',
      obs([n('button', 'Sign ins', null, [0, 0, 1080, 100]), n('button', 'Sing on', null, [0, 200, 1080, 100])]),
      'tap Sign in',
      { acts: [['tap', 'Sign ins']] },
    ],
    [
      'case and punctuation are ignored',
      obs([n('button', 'Log In!', 'login', [0, 0, 1080, 100])]),
      'tap log in',
      { acts: [['tap', 'login']] },
    ],
    [
      'a role word that is part of the name',
      obs([n('button', 'Add item', 'add', [0, 0, 1080, 100])]),
      'tap Add item',
      { acts: [['tap', 'add']] },
    ],
    [
      'a tappable element wins over equal text',
      obs([n('text', 'Cart', null, [0, 0, 1080, 100]), n('button', 'Cart', 'cart', [0, 200, 1080, 100])]),
      'tap Cart',
      { acts: [['tap', 'cart']] },
    ],
    [
      'two texts and no button',
      obs([n('text', 'Total', null, [0, 0, 1080, 100]), n('text', 'Total', null, [0, 200, 1080, 100])]),
      'tap Total',
      { notSettled: /2 elements match "Total"/ },
    ],
    [
      'two texts that disagree on a property',
      obs([
        n('text', 'Total', null, [0, 0, 1080, 100]),
        n('text', 'Total', null, [0, 200, 1080, 100], { enabled: false }),
      ]),
      'Total is enabled',
      { notSettled: /disagree/ },
    ],
    [
      'two fields with no focus anywhere',
      obs([n('input', '', 'a', [0, 0, 1080, 100]), n('input', '', 'b', [0, 120, 1080, 100])]),
      'type x',
      { notSettled: /no field has the keyboard focus/ },
    ],
    ['an empty tree', obs([]), 'tap anything', { notSettled: /no element matches "anything"/ }],
    ['an empty tree has nothing visible', obs([]), 'anything is visible', { passed: false }],
    ['an empty tree has no title', obs([]), 'the title is Home', { notSettled: /no screen title/ }],
  ])('%s', (_name, o, step, expected) => {
    expectResolution(interpretStep(step, o), expected);
  });

  it('never settles a step the grammar does not cover, whatever the screen', () => {
    for (const step of ['make it pretty', 'log in', 'Username is a required field']) {
      expect(parseStep(step).understood).toBe(false);
      expect(interpretStep(step, screens.items!)).toEqual({
        settled: false,
        reason: expect.stringMatching(/^not understood/),
      });
    }
  });
});
