import type { Action, Condition, Scalar } from '../../src/virtual/app-model';
import { all, choose, each, filled, is, not, set } from '../model-parts';

/**
 * What Tickwise starts with, and the bookkeeping its model cannot do by itself: the model has no
 * arithmetic and no loops, so every task lives in a numbered slot (`t<n>_title`, `t<n>_due`, …)
 * and every count is stepped one up or down, by a case per possible value, when a task changes.
 */

export const ACCOUNT = { email: 'sam@tickwise.test', password: 'tickwise1', name: 'Sam Rivera' };

/** The day the app treats as today (the app is deterministic: it has no clock). */
export const TODAY = 'Thu 14 Aug';

export const DUE_CHOICES = ['Today', 'Tomorrow', 'Sat 16 Aug', 'Mon 18 Aug', 'Fri 22 Aug', 'No due date'] as const;
export const PRIORITIES = ['High', 'Medium', 'Low', 'None'] as const;
export const PROJECTS = ['Personal', 'Work', 'Home', 'Errands'] as const;
export type Due = (typeof DUE_CHOICES)[number];
export type Priority = (typeof PRIORITIES)[number];
export type Project = (typeof PROJECTS)[number];

export interface SeedTask {
  title: string;
  notes: string;
  due: Due;
  priority: Priority;
  project: Project;
  reminder: boolean;
  done: boolean;
}

const task = (
  title: string,
  project: Project,
  due: Due,
  priority: Priority,
  notes = '',
  extra: { reminder?: boolean; done?: boolean } = {},
): SeedTask => ({
  title,
  notes,
  due,
  priority,
  project,
  reminder: extra.reminder ?? false,
  done: extra.done ?? false,
});

/** The account's tasks when the app is first opened, in list order. */
export const SEED: SeedTask[] = [
  task('Call the dentist', 'Personal', 'Today', 'High', 'Ask to move the check-up to September.', { reminder: true }),
  task('Send the weekly report', 'Work', 'Today', 'High', 'Sales figures are in the shared folder.', {
    reminder: true,
  }),
  task('Buy milk and eggs', 'Errands', 'Today', 'Low'),
  task('Water the plants', 'Home', 'Today', 'None', 'The fern in the hall needs the most.'),
  task('Pay the electricity bill', 'Home', 'Tomorrow', 'High', 'Account number is on the last bill.', {
    reminder: true,
  }),
  task('Book train tickets', 'Personal', 'Tomorrow', 'Medium', 'Leeds, Friday evening, return on Sunday.'),
  task('Return library books', 'Errands', 'Sat 16 Aug', 'None'),
  task('Prepare slides for Monday', 'Work', 'Mon 18 Aug', 'High', 'Ten slides at most.'),
  task('Renew passport', 'Personal', 'Fri 22 Aug', 'Medium', 'Photos are in the top drawer.'),
  task('Plan the team lunch', 'Work', 'No due date', 'Low'),
  task('Pick up dry cleaning', 'Errands', 'Today', 'None', '', { done: true }),
  task("Reply to Jordan's email", 'Work', 'Today', 'Medium', '', { done: true }),
  task('Pay the water bill', 'Home', 'Tomorrow', 'Low', '', { done: true }),
];

/** Empty slots after the seeded ones, for tasks added in the app. */
export const NEW_SLOTS = 4;
export const SLOT_COUNT = SEED.length + NEW_SLOTS;
export const slots = Array.from({ length: SLOT_COUNT }, (_, i) => i + 1);
export const newSlots = slots.slice(SEED.length);

/** The fields of a task, as `t<n>_<field>` (slot) and `v_<field>` (the task on screen). */
export const FIELDS = ['title', 'notes', 'due', 'priority', 'project', 'reminder', 'done', 'sub', 'status'] as const;

export const t = (n: number, field: string) => `t${n}_${field}`;
/** A slot holds a task (deleting a task empties its title). */
export const inUse = (n: number): Condition => filled(t(n, 'title'));
export const open = (n: number): Condition => all(inUse(n), is(t(n, 'done'), false));

const projectKey = (p: Project) => p.toLowerCase();
/** The variable holding the number of open tasks of a project. */
export const projectCount = (p: Project) => `p_${projectKey(p)}`;
export const projectLabel = (p: Project) => `p_${projectKey(p)}_label`;

export const leftLabel = (n: number) => (n === 0 ? 'No tasks left' : n === 1 ? '1 task left' : `${n} tasks left`);
export const openLabel = (n: number) => (n === 0 ? 'No open tasks' : n === 1 ? '1 open task' : `${n} open tasks`);
export const resultsLabel = (n: number) => (n === 1 ? '1 result' : `${n} results`);

/**
 * Steps the number in `v` by `delta`, keeping `label` (when given) in step. The value is copied
 * to a scratch variable first, so the cases read a value their own actions do not change.
 */
