import { describe, expect, it } from 'vitest';
import type { ScreenInfo, UiNode } from '../../../../worker/driver';
import {
  assertionCheck,
  assertionReveal,
  checkReveal,
  judgeCheck,
  interpretAssertion,
  interpretStep,
  isSatisfied,
  parseStep,
  reversed,
  type Observation,
} from './index';

/**
 * Screens as Wayfarer draws them: a top bar that stays put while the content scrolls beneath it,
 * tabs at the top of the content, dialogs with a message. Hand-written trees in screen points.
 */

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
const PHONE: ScreenInfo = { width: 393, height: 852, rotation: 0 };
const screen = (title: string, children: UiNode[]): Observation => ({
  tree: n('application', 'Wayfarer', 'app', [0, 0, 393, 852], {}, [
    n('screen', title, 'home', [0, 32, 393, 796], {}, [
      n('navigation_bar', title, null, [0, 32, 393, 52]),
      ...children,
    ]),
  ]),
  screen: PHONE,
});

/** The Search screen at the top: tabs, then the form; the routes list below the fold. */
const top = screen('Search', [
  n('button', 'Search', 'tab-search', [20, 104, 353, 36]),
  n('button', 'My trips', 'tab-trips', [20, 152, 353, 36]),
  n('button', 'Profile', 'tab-profile', [20, 200, 353, 36]),
  n('text', 'From', null, [20, 286, 353, 18]),
  n('input', '', 'from', [20, 308, 353, 44]),
  n('button', 'Search flights', 'search', [20, 786, 353, 50]),
]);
/** The same screen scrolled down: the tabs are gone, a field slid under the top bar. */
const scrolled = screen('Search', [
  n('button', 'Profile', 'tab-profile', [20, 40, 353, 36]),
  n('input', 'Paris', 'to', [20, 52, 353, 44]),
  n('button', 'Search flights', 'search', [20, 452, 353, 50]),
  n('list', null, 'routes', [20, 552, 353, 256], {}, [
    n('list_item', 'London → Paris', 'lon-par', [20, 552, 353, 64]),
    n('list_item', 'Paris → Rome', 'par-rom', [20, 616, 353, 64]),
  ]),
]);

describe('names scrolled out of view', () => {
  it('does not touch what the top bar covers, and scrolls back up to a tab instead, both ways at most', () => {
    const r = interpretStep('Tap Profile', scrolled);
    expect(r.settled && r.kind).toBe('scroll_until');
    if (!r.settled || r.kind !== 'scroll_until') return;
    expect(r.plan.direction).toBe('up');
    expect(r.plan.bothWays).toBe(true);
    expect(r.then).toBe('Tap Profile');
    expect(isSatisfied(r.plan, scrolled)).toBe(false);
    expect(isSatisfied(r.plan, top)).toBe(true);
  });

  it('scrolls to a tab named by a navigation, then reads the rest of the path', () => {
    const r = interpretStep('Go to My trips → Past', scrolled);
    expect(r.settled && r.kind).toBe('scroll_until');
    const there = interpretStep('Go to My trips → Past', top);
    expect(there.settled && there.kind === 'actions' && there.then).toBe('go to Past');
  });

  it('reads "Tap Profile → Edit profile" as a path, and a row named with an arrow as one row', () => {
    const path = interpretStep('Tap Profile → Edit profile', top);
    expect(path.settled && path.kind === 'actions' && path.then).toBe('go to Edit profile');
    const row = interpretStep('Tap London → Paris', scrolled);
    expect(row.settled && row.kind).toBe('actions');
    expect(row.settled && row.kind === 'actions' && row.then).toBeUndefined();
  });

  it('scrolls to a text a check wants before failing it, but never for a check that something is absent', () => {
    const r = interpretStep('Verify "Paris → Rome" is shown', top);
    expect(r.settled && r.kind).toBe('scroll_until');
    if (r.settled && r.kind === 'scroll_until') expect(r.plan.target.text).toBe('Paris → Rome');
    const absent = interpretStep('Verify "Paris → Rome" is not shown', top);
    expect(absent.settled && absent.kind === 'check' && absent.passed).toBe(true);
    expect(assertionReveal('"Paris → Rome" is shown', top)?.target.text).toBe('Paris → Rome');
    expect(assertionReveal('"Search flights" is shown', top)).toBeNull();
  });

  it('finds several named blocks down a long form in turn: what one screen showed is seen, the rest scrolled to', () => {
    const block = (name: string, y: number) => n('text', name, null, [20, y, 353, 20]);
    const upper = screen('Passengers', [
      block('Passenger 1 (lead passenger)', 104),
      n('input', 'Alex', 'p1-first', [20, 130, 353, 44]),
      block('Passenger 2', 500),
      n('button', 'Continue', 'continue', [20, 786, 353, 50]),
    ]);
    const lower = (last: string) =>
      screen('Passengers', [
        n('input', '', 'p2-last', [20, 60, 353, 44]),
        block('Passenger 3', 300),
        block(last, 600),
        n('button', 'Continue', 'continue', [20, 786, 353, 50]),
      ]);
    const text = 'Blocks "Passenger 1 (lead passenger)", "Passenger 2", "Passenger 3" and "Passenger 4" are displayed';
    const check = assertionCheck(text, upper)!;
    const holds = (r: ReturnType<typeof judgeCheck>) => (r.settled ? r.passed : 'not settled');
    expect(holds(judgeCheck(check, upper))).not.toBe(true);
    const reveal = checkReveal(check, upper)!;
    expect(reveal.plan.target.text).toBe('Passenger 3');
    // Read whole on the lower screen the check fails (the first blocks scrolled away); what is left passes.
    expect(holds(judgeCheck(check, lower('Passenger 4')))).not.toBe(true);
    const rest = judgeCheck(reveal.rest, lower('Passenger 4'));
    expect(holds(rest)).toBe(true);
    // A block that is nowhere still fails.
    expect(holds(judgeCheck(reveal.rest, lower('Passenger 5')))).not.toBe(true);
    // Only presence is ticked off: a part saying something is absent is read again on every screen.
    const absent = assertionCheck('"Passenger 1 (lead passenger)" is shown and "Passenger 5" is not shown', upper)!;
    expect(checkReveal(absent, upper)).toBeNull();
  });

  it('swipes back the other way with the finger reversed', () => {
    const swipe = { kind: 'swipe' as const, x: 1, y: 600, x2: 1, y2: 200, durationMs: 300 };
    expect(reversed(swipe)).toEqual({ kind: 'swipe', x: 1, y: 200, x2: 1, y2: 600, durationMs: 300 });
  });
});

