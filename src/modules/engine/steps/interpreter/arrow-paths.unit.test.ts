import { describe, expect, it } from 'vitest';
import { interpretStep, type DeviceAction, type Resolution } from './index';
import { node, screen } from './hand-built-screens.fixture';

/** Paths written with arrows ("Settings → Members"), and a path that ends at a switch. */

const acts = (r: Resolution): DeviceAction[] => (r.settled && r.kind === 'actions' ? r.actions : []);
const done = (r: Resolution) =>
  r.settled
    ? acts(r).map((a) => (a.op === 'input' ? `${a.event.kind} ${a.selector?.id ?? a.selector?.text}` : a.op))
    : `not settled: ${r.reason}`;

const home = screen('Home', [
  node('list_item', 'Kitchen', 140, { id: 'room-kitchen' }),
  node('list_item', 'London → Paris', 200, { id: 'route-lp' }),
  node('button', 'Settings', 700, { id: 'tab-settings' }),
]);

describe('a path written with arrows', () => {
  it('"Settings → Members" taps Settings here, then reads "go to Members" on the next screen', () => {
    const r = interpretStep('Settings → Members', home);
    expect(done(r)).toEqual(['tap tab-settings']);
    expect(r.settled && r.then).toBe('go to Members');
  });

  it('a path whose first name is not on screen yet (a tab bar below) is still looked for, never guessed', () => {
    const r = interpretStep('Energy → Week', home);
    expect(r.settled && r.kind === 'actions').toBe(false);
  });

  it('a row whose name holds an arrow is that row, not a path', () => {
    expect(done(interpretStep('Open London → Paris', home))).toEqual(['tap route-lp']);
  });

  it('a path that ends at a switch goes to the screen and leaves the switch as it is', () => {
    const kitchen = screen('Kitchen', [
      node('toggle', 'Pendant lights', 160, { id: 'light-pendant', checked: true }),
      node('button', '+', 200, { id: 'pendant-plus' }),
    ]);
    expect(done(interpretStep('Kitchen → Pendant lights', kitchen))).toEqual([]);
    expect(done(interpretStep('Go to Pendant lights', kitchen))).toEqual([]);
    // A switch is no place to go through.
    const through = interpretStep('Kitchen → Pendant lights → Schedule', kitchen);
    expect(through.settled && through.then).toBe('go to Pendant lights > Schedule');
    expect(done(interpretStep('go to Pendant lights > Schedule', kitchen))).toMatch(/^not settled: .*a switch/);
  });
});
