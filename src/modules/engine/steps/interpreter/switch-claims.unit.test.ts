import { describe, expect, it } from 'vitest';
import { interpretAssertion } from './index';
import { node, screen } from './hand-built-screens.fixture';

const verdict = (r: ReturnType<typeof interpretAssertion>) => (r.settled ? r.passed : 'not settled');

/** A notes app's settings: a heading, a switch and its description under it. */
const settings = screen('Settings', [
  node('text', 'Sync', 100),
  node('toggle', 'Sync over Wi-Fi only', 150, { id: 'wifi', checked: true }),
  node('text', 'Saves mobile data.', 195),
  node('text', 'Privacy', 250),
  node('toggle', 'Lock notes', 300, { id: 'lock', checked: false }),
]);

describe('a switch written with its state in capitals', () => {
  it('"Name ON ("description")": the switch in that state and its description shown', () => {
    expect(verdict(interpretAssertion('Sync: Sync over Wi-Fi only ON ("Saves mobile data.")', settings))).toBe(true);
    expect(verdict(interpretAssertion('Sync over Wi-Fi only ON ("Saves mobile data.")', settings))).toBe(true);
    // The state differs; the description is another one.
    expect(verdict(interpretAssertion('Sync over Wi-Fi only OFF ("Saves mobile data.")', settings))).toBe(false);
    expect(verdict(interpretAssertion('Sync over Wi-Fi only ON ("Saves battery.")', settings))).toBe(false);
  });

  it('"Heading: Name OFF": the heading shown and the switch off', () => {
    expect(verdict(interpretAssertion('Privacy: Lock notes OFF', settings))).toBe(true);
    expect(verdict(interpretAssertion('Privacy: Lock notes ON', settings))).toBe(false);
    expect(verdict(interpretAssertion('Lock notes OFF', settings))).toBe(true);
  });
});
