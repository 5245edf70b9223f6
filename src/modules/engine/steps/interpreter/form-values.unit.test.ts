import { describe, expect, it } from 'vitest';
import { type DeviceAction, interpretStep, type Resolution } from './index';
import { labelled, node, screen } from './hand-built-screens.fixture';

/** A form's entries listed as values ("Bedtime, 22:30, Mon, Good night, save"), and a thing added with them. */

const acts = (r: Resolution): DeviceAction[] => (r.settled && r.kind === 'actions' ? r.actions : []);
const done = (r: Resolution) =>
  acts(r).map((a) =>
    a.op === 'input'
      ? `${a.event.kind} ${a.selector?.id ?? a.selector?.text}${'text' in a.event ? ` ${a.event.text}` : ''}`
      : a.op,
  );
const then = (r: Resolution) => (r.settled ? r.then : undefined);
const chip = (text: string, x: number, y = 340, extra = {}) =>
  node('button', text, y, { id: `chip-${text.toLowerCase()}`, bounds: { x, y, width: 44, height: 40 }, ...extra });

const form = (name = '', extra: ReturnType<typeof node>[] = []) =>
  screen('Add schedule', [
    ...labelled('Name', 'schedule-name', 80, name),
    chip('06:30', 16, 200),
    chip('22:30', 70, 200),
    chip('Mon', 16),
    chip('Wed', 70),
    chip('Fri', 124),
    node('button', 'Good night', 450, { id: 'scene-night' }),
    node('button', 'Save schedule', 700, { id: 'save' }),
    ...extra,
  ]);

const schedules = screen('Schedules', [
  node('list_item', 'Wake up', 100, { id: 'row-wake' }),
  node('button', 'Add schedule', 400, { id: 'add-schedule' }),
]);

describe("a form's entries listed as values", () => {
  it('types the one entry that names no button into the one empty field, then taps the rest', () => {
    const r = interpretStep('Bedtime, 22:30, Mon, Wed, Fri, Good night, save', form());
    expect(done(r)).toEqual(['tap schedule-name', 'text schedule-name Bedtime']);
    expect(then(r)).toBe('tap "22:30"; tap "Mon"; tap "Wed"; tap "Fri"; tap "Good night"; save');
  });

  it('reads a word before a chip ("at 22:30", "on Mon", "running Good night") and entries in brackets', () => {
    const r = interpretStep('Bedtime at 22:30 on Mon, Wed and Fri running Good night', form());
    expect(done(r)).toEqual(['tap schedule-name', 'text schedule-name Bedtime']);
    expect(then(r)).toBe('tap "22:30"; tap "Mon"; tap "Wed"; tap "Fri"; tap "Good night"');
    const bracket = interpretStep('Bedtime (22:30, Mon, good night), save', form());
    expect(then(bracket)).toBe('tap "22:30"; tap "Mon"; tap "Good night"; save');
    const and = interpretStep('Bedtime (22:30, Mon, good night) and save', form());
    expect(then(and)).toBe('tap "22:30"; tap "Mon"; tap "Good night"; save');
  });

  it('near miss: two entries that name no button, or none, are not guessed into one field', () => {
    expect(done(interpretStep('Bedtime, Evening, 22:30', form()))).not.toContain('text schedule-name Bedtime');
    expect(done(interpretStep('22:30, Mon', form()))).not.toContain('text schedule-name 22:30');
  });

  it('near miss: a field that already holds text, two fields, or a disabled chip leave the list to the others (a disabled chip is tapped, and fails)', () => {
    expect(done(interpretStep('Bedtime, 22:30, Mon', form('Morning')))).not.toContain('text schedule-name Bedtime');
    const two = form('', labelled('Note', 'schedule-note', 560));
    expect(done(interpretStep('Bedtime, 22:30, Mon', two))).not.toContain('text schedule-name Bedtime');
    // A disabled chip named after the others is tapped in its turn, and that tap fails the step there.
    const off = form('', [chip('Sun', 200, 340, { enabled: false })]);
    expect(then(interpretStep('Bedtime, 22:30, Sun', off))).toBe('tap "22:30"; tap "Sun"');
  });

  it('near miss: an entry that says not to ("no scene", "leave …") is no value to type', () => {
    expect(done(interpretStep('Bedtime, 22:30, no scene', form()))).not.toContain('text schedule-name Bedtime');
  });
});

describe('a thing added with its entries', () => {
  it('"Add a schedule Bedtime at 22:30 on Mon" taps the button that adds one, the entries next, then saves', () => {
    const r = interpretStep('Add a schedule Bedtime at 22:30 on Mon', schedules);
    expect(done(r)).toEqual(['tap add-schedule']);
    expect(then(r)).toBe('Bedtime at 22:30 on Mon, save');
    expect(then(interpretStep('Add schedule Bedtime (22:30) and save', schedules))).toBe('Bedtime (22:30) and save');
    expect(then(interpretStep("Add schedule Bedtime (22:30) but don't save", schedules))).toBe(
      "Bedtime (22:30) but don't save",
    );
  });

  it('"Create and save a schedule Bedtime (22:30)" saves after the entries', () => {
    const r = interpretStep('Create and save a schedule Bedtime (22:30)', schedules);
    expect(done(r)).toEqual(['tap add-schedule']);
    expect(then(r)).toBe('Bedtime (22:30), save');
  });

  it('near miss: no one button adds that kind of thing, or a verb follows: left to the other readers', () => {
    expect(done(interpretStep('Add a scene Bedtime (22:30)', schedules))).not.toContain('tap add-schedule');
    expect(then(interpretStep('Add schedule and tap Save', schedules))).not.toBe('tap Save');
  });
});

