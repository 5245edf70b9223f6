import { describe, expect, it } from 'vitest';
import { goesRound } from '../step-runner';
import { type DeviceAction, interpretStep, type Resolution } from './index';
import { labelled, node, screen } from './hand-built-screens.fixture';

/** "days Mon, Wed, Fri, scene Good night": a word that names nothing here, then chips named exactly. */

const acts = (r: Resolution): DeviceAction[] => (r.settled && r.kind === 'actions' ? r.actions : []);
const tapped = (r: Resolution) =>
  acts(r).flatMap((a) => (a.op === 'input' && a.event.kind === 'tap' ? [a.selector?.id ?? a.selector?.text] : []));
const then = (r: Resolution) => (r.settled ? r.then : undefined);
const chip = (text: string, x: number, extra = {}) =>
  node('button', text, 340, {
    id: `day-${text.toLowerCase()}`,
    bounds: { x, y: 340, width: 40, height: 40 },
    ...extra,
  });

const schedule = (extra: ReturnType<typeof node>[] = []) =>
  screen('Add schedule', [
    ...labelled('Name', 'schedule-name', 80),
    node('text', 'Repeat on', 300),
    chip('Mon', 16),
    chip('Tue', 60),
    chip('Wed', 104),
    chip('Fri', 150),
    node('text', 'No days chosen', 390),
    node('text', 'Scene', 450),
    node('button', 'Good night', 490, { id: 'scene-night' }),
    ...extra,
  ]);

describe('a word, then names of buttons here', () => {
  it('taps the first name and hands on the others, then what follows them', () => {
    const r = interpretStep('days Mon, Wed, Fri, scene Good night', schedule());
    expect(tapped(r)).toEqual(['day-mon']);
    expect(then(r)).toBe('tap "Wed"; tap "Fri"; scene Good night');
  });

  it('reads "and" between the names, and a list of one name', () => {
    expect(then(interpretStep('days Tue and Fri', schedule()))).toBe('tap "Fri"');
    const one = interpretStep('days Mon', schedule());
    expect(tapped(one)).toEqual(['day-mon']);
    expect(then(one)).toBeUndefined();
  });

  it('never taps a name the word says is not wanted', () => {
    for (const step of ['except Mon', 'not Mon', 'skip Mon, Wed', 'leave Mon'])
      expect(tapped(interpretStep(step, schedule())), step).not.toContain('day-mon');
  });

  it('leaves a name that is no one button here to the other readers', () => {
    expect(tapped(interpretStep('days Sun', schedule()))).toEqual([]);
    // Two buttons named Mon: which one is not guessed.
    const twice = schedule([chip('Mon', 200, { id: 'other-mon' })]);
    expect(tapped(interpretStep('days Mon', twice))).toEqual([]);
    // A disabled chip is never tapped.
    const off = screen('Add schedule', [node('text', 'Repeat on', 300), chip('Mon', 16, { enabled: false })]);
    expect(tapped(interpretStep('days Mon', off))).toEqual([]);
  });
});

describe('a part that reads as itself again after its taps', () => {
  const tap: Resolution = {
    settled: true,
    kind: 'actions',
    actions: [
      { op: 'input', event: { kind: 'tap', x: 36, y: 360 }, selector: { class: 'button', text: 'Mon', id: 'day-mon' } },
    ],
    reasoning: 'tap button "Mon"',
    then: 'days Mon',
  };

  it('is let go round once, and stopped the second time', () => {
    const readings = new Map<string, string>();
    expect(goesRound('days Mon', tap, readings)).toBeNull();
    expect(goesRound('days Mon', tap, readings)).toMatch(/^not understood: "days Mon" reads as tap button "Mon"/);
  });

  it('is not stopped when it taps something else, or moves on to another part', () => {
    const readings = new Map<string, string>();
    expect(goesRound('days Mon', tap, readings)).toBeNull();
    const other = {
      ...tap,
      actions: [{ ...tap.actions[0]!, selector: { class: 'button', text: 'Schedules', id: 'open' } }],
    };
    expect(goesRound('days Mon', other as Resolution, readings)).toBeNull();
    expect(goesRound('days Mon', { ...tap, then: 'days Wed' }, new Map())).toBeNull();
  });
});