export function step(v: string, delta: 1 | -1, label?: [string, (n: number) => string]): Action[] {
  const scratch = `${v}_was`;
  return [
    set({ [scratch]: `{{${v}}}` }),
    ...each(
      Array.from({ length: SLOT_COUNT + 1 }, (_, n) => n)
        .filter((n) => n + delta >= 0 && n + delta <= SLOT_COUNT)
        .map((n) => [
          is(scratch, String(n)),
          [set({ [v]: n + delta, ...(label ? { [label[0]]: label[1](n + delta) } : {}) })],
        ]),
    ),
  ];
}

export const stepLeft = (delta: 1 | -1) => step('left', delta, ['left_label', leftLabel]);
export const stepCompleted = (delta: 1 | -1) => step('completed_week', delta);

/** Steps the open-task count of the project named in `projectVar`. */
export function stepProject(projectVar: string, delta: 1 | -1): Action[] {
  return each(PROJECTS.map((p) => [is(projectVar, p), step(projectCount(p), delta, [projectLabel(p), openLabel])]));
}

/** The second line of a task's row, from the fields in `<prefix>due`, `<prefix>project`, …. */
export function subtitle(prefix: string): Action[] {
  const done = is(`${prefix}done`, true);
  return choose(
    [
      [done, [set({ [`${prefix}sub`]: `Completed · {{${prefix}project}}`, [`${prefix}status`]: 'Completed' })]],
      [
        is(`${prefix}priority`, 'None'),
        [set({ [`${prefix}sub`]: `{{${prefix}due}} · {{${prefix}project}}`, [`${prefix}status`]: 'Open' })],
      ],
    ],
    [
      set({
        [`${prefix}sub`]: `{{${prefix}due}} · {{${prefix}project}} · {{${prefix}priority}} priority`,
        [`${prefix}status`]: 'Open',
      }),
    ],
  );
}

function seedSub(s: SeedTask): string {
  if (s.done) return `Completed · ${s.project}`;
  return s.priority === 'None' ? `${s.due} · ${s.project}` : `${s.due} · ${s.project} · ${s.priority} priority`;
}

/** Each seeded task's title, its words (with and without a trailing "'s") and their casings: what finds it in Search. */
export function searchTerms(title: string): string[] {
  const words = title.split(/\s+/).flatMap((w) => [w, w.replace(/['’]s$/, '')]);
  const terms = [title, ...words].flatMap((w) => [
    w,
    w.toLowerCase(),
    w.toUpperCase(),
    w[0]!.toUpperCase() + w.slice(1).toLowerCase(),
  ]);
  return [...new Set(terms)];
}

/** A seeded task keeps its search terms while its title is unchanged. */
export const searchable = (n: number) => `t${n}_findable`;

/** The initial state: signed out, the seeded tasks in their slots, the counts that match them. */
export function initialState(): Record<string, Scalar> {
  const state: Record<string, Scalar> = {
    signed_in: false,
    email: '',
    password: '',
    signin_error: '',
    view: 'today',
    tasks_notice: '',
    task_notice: '',
    query: '',
    searched: false,
    hits: 0,
    hits_label: '',
    search_error: '',
    proj: '',
    form_mode: 'new',
    form_title: 'New task',
    form_error: '',
    f_title: '',
    f_notes: '',
    f_due: 'Today',
    f_priority: 'None',
    f_project: 'Personal',
    f_reminder: false,
    notifications: true,
    dark_mode: false,
    weekly_summary: true,
    settings_notice: '',
  };
  for (const n of slots) {
    const s = SEED[n - 1];
    state[t(n, 'title')] = s?.title ?? '';
    state[t(n, 'notes')] = s?.notes ?? '';
    state[t(n, 'due')] = s?.due ?? '';
    state[t(n, 'priority')] = s?.priority ?? '';
    state[t(n, 'project')] = s?.project ?? '';
    state[t(n, 'reminder')] = s?.reminder ?? false;
    state[t(n, 'done')] = s?.done ?? false;
    state[t(n, 'sub')] = s ? seedSub(s) : '';
    state[t(n, 'status')] = s ? (s.done ? 'Completed' : 'Open') : '';
    if (s) state[searchable(n)] = true;
  }
  const openSeed = SEED.filter((s) => !s.done);
  state.left = openSeed.length;
  state.left_label = leftLabel(openSeed.length);
  state.completed_week = SEED.length - openSeed.length;
  for (const p of PROJECTS) {
    const c = openSeed.filter((s) => s.project === p).length;
    state[projectCount(p)] = c;
    state[projectLabel(p)] = openLabel(c);
  }
  return state;
}

/** Which list a task shows in, for the Tasks screen's three views. */
export function inView(n: number): Condition {
  const due = t(n, 'due');
  const done = is(t(n, 'done'), true);
  return all(inUse(n), {
    any: [
      all(is('view', 'today'), not(done), is(due, 'Today')),
      all(is('view', 'upcoming'), not(done), not(is(due, 'Today'))),
      all(is('view', 'completed'), done),
    ],
  });
}