describe('hostile entries', () => {
  it('a list of 2,000 entries or a 5,000-letter one is read to an answer that types nothing', () => {
    const many = Array.from({ length: 2000 }, (_, i) => `E${i}`).join(', ');
    expect(done(interpretStep(many, form()))).toEqual([]);
    expect(done(interpretStep(`${'a'.repeat(5000)}, 22:30`, form()))).toEqual([]);
  });

  it('a 5,000-letter kind or place, and a flow of 500 seats, are read to an answer that types nothing', () => {
    expect(done(interpretStep(`Add a ${'x'.repeat(5000)} Bedtime at 22:30`, schedules))).toEqual([]);
    expect(done(interpretStep(`Sign out from ${'Profile '.repeat(700)}and confirm`, schedules))).not.toContain(
      'text schedule-name Bedtime',
    );
    const seats = screen('Choose seats', [node('button', 'Seat A1', 200, { id: 'seat-a1' })]);
    const r = interpretStep(`rest of the booking: ${'one seat, '.repeat(500)}pay`, seats);
    expect(done(r).filter((a) => a.startsWith('text'))).toEqual([]);
  });
});

describe('a chip below the fold', () => {
  const short = screen('Add schedule', [
    ...labelled('Name', 'schedule-name', 80),
    chip('22:30', 70, 200),
    chip('Mon', 16),
  ]);
  it('a name after the chips here is tapped next, scrolled to ("…, Mon, running Good night")', () => {
    const r = interpretStep('Bedtime at 22:30 on Mon running Good night', short);
    expect(done(r)).toEqual(['tap schedule-name', 'text schedule-name Bedtime']);
    expect(then(r)).toBe('tap "22:30"; tap "Mon"; tap "Good night"');
  });
  it('a name in lower case after the chips is tapped too ("good night"); the tap finds it by any case', () => {
    expect(then(interpretStep('Bedtime, 22:30, good night', short))).toBe('tap "22:30"; tap "good night"');
  });
  it('near miss: a name first, before any chip here, or words that say not to, are not tapped blind', () => {
    expect(done(interpretStep('Bedtime, Evening, 22:30', short))).not.toContain('text schedule-name Bedtime');
    expect(done(interpretStep('Bedtime, 22:30, no scene', short))).not.toContain('text schedule-name Bedtime');
    expect(done(interpretStep('Bedtime, 22:30, tap the big one', short))).not.toContain('text schedule-name Bedtime');
  });
});

describe('a thing added by its name', () => {
  const tasks = screen('Tasks', [
    node('list_item', 'Buy milk', 100),
    node('button', 'Add task', 700, { id: 'add-task' }),
  ]);
  it('"Add a task called A1": the Add task button, the name typed into the form\'s one field, then save', () => {
    const r = interpretStep('Add a task called A1', tasks);
    expect(done(r)).toEqual(['tap add-task']);
    expect(then(r)).toBe('enter "A1" as its name; save');
    const form = screen('New task', [
      ...labelled('Title', 'title', 100),
      ...labelled('Notes', 'notes', 200),
      ...labelled('Time', 'time', 300),
    ]);
    expect(done(interpretStep('enter "A1" as its name', form))).toEqual(['tap title', 'text title A1']);
  });
  it('near miss: more after the name, or no button that adds a task, stays refused as a whole flow', () => {
    expect(interpretStep('Add a task called A1 due Friday', tasks).settled).toBe(false);
    expect(interpretStep('Add a task called A1', schedules).settled).toBe(false);
  });
});

describe('what is left alone, said after "but"', () => {
  const scene = screen('New scene', [
    ...labelled('Name', 'scene-name', 80),
    node('toggle', 'Kitchen · Pendant lights', 300, { id: 'pick-pendant', checked: false }),
  ]);
  it('"Pick Kitchen · Pendant lights but leave the name empty": the pick, then the field left empty is a clause of its own', () => {
    const r = interpretStep('Pick Kitchen · Pendant lights but leave the name empty', scene);
    expect(done(r)).toEqual(['tap pick-pendant']);
    expect(then(r)).toBe('leave the name empty');
  });
  it('near miss: "but" before anything else does not split', () => {
    expect(then(interpretStep('Pick Kitchen · Pendant lights but not the lamp', scene))).not.toBe('not the lamp');
  });
});

describe('the name given after a tap', () => {
  const scenes = screen('Scenes', [node('button', 'New scene', 400, { id: 'new-scene' })]);
  it('"Tap New scene again, name it Reading, save": the tap, then the name as a clause of its own', () => {
    const r = interpretStep('Tap New scene again, name it Reading, save', scenes);
    expect(done(r)).toEqual(['tap new-scene']);
    expect(then(r)).toMatch(/^name it Reading/);
  });
});

describe('one more of the same kind', () => {
  it('"Add another: Evening (18:00)" after "Add schedule Bedtime (22:30)": the Add schedule button, then its entries', () => {
    const r = interpretStep(
      'Add another: Evening (22:30) and save',
      schedules,
      'Add schedule Bedtime (06:30) and save',
    );
    expect(done(r)).toEqual(['tap add-schedule']);
    expect(then(r)).toBe('Evening (22:30) and save');
  });
  it('near miss: after a step that added nothing, "Add another" is read as written', () => {
    const r = interpretStep('Add another: Evening (22:30)', schedules, 'Tap Wake up');
    expect(done(r)).not.toEqual(['tap add-schedule']);
  });
});