describe('what a screen or a dialog shows', () => {
  const flights = screen('Flights', [n('text', '3 flights found', 'count', [20, 104, 353, 20])]);
  const dialog = screen('Trip details', [
    n('text', 'Paris → London', 'route', [20, 104, 353, 20]),
    n('alert', 'Cancel booking?', 'alert', [20, 300, 353, 200], {}, [
      n('text', 'Booking WF2T6H will be cancelled.', null, [36, 340, 320, 40]),
      n('button', 'Keep it', 'keep', [36, 420, 150, 40]),
      n('button', 'Yes, cancel', 'yes', [200, 420, 150, 40]),
    ]),
  ]);

  it.each<[string, Observation, boolean]>([
    ['The Flights screen shows "3 flights found"', flights, true],
    ['The Flights screen shows "No flights found"', flights, false],
    ['The Search screen shows "3 flights found"', flights, false],
    ['Verify Flights shows "3 flights found" and "Flights"', flights, true],
    ['Verify the dialog "Cancel booking?" says "Booking WF2T6H will be cancelled."', dialog, true],
    ['Verify the dialog says "Booking WF2T6H will be kept."', dialog, false],
    ['The dialog says "3 flights found"', flights, false],
    [
      'Push notifications is on',
      screen('Settings', [n('toggle', 'Push notifications', 'push', [20, 104, 353, 40], { checked: false })]),
      false,
    ],
  ])('%s', (text, observation, ok) => {
    const r = interpretAssertion(text, observation);
    expect(r.settled, JSON.stringify(r)).toBe(true);
    if (r.settled) expect(r.passed, r.reasoning).toBe(ok);
  });

  it('reads "X is on" as a check, never as pressing X', () => {
    const r = parseStep('Push notifications is on');
    expect(r.understood && r.intent.kind).toBe('check');
  });
});

describe('everyday forms of several things at once', () => {
  it.each<[string, string]>([
    ['Fill in Passengers 2–4 as Sam Morgan, Jo Morgan and Kim Morgan, tap Continue', 'fill,fill,fill,tap'],
    ['Enter passengers 2–4 (Sam Morgan, Jo Morgan, Kim Morgan) and tap Continue', 'fill,fill,fill,tap'],
    ['Enter Sam Morgan and Jo Morgan for Passengers 2 and 3, tap Continue', 'fill,fill,tap'],
    ['Fill Passenger 2 = Sam Morgan and Passenger 3 = Jo Morgan, tap Continue', 'fill,fill,tap'],
    ['Fill in Passenger 2 Sam Morgan, Passenger 3 Jo Morgan, Passenger 4 Kim Morgan', 'fill,fill,fill'],
    [
      'Switch Email offers on and Biometric sign-in on, and switch Push notifications off',
      'set_switch,set_switch,set_switch',
    ],
    ['Switch on both Travel insurance and Extra checked bag, then tap Continue', 'set_switch,set_switch,tap'],
    ['Clear the First name and the Last name fields', 'clear,clear'],
    ['Enter alex@wayfarer.test and wayfarer1 and tap Sign in', 'fill,tap'],
  ])('%s', (text, kinds) => {
    const r = parseStep(text);
    expect(r.understood, JSON.stringify(r)).toBe(true);
    if (!r.understood) return;
    const steps = r.intent.kind === 'sequence' ? r.intent.steps : [r.intent];
    expect(steps.map((s) => s.kind).join(',')).toBe(kinds);
  });

  it('leaves a list of names alone when it does not match the sections named', () => {
    const r = parseStep('Fill in Passengers 2–4 as Sam Morgan and Jo Morgan');
    expect(r.understood && r.intent.kind === 'sequence' && r.intent.steps.length === 3).toBe(false);
  });

  it.each<[string, string]>([
    ['No "Check your inbox" dialog appears', 'visible'],
    ['There is no Cancel booking button', 'visible'],
    ['The dialog is closed', 'dialog'],
    ['The Sign in screen is shown, not Search', 'all'],
    ['London → Edinburgh is no longer listed', 'visible'],
    ['The date line starts with "12 Sep 2025"', 'screen_text'],
    ['Verify the message is "Departure and destination must be different" (not "Choose a date")', 'shows'],
    ['The header shows "London → Paris" and "14 Aug 2025 · 2 passengers"', 'shows'],
  ])('%s', (text, kind) => {
    const r = parseStep(text);
    expect(r.understood && r.intent.kind === 'check' && r.intent.check.kind).toBe(kind);
  });
});
