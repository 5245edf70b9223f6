import { describe, expect, it } from 'vitest';
import { interpretAssertion, interpretStep, type Resolution } from './index';
import { node, screen } from './hand-built-screens.fixture';

/**
 * A line's level said as people say it: "Increase the Ceiling light brightness", "Lower the thermostat by one
 * degree" tap the line's + or −; "Ceiling light brightness is 80%" reads "Brightness 80%" beside the line's name.
 */
const at = (x: number, y: number, width = 40) => ({ bounds: { x, y, width, height: 40 } });
const room = (level = 80) =>
  screen('Living Room', [
    node('toggle', 'Ceiling light', 100, { checked: true }),
    node('text', `Brightness ${level}%`, 145),
    node('button', 'Dim Ceiling light', 190, { id: 'ceiling-minus', ...at(20, 190) }),
    node('button', 'Brighten Ceiling light', 190, { id: 'ceiling-plus', ...at(120, 190) }),
    node('text', 'Thermostat', 260),
    node('text', 'Indoor 20°C', 305),
  ]);

const taps = (r: Resolution) =>
  r.settled && r.kind === 'actions'
    ? `${r.actions.flatMap((a) => (a.op === 'input' && a.selector?.id ? [a.selector.id] : [])).join(',')}${r.then ? ` → ${r.then}` : ''}`
    : r.settled
      ? r.kind
      : 'not settled';
const verdict = (r: ReturnType<typeof interpretAssertion>) => (r.settled ? r.passed : 'not settled');

describe('a line turned up or down', () => {
  it('taps the line’s + or −, as many times as counted', () => {
    expect(taps(interpretStep('Increase the Ceiling light brightness', room()))).toBe('ceiling-plus');
    expect(taps(interpretStep('Dim the Ceiling light by two steps', room()))).toBe(
      'ceiling-minus → tap "Dim Ceiling light" 1 more times',
    );
  });

  it('near misses: an amount that is no count of taps, a thing with no stepper', () => {
    expect(taps(interpretStep('Raise the Ceiling light brightness by 10%', room()))).toBe('not settled');
    expect(taps(interpretStep('Lower the Thermostat', room()))).toBe('not settled');
  });
});

describe('a thing’s value said with its word', () => {
  it('reads the text beside the name that holds that word', () => {
    expect(verdict(interpretAssertion('Ceiling light brightness is 80%', room()))).toBe(true);
    expect(verdict(interpretAssertion('Ceiling light brightness is 90%', room()))).toBe(false);
  });

  it('is not read when what is beside the name does not say that word', () => {
    expect(verdict(interpretAssertion('Thermostat target is 22 degrees', room()))).toBe('not settled');
  });
});

describe('a switch named by another form of its words', () => {
  const form = (reminder = false) =>
    screen('New task', [
      node('toggle', 'Remind me', 100, { id: 'reminder-switch', checked: reminder }),
      node('toggle', 'Share with family', 160, { id: 'share-switch', checked: false }),
    ]);

  it('"Enable the reminder", "Turn off reminders": the one switch whose words begin so', () => {
    expect(taps(interpretStep('Enable the reminder', form()))).toBe(
      'reminder-switch → verify the "Remind me" switch is on or asks to confirm',
    );
    expect(taps(interpretStep('Turn off reminders', form(true)))).toBe(
      'reminder-switch → verify the "Remind me" switch is off or asks to confirm',
    );
  });

  it('near misses: words no switch begins with, or too short to tell', () => {
    expect(taps(interpretStep('Turn on notifications', form()))).toBe('not settled');
    expect(taps(interpretStep('Turn on me', form()))).toBe('not settled');
  });
});

describe('a bare + where several lines have one', () => {
  const lights = () =>
    screen('Living Room', [
      node('toggle', 'Ceiling light', 100, { checked: true }),
      node('button', 'Brighten Ceiling light', 150, { id: 'ceiling-plus', ...at(120, 150) }),
      node('toggle', 'Floor lamp', 220, { checked: true }),
      node('button', 'Brighten Floor lamp', 270, { id: 'floor-plus', ...at(120, 270) }),
      node('text', 'Thermostat', 340),
      node('button', 'Raise target temperature', 1000, { id: 'thermo-plus', ...at(120, 1000) }),
    ]);

  it('is refused, never scrolled to the one + below the fold', () => {
    expect(taps(interpretStep('Tap + three times', lights()))).toBe('not settled');
  });

  it('is the + of the thing the step before went to', () => {
    expect(taps(interpretStep('Tap + three times', lights(), 'Living Room → Ceiling light'))).toBe(
      'ceiling-plus → tap "Brighten Ceiling light" 2 more times',
    );
    expect(taps(interpretStep('Tap +', lights(), 'Open Floor lamp'))).toBe('floor-plus');
    // The line whose other sign the step before tapped.
    expect(taps(interpretStep('Tap + twice', lights(), 'Living Room: tap − on Floor lamp'))).toBe(
      'floor-plus → tap "Brighten Floor lamp" 1 more times',
    );
    // An aside after the count says what the taps did, not whose they were.
    expect(taps(interpretStep('Tap + once more', lights(), 'Tap − on the Floor lamp 3 times (40 → 10%)'))).toBe(
      'floor-plus',
    );
    // The step before named nothing of this screen: still refused.
    expect(taps(interpretStep('Tap +', lights(), 'Open Kitchen'))).toBe('not settled');
  });
});