describe('a form opened by its button and walked to its save', () => {
  const schedules = screen('Schedules', [
    node('list_item', 'Wake up', 100, { id: 'wake' }),
    node('button', 'Add schedule', 300, { id: 'add-schedule' }),
  ]);

  it('"Add schedule: name …" taps the button here, then reads the entries on the screen it opens', () => {
    const r = interpretStep('Add schedule: name Early start, 06:30', schedules);
    expect(tapped(r)).toEqual(['add-schedule']);
    expect(then(r)).toBe('name Early start, 06:30');
    // A label's value stays a check: "Total: €9.00" with Total a text.
    const total = screen('Basket', [node('text', 'Total', 100), node('text', '€9.00', 140)]);
    expect(tapped(interpretStep('Total: €9.00', total))).toEqual([]);
  });

  it('"leave scene as is" does nothing when the screen shows it; "save" taps the button it starts', () => {
    const form = schedule([node('button', 'Save schedule', 700, { id: 'save' })]);
    const left = interpretStep('leave scene as is, save', form);
    expect(left.settled && left.kind === 'actions' && left.actions).toEqual([]);
    expect(then(left)).toBe('save');
    expect(tapped(interpretStep('save', form))).toEqual(['save']);
    // Nothing on screen is so named: no leaving it alone.
    expect(interpretStep('leave colour as is', form).settled).toBe(false);
  });
});

describe('a scroll that leads back to the same part', () => {
  it('is stopped the second time', () => {
    const scroll: Resolution = {
      settled: true,
      kind: 'scroll_until',
      plan: {
        kind: 'scroll_until',
        direction: 'down',
        target: { text: '' },
        swipe: { kind: 'swipe', x: 1, y: 600, x2: 1, y2: 200, durationMs: 300 },
        maxSwipes: 5,
      },
      reasoning: 'scroll down to ""',
      then: 'Add schedule: name Early start',
    };
    const readings = new Map<string, string>();
    expect(goesRound('Add schedule: name Early start', scroll, readings)).toBeNull();
    expect(goesRound('Add schedule: name Early start', scroll, readings)).toMatch(/^not understood/);
  });
});

describe('"Continue with 2 adults"', () => {
  const tickets = (adults: string, more: ReturnType<typeof node>[] = []) =>
    screen('Tickets', [
      node('text', 'Adult', 100),
      node('button', 'One adult fewer', 140, { id: 'adult-minus' }),
      node('text', adults, 140),
      node('button', 'One more adult', 140, { id: 'adult-plus' }),
      node('button', 'Continue', 700, { id: 'continue' }),
      ...more,
    ]);

  it('sets the count on its line first, then continues', () => {
    const r = interpretStep('Continue with 2 adults', tickets('1'));
    expect(tapped(r)).toEqual(['adult-plus']);
    expect(then(r)).toMatch(/tap "Continue"/);
  });

  it('near miss: two Continue buttons are not chosen between', () => {
    const two = tickets('2', [node('button', 'Continue', 760, { id: 'continue-2' })]);
    expect(tapped(interpretStep('Continue with 2 adults', two))).not.toContain('continue');
  });
});

describe('hostile step text for these readers', () => {
  // A reader that went round on such text would hang here until the test's own timeout.
  it('is read to an answer that passes nothing', () => {
    const form = schedule([node('button', 'Save schedule', 700, { id: 'save' })]);
    const long = [
      `days ${Array.from({ length: 2000 }, () => 'Mon').join(', ')}`,
      `Add schedule: ${'name x, '.repeat(500)}`,
      `Reach Review booking for London → Paris, ${'14 Aug 2025, '.repeat(400)}`,
      `Continue with 99 ${'a'.repeat(2000)}`,
      `leave ${'scene '.repeat(400)}as is`,
    ];
    for (const step of long) {
      const r = interpretStep(step, form);
      expect(r.settled && r.kind === 'check' && r.passed, step.slice(0, 30)).not.toBe(true);
    }
  });
});
