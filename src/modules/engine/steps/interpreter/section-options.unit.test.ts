import { describe, expect, it } from 'vitest';
import { type DeviceAction, interpretStep, type Resolution } from './index';
import { labelled, node, screen } from './hand-built-screens.fixture';
import { arrowPath } from './names-path';
import { indexScreen } from './target-finder';

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

describe('a form listed as its entries: "name Bedtime, time 22:30, scene Good night"', () => {
  const schedule = (sceneAt = 600) =>
    screen('Add schedule', [
      node('button', 'Back', 20, { id: 'nav-back' }),
      ...labelled('Name', 'schedule-name', 80, ''),
      node('text', 'Time', 180, { id: 'time-heading' }),
      node('button', '06:30', 220, { id: 'time-0630', bounds: { x: 16, y: 220, width: 80, height: 40 } }),
      node('button', '22:30', 220, { id: 'time-2230', bounds: { x: 110, y: 220, width: 80, height: 40 } }),
      node('text', 'Scene', sceneAt, { id: 'scene-heading' }),
      ...(sceneAt < 700 ? [node('button', 'Good night', sceneAt + 40, { id: 'scene-night' })] : []),
    ]);
  const typed = (r: Resolution) =>
    acts(r).flatMap((a) => (a.op === 'input' && a.event.kind === 'text' ? [[a.selector?.id, a.event.text]] : []));

  it('"time 22:30" and "Time: 22:30" tap the option under Time, not a check of what Time shows', () => {
    expect(tapped(interpretStep('time 22:30', schedule()))).toEqual(['time-2230']);
    expect(tapped(interpretStep('Time: 22:30', schedule()))).toEqual(['time-2230']);
    expect(tapped(interpretStep('Set the time to 22:30', schedule()))).toEqual(['time-2230']);
  });

  it('a value ends where the next entry starts; the rest is read next', () => {
    const r = interpretStep('name Bedtime, time 22:30, scene Good night', schedule());
    expect(typed(r)).toEqual([['schedule-name', 'Bedtime']]);
    expect(r.settled && r.then).toBe('time 22:30, scene Good night');
    const next = interpretStep('time 22:30, scene Good night', schedule());
    expect(tapped(next)).toEqual(['time-2230']);
    expect(next.settled && next.then).toBe('scene Good night');
  });

  it('a comma inside a value that is no entry stays in it', () => {
    const r = interpretStep('name Willow Lane, Leeds', schedule());
    expect(typed(r)).toEqual([['schedule-name', 'Willow Lane, Leeds']]);
  });

  it('an option of a heading at the foot of the screen, not drawn yet, is scrolled to first', () => {
    const r = interpretStep('scene Good night', schedule(800));
    expect(r.settled && r.kind).toBe('scroll_until');
    expect(r.settled && r.kind === 'scroll_until' && r.plan.target).toEqual({ text: 'Good night' });
  });

  it('a switch under a heading at the foot is looked for as a switch, never as an "On" option further down', () => {
    const r = interpretStep('Turn on Scene', schedule(800));
    expect(r.settled && r.kind === 'scroll_until' && r.plan.target).not.toEqual({ text: 'On' });
  });

  it('near misses: an option under no heading, or a heading that is a control, is not tapped', () => {
    expect(tapped(interpretStep('time 07:00', schedule()))).toEqual([]);
    expect(tapped(interpretStep('scene 22:30', schedule()))).toEqual([]);
    const r = interpretStep('Time: 06:30 only', schedule());
    expect(tapped(r)).toEqual([]);
  });

  it('"Tap Add schedule, then name Bedtime": the tap carried over reads the entries on the form', () => {
    const r = interpretStep('Tap name Bedtime, time 22:30', schedule());
    expect(typed(r)).toEqual([['schedule-name', 'Bedtime']]);
    expect(r.settled && r.then).toBe('time 22:30');
  });
});

