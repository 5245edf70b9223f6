import { describe, expect, it } from 'vitest';
import { interpretAssertion, interpretStep, type Resolution } from './index';
import { node, screen } from './hand-built-screens.fixture';

/**
 * A list of things to do, said as QA engineers say it: "The task list is displayed", "Call the dentist shows High
 * priority" (one part of the row's second line), "Mark Call the dentist as done" (the row opened, then its "Mark as
 * complete" button). Each form has a near miss that must not pass.
 */
const row = (title: string, line: string, y: number, id: string) =>
  node('list_item', title, y, { id, children: [node('text', line, y + 20)] });
const tasks = (rows = true) =>
  screen('Tasks', [
    node('text', '10 tasks left', 60),
    ...(rows
      ? [
          row('Call the dentist', 'Today · Personal · High priority', 120, 'task-1'),
          row('Buy milk and eggs', 'Today · Errands · Low priority', 200, 'task-2'),
        ]
      : [node('text', 'Nothing to do', 120)]),
  ]);
const task = (done: boolean) =>
  screen('Task', [
    node('text', 'Call the dentist', 80),
    node('button', done ? 'Mark as not done' : 'Mark as complete', 500, { id: done ? 'undo' : 'complete' }),
    node('button', 'Delete task', 560, { id: 'delete' }),
  ]);

const verdict = (r: ReturnType<typeof interpretAssertion>) => (r.settled ? r.passed : 'not settled');
const step = (r: Resolution) =>
  r.settled && r.kind === 'actions'
    ? `${r.actions.flatMap((a) => (a.op === 'input' && a.selector?.id ? [a.selector.id] : [])).join(',')}${r.then ? ` → ${r.then}` : ''}`
    : r.settled
      ? r.kind
      : 'not settled';

describe('a list said by the kind of thing in it', () => {
  it('is shown when a row at least is on screen', () => {
    expect(verdict(interpretAssertion('The task list is displayed', tasks()))).toBe(true);
    expect(verdict(interpretAssertion('A list of tasks is shown', tasks()))).toBe(true);
    expect(verdict(interpretAssertion('The task list is displayed', tasks(false)))).toBe(false);
  });
});

describe('"There are N …" in the words the screen says it', () => {
  it('is that text on screen, not a count of rows', () => {
    expect(verdict(interpretAssertion('There are 10 tasks left', tasks()))).toBe(true);
    expect(verdict(interpretAssertion('There are 9 tasks left', tasks()))).not.toBe(true);
  });
});

describe('a part of a row’s second line', () => {
  it('is what the row shows', () => {
    expect(verdict(interpretAssertion('Call the dentist shows High priority', tasks()))).toBe(true);
    expect(verdict(interpretAssertion('Call the dentist is High priority', tasks()))).toBe(true);
    expect(verdict(interpretAssertion('Call the dentist shows Low priority', tasks()))).toBe(false);
    // The other row's part is not this row's.
    expect(verdict(interpretAssertion('Call the dentist shows Errands', tasks()))).toBe(false);
  });
});

describe('marking a thing as done', () => {
  it('opens the row, then taps the button that marks it so, said in other words', () => {
    expect(step(interpretStep('Mark Call the dentist as done', tasks()))).toBe('task-1 → mark it as done');
    expect(step(interpretStep('mark it as done', task(false)))).toBe('complete');
    expect(step(interpretStep('Mark it as finished', task(false)))).toBe('complete');
    expect(step(interpretStep('Mark it as not done', task(true)))).toBe('undo');
  });

  it('"Check off X", "Tick off the X task", "Complete X": the row marked done', () => {
    expect(step(interpretStep('Check off Call the dentist', tasks()))).toBe('task-1 → mark it as done');
    expect(step(interpretStep('Tick off the Buy milk and eggs task', tasks()))).toBe('task-2 → mark it as done');
    expect(step(interpretStep('Complete Call the dentist', tasks()))).toBe('task-1 → mark it as done');
    // No row so named: not read as marking ("Complete checkout" is no task).
    expect(step(interpretStep('Complete checkout', tasks()))).toBe('not settled');
  });

  it('near misses: no such row, or no button that marks it so', () => {
    expect(step(interpretStep('Mark Renew passport as done', tasks()))).toBe('not settled');
    expect(step(interpretStep('Mark it as done', task(true)))).toBe('not settled');
  });
});

describe('what a row has', () => {
  it('"X has Y" is what the row shows', () => {
    expect(verdict(interpretAssertion('Call the dentist has High priority', tasks()))).toBe(true);
    expect(verdict(interpretAssertion('Call the dentist has Low priority', tasks()))).toBe(false);
  });
});

describe('what a row is, said of its name', () => {
  const places = screen('Home', [
    node('text', 'Restaurants near you', 60),
    row('Sakura Sushi', 'Sushi · ★ 4.6 · Closed · opens 17:00', 120, 'r-1'),
    row('Green Bowl', 'Vegan · ★ 4.8 · 20–30 min', 200, 'r-2'),
  ]);

  it('"Sakura Sushi is closed": one of the parts of its line', () => {
    expect(verdict(interpretAssertion('Sakura Sushi is closed', places))).toBe(true);
    expect(verdict(interpretAssertion('Green Bowl is Vegan', places))).toBe(true);
  });

  it('near misses: a state the row does not say is not judged; another row’s part is not this one’s', () => {
    expect(verdict(interpretAssertion('Green Bowl is open now', places))).toBe('not settled');
    expect(verdict(interpretAssertion('Sakura Sushi is Vegan', places))).toBe(false);
  });
});

describe('a row that appears in the list', () => {
  it('"X appears in the list", "X shows up in the task list": the row is shown', () => {
    expect(verdict(interpretAssertion('Call the dentist appears in the list', tasks()))).toBe(true);
    expect(verdict(interpretAssertion('Buy milk and eggs shows up in the task list', tasks()))).toBe(true);
    expect(verdict(interpretAssertion('Pay rent appears in the list', tasks()))).toBe(false);
  });

  it('near miss: a list a heading names is that heading’s, not read so', () => {
    expect(verdict(interpretAssertion('Call the dentist appears in the Completed list', tasks()))).toBe('not settled');
  });
});
