import { describe, expect, it } from 'vitest';
import { type DeviceAction, interpretStep, type Resolution } from './index';
import { labelled, node, screen } from './hand-built-screens.fixture';

/** An option under a heading: "Set Mode to Off", "Under Mode tap Cool"; near misses read as before. */

const acts = (r: Resolution): DeviceAction[] => (r.settled && r.kind === 'actions' ? r.actions : []);
const tapped = (r: Resolution) =>
  acts(r).flatMap((a) => (a.op === 'input' && a.event.kind === 'tap' ? [a.selector?.id ?? a.selector?.text] : []));

const room = screen('Living Room', [
  node('text', 'Fan', 80, { id: 'fan-heading' }),
  node('button', 'Off', 120, { id: 'fan-off' }),
  node('text', 'Mode', 200, { id: 'mode-heading' }),
  node('button', 'Heat', 240, { id: 'mode-heat' }),
  node('button', 'Cool', 240, { id: 'mode-cool', bounds: { x: 140, y: 240, width: 100, height: 40 } }),
  node('button', 'Off', 240, { id: 'mode-off', bounds: { x: 260, y: 240, width: 100, height: 40 } }),
]);

describe('an option under a heading', () => {
  it('"Set Mode to Off" taps the Off under Mode, not the one above it', () => {
    expect(tapped(interpretStep('Set Mode to Off', room))).toEqual(['mode-off']);
    expect(tapped(interpretStep('Set Fan to Off', room))).toEqual(['fan-off']);
  });

  it('"Under Mode tap Cool" taps Cool there', () => {
    expect(tapped(interpretStep('Under Mode tap Cool', room))).toEqual(['mode-cool']);
  });

  it('an option that is not under the heading is not tapped for it', () => {
    expect(tapped(interpretStep('Set Mode to Dry', room))).toEqual([]);
    expect(tapped(interpretStep('Under Fan tap Heat', room))).not.toEqual(['fan-off']);
  });
});

describe('"Name: Dinner time" as a step fills an empty field', () => {
  const form = (name: string) =>
    screen('New scene', [...labelled('Name', 'scene-name', 100, name), node('button', 'Save scene', 400)]);
  const typed = (r: Resolution) =>
    acts(r).flatMap((a) => (a.op === 'input' && a.event.kind === 'text' ? [[a.selector?.id, a.event.text]] : []));

  it('types the value into the empty Name field', () => {
    expect(typed(interpretStep('Name: Dinner time', form('')))).toEqual([['scene-name', 'Dinner time']]);
    // A field with no label on screen, named by its id.
    const bare = screen('New scene', [node('input', '', 100, { id: 'scene-name' }), node('button', 'Save', 400)]);
    expect(typed(interpretStep('Name: Dinner time', bare))).toEqual([['scene-name', 'Dinner time']]);
  });

  it('near miss: a label that names no field is read as a check, nothing typed', () => {
    const status = screen('New scene', [node('text', 'Status', 100), node('text', 'Ready', 130)]);
    const r = interpretStep('Status: Ready', status);
    expect(typed(r)).toEqual([]);
    expect(r.settled && r.kind).toBe('check');
  });
});

describe('an option under a heading further down', () => {
  it('is scrolled to before it is tapped', () => {
    const long = screen('Living Room', [
      node('text', 'Mode', 800, { id: 'mode-heading' }),
      node('button', 'Cool', 900, { id: 'mode-cool' }),
    ]);
    const r = interpretStep('Under Mode tap Cool', long);
    expect(r.settled && r.kind).toBe('scroll_until');
  });
});