describe('"Add schedule → name Bedtime, time 22:30": a path whose last part is the entries of the form it opens', () => {
  const schedules = screen('Schedules', [
    node('button', 'Back', 20, { id: 'nav-back' }),
    node('button', 'Add schedule', 300, { id: 'add-schedule' }),
  ]);

  it('taps the button (a name that starts with a verb), then reads the entries on the screen reached', () => {
    const r = interpretStep('Add schedule → name Bedtime, time 22:30', schedules);
    expect(tapped(r)).toEqual(['add-schedule']);
    expect(r.settled && r.then).toBe('name Bedtime, time 22:30');
  });

  it('near misses: an action verb first, or a verb-first name that is no button here, is no path of names', () => {
    const r = interpretStep('Tap Save → name Bedtime', schedules);
    expect(tapped(r)).not.toEqual(['add-schedule']);
    // "Search London → Paris, 14 Aug 2025" is a search of a route, never "Search London > Paris".
    const search = screen('Search', [node('button', 'Search flights', 600)]);
    expect(arrowPath('Search London → Paris, 14 Aug 2025', indexScreen(search))).toBeNull();
    expect(arrowPath('Add schedule → name Bedtime', indexScreen(schedules))).toBe('Add schedule > name Bedtime');
  });
});

describe('"Switch units to °F in Settings": an option by a word of its heading, a place said last', () => {
  const settings = screen('Settings', [
    node('text', 'Temperature units', 300, { id: 'units-heading' }),
    node('button', '°C', 340, { id: 'unit-c', bounds: { x: 16, y: 340, width: 60, height: 40 } }),
    node('button', '°F', 340, { id: 'unit-f', bounds: { x: 90, y: 340, width: 60, height: 40 } }),
    node('button', 'Home', 790, { id: 'tab-home', bounds: { x: 16, y: 790, width: 80, height: 40 } }),
    node('button', 'Settings', 790, { id: 'tab-settings', bounds: { x: 200, y: 790, width: 80, height: 40 } }),
  ]);

  it('"Switch units to °F", "Set units to °C" and "Set °F" tap the option', () => {
    expect(tapped(interpretStep('Switch units to °F', settings))).toEqual(['unit-f']);
    expect(tapped(interpretStep('Set units to °C', settings))).toEqual(['unit-c']);
    expect(tapped(interpretStep('Set °F', settings))).toEqual(['unit-f']);
  });

  it('the place said last is where the step happens', () => {
    expect(tapped(interpretStep('Switch units to °F in Settings', settings))).toEqual(['unit-f']);
    const home = screen('Home', [
      node('text', 'Rooms', 100),
      node('button', 'Settings', 790, { id: 'tab-settings', bounds: { x: 200, y: 790, width: 80, height: 40 } }),
    ]);
    const r = interpretStep('Switch units to °F in Settings', home);
    expect(tapped(r)).toEqual(['tab-settings']);
    expect(r.settled && r.then).toBe('Switch units to °F');
    // Read by the grammar as a switch named "Sounds in Settings", which nothing here is.
    const off = interpretStep('Turn off Sounds in Settings', home);
    expect(tapped(off)).toEqual(['tab-settings']);
    expect(off.settled && off.then).toBe('Turn off Sounds');
  });

  it('near misses: an option of no heading holding the word, typing "in" a field, a row said last', () => {
    expect(tapped(interpretStep('Set mode to °F', settings))).toEqual([]);
    expect(tapped(interpretStep('Set °K', settings))).toEqual([]);
    const search = screen('Search', [...labelled('Search', 'search', 100, '')]);
    const r = interpretStep('Type hello in Search', search);
    expect(
      r.settled && r.kind === 'actions' && r.actions.some((a) => a.op === 'input' && a.event.kind === 'text'),
    ).toBe(true);
  });
});

describe('"Tap Good night in the Scenes row": a part of the screen named by its heading', () => {
  const home = screen('Home', [
    node('text', 'Scenes', 180, { id: 'scenes-heading' }),
    node('button', 'Good morning', 220, { id: 'scene-morning', bounds: { x: 16, y: 220, width: 120, height: 40 } }),
    node('button', 'Good night', 220, { id: 'scene-night', bounds: { x: 150, y: 220, width: 120, height: 40 } }),
    node('text', 'Rooms', 320, { id: 'rooms-heading' }),
    node('list_item', 'Living Room', 360, { id: 'room-living' }),
  ]);

  it('taps the button under that heading', () => {
    expect(tapped(interpretStep('tap Good night in the Scenes row', home))).toEqual(['scene-night']);
  });

  it('of two buttons of that name, the one under the heading', () => {
    const two = screen('Home', [
      node('button', 'Good night', 100, { id: 'banner-night' }),
      node('text', 'Scenes', 180, { id: 'scenes-heading' }),
      node('button', 'Good night', 220, { id: 'scene-night' }),
    ]);
    expect(tapped(interpretStep('tap Good night in the Scenes row', two))).toEqual(['scene-night']);
  });
});
