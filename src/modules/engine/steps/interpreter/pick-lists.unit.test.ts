import { describe, expect, it } from 'vitest';
import { interpretStep, type Observation, type Resolution } from './index';
import { node, screen, tableForm } from './hand-built-screens.fixture';

/**
 * Values picked in one breath on a form of chips, fields and switches: "Choose X at Y and save", "Tap X
 * only", "X, Y, notes "…", Switch on, Button". Each form has a near miss that must be refused or fail.
 */

const done = (r: Resolution): string[] =>
  r.settled && r.kind === 'actions'
    ? r.actions.flatMap((a) => (a.op === 'input' && a.selector?.id ? [a.selector.id] : []))
    : [];

/** The step read to its end on an unchanging screen: what it did, and how it ended. */
function walk(step: string, at: Observation): { did: string[]; end: string } {
  const did: string[] = [];
  let text: string | undefined = step;
  for (let i = 0; text && i < 12; i++) {
    const r = interpretStep(text, at);
    if (!r.settled) return { did, end: 'not settled' };
    if (r.kind === 'check' && !r.passed) return { did, end: 'failed' };
    if (r.kind === 'scroll_until') return { did, end: 'scroll' };
    did.push(...done(r));
    text = r.then;
  }
  return { did, end: 'done' };
}

describe('values picked in one step', () => {
  it('"Choose X at Y and save": both chips, then the one button that verb starts', () => {
    const r = interpretStep('Choose Two people at 18:30 and hold', tableForm());
    expect(done(r)).toEqual(['size-2']);
    expect(r.settled && r.then).toBe('tap 18:30; hold');
    expect(walk('Choose Two people at 18:30 and hold', tableForm())).toEqual({
      did: ['size-2', 'time-1830', 'hold-table'],
      end: 'done',
    });
  });

  it('"X at Y" splits only when Y is a name on screen too', () => {
    expect(walk('Choose Two people at 19:00', tableForm()).did).toEqual([]);
    expect(walk('Choose Two people at 19:00', tableForm()).end).not.toBe('done');
  });

  it('"Tap X only" taps X and nothing more; an unknown X is not guessed', () => {
    const r = interpretStep('Tap Four people only', tableForm());
    expect(done(r)).toEqual(['size-4']);
    expect(r.settled && r.then).toBeUndefined();
    expect(done(interpretStep('Tap Six people only', tableForm()))).toEqual([]);
  });

  it('"X and Y but don\'t save" picks both and holds back', () => {
    expect(walk("Pick Two people and 20:15 but don't hold the table", tableForm())).toEqual({
      did: ['size-2', 'time-2015'],
      end: 'done',
    });
    // A remark that is no holding back stays part of the names, which name nothing here.
    expect(walk('Pick Two people and 20:15 but maybe hold', tableForm()).end).toBe('not settled');
  });

  it("a list with no verb: names, a field's label and its value, a switch state and the final button", () => {
    const step = 'Two people, 18:30, notes "Window seat, please", Outdoor on, Hold this table';
    const r = interpretStep(step, tableForm());
    expect(done(r)).toEqual(['size-2']);
    expect(r.settled && r.then).toBe(
      'tap 18:30; enter "Window seat, please" in Notes for the host; turn Outdoor seating on; tap Hold this table',
    );
    const quoted = walk(`Two people, notes 'Quiet corner'`, tableForm());
    expect([...new Set(quoted.did)]).toEqual(['size-2', 'host-notes']);
    expect(quoted.end).toBe('done');
    // A label that names no field here leaves the list unread, and the step fails where it does not fit.
    expect(walk('Two people, allergies "Nuts", Hold this table', tableForm()).did).not.toContain('hold-table');
  });

  it('"leave A and B empty" inside a list does nothing when each is a word on screen, else fails', () => {
    expect(walk('Pick Two people, leave time and notes empty, tap Hold this table', tableForm())).toEqual({
      did: ['size-2', 'hold-table'],
      end: 'done',
    });
    expect(walk('Pick Two people, leave colour empty, tap Hold this table', tableForm()).did).not.toContain(
      'hold-table',
    );
  });

  it('"Leave Outdoor off": a switch named by the first words of its label is checked, not tapped', () => {
    expect(walk('Leave Outdoor off', tableForm(false))).toEqual({ did: [], end: 'done' });
    expect(walk('Leave Outdoor off', tableForm(true)).end).toBe('failed');
    expect(walk('Leave Out off', tableForm(false)).end).not.toBe('done');
  });

  it('"Rebook to X at Y": the button of that name, then the values on the screen it opens', () => {
    const details = screen('Reservation', [
      node('text', 'Two people at 18:30', 80),
      node('button', 'Rebook', 140, { id: 'rebook' }),
    ]);
    const r = interpretStep('Rebook to Four people at 20:15 and hold', details);
    expect(done(r)).toEqual(['rebook']);
    expect(r.settled && r.then).toBe('choose Four people at 20:15 and hold');
    expect(walk('Choose Four people at 20:15 and hold', tableForm())).toEqual({
      did: ['size-4', 'time-2015', 'hold-table'],
      end: 'done',
    });
    // No button of that name: nothing is tapped.
    expect(done(interpretStep('Reseat to Four people at 20:15', details))).toEqual([]);
  });

  it('a name on screen that holds a comma stays one name; a lone verb after a comma is no list item', () => {
    const booking = screen('Booking', [
      node('button', 'Cancel booking', 100, { id: 'cancel-booking' }),
      node('button', 'Yes, cancel', 160, { id: 'yes-cancel' }),
    ]);
    expect(walk('Tap Cancel booking, Yes, cancel', booking).did).toEqual(['cancel-booking', 'yes-cancel']);
    const r = interpretStep('Tap Yes and Cancel booking, cancel', booking);
    expect(r.settled && r.then).not.toBe('tap Cancel booking; cancel');
  });

  it('"Back to X" is no button that opens values to pick', () => {
    const details = screen('Reservation', [node('button', 'Back', 60, { id: 'back' })]);
    expect(interpretStep('Back to Four people, 20:15', details).settled && 'picked').not.toBe('picked');
  });
});
