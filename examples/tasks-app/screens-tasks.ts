import type { Action, Element, Screen } from '../../src/virtual/app-model';
import {
  all,
  any,
  back,
  button,
  choose,
  empty,
  filled,
  go,
  input,
  is,
  not,
  notice,
  row,
  set,
  text,
  toggle,
  validate,
} from '../model-parts';
import {
  DUE_CHOICES,
  PRIORITIES,
  PROJECTS,
  SEED,
  TODAY,
  inView,
  newSlots,
  resultsLabel,
  searchable,
  slots,
  step,
  stepCompleted,
  stepLeft,
  stepProject,
  subtitle,
  t,
} from './data';
import { clearSlot, copyFields, loadTask, markDone, reminderLabel, saveTask, tabRow } from './parts';

/** The task list with its three views, a task's details, the task form and its three pickers. */

/** A task's row: one list per slot, shown when the slot's task belongs in `shown`. */
export function taskRow(n: number, idPrefix: string, shown: Element['visibleIf']): Element {
  return {
    type: 'list',
    id: `${idPrefix}-list-${n}`,
    visibleIf: shown,
    items: [
      {
        id: `${idPrefix}-${n}`,
        title: `{{${t(n, 'title')}}}`,
        subtitle: `{{${t(n, 'sub')}}}`,
        action: [...loadTask(n), go('task')],
      },
    ],
  };
}

const VIEWS = [
  { key: 'today', label: 'Today', heading: `Due today · ${TODAY}`, none: 'Nothing left for today. Enjoy your day!' },
  { key: 'upcoming', label: 'Upcoming', heading: 'Coming up', none: 'Nothing coming up.' },
  { key: 'completed', label: 'Completed', heading: 'Completed', none: 'No completed tasks yet.' },
] as const;

const openForm: Action[] = [
  set({
    form_mode: 'new',
    form_title: 'New task',
    form_error: '',
    f_title: '',
    f_notes: '',
    f_due: 'Today',
    f_priority: 'None',
    f_project: 'Personal',
    f_reminder: false,
    tasks_notice: '',
  }),
  go('task-form'),
];

const tasks: Screen = {
  title: 'Tasks',
  elements: [
    ...tabRow(),
    notice('tasks-notice', 'tasks_notice', 'success'),
    text('tasks-left', '{{left_label}}', 'headline'),
    button('add-task', 'Add task', openForm, 'primary'),
    ...VIEWS.map((v) => button(`show-${v.key}`, v.label, [set({ view: v.key, tasks_notice: '' })], 'link')),
    ...VIEWS.map(
      (v): Element => ({
        type: 'text',
        id: 'view-heading',
        style: 'headline',
        text: v.heading,
        visibleIf: is('view', v.key),
      }),
    ),
    ...slots.map((n) => taskRow(n, 'task', inView(n))),
    ...VIEWS.map(
      (v): Element => ({
        type: 'text',
        id: 'empty-view',
        text: v.none,
        visibleIf: all(is('view', v.key), ...slots.map((n) => not(inView(n)))),
      }),
    ),
  ],
};

/** Deleting the task on screen: its counts, its search hit, its slot. */
const deleteTask: Action[] = [
  ...choose([[is('v_done', false), [...stepLeft(-1), ...stepProject('v_project', -1)]]], stepCompleted(-1)),
  // A deleted task leaves the search results it was in.
  {
    if: any(...slots.map((n) => all(is('view_slot', n), is(`hit_${n}`, true)))),
    then: [
      ...slots.map((n): Action => ({ if: is('view_slot', n), then: [set({ [`hit_${n}`]: false })] })),
      ...step('hits', -1, ['hits_label', resultsLabel]),
    ],
  },
  ...clearSlot,
  set({ tasks_notice: 'Task deleted' }),
  back,
];

const task: Screen = {
  title: 'Task',
  elements: [
    notice('task-notice', 'task_notice', 'success'),
    text('task-title', '{{v_title}}', 'headline'),
    { type: 'text', id: 'task-notes', text: '{{v_notes}}', visibleIf: filled('v_notes') },
    { type: 'divider' },
    ...row('due', 'Due', '{{v_due}}'),
    ...row('priority', 'Priority', '{{v_priority}}'),
    ...row('project', 'Project', '{{v_project}}'),
    ...row('reminder', 'Reminder', '{{v_reminder_label}}'),
    ...row('status', 'Status', '{{v_status}}'),
    button('complete', 'Mark as complete', markDone(true), 'primary', { visibleIf: is('v_done', false) }),
    button('undo-complete', 'Mark as not done', markDone(false), 'secondary', { visibleIf: is('v_done', true) }),
    button(
      'edit-task',
      'Edit task',
      [
        set({ form_mode: 'edit', form_title: 'Edit task', form_error: '', task_notice: '' }),
        ...copyFields('v_', 'f_', ['title', 'notes', 'due', 'priority', 'project', 'reminder']),
        go('task-form'),
      ],
      'secondary',
    ),
    button(
      'delete-task',
      'Delete task',
      [
        {
          alert: {
            title: 'Delete task?',
            message: '"{{v_title}}" will be deleted. This cannot be undone.',
            buttons: [
              { label: 'Cancel', id: 'alert-cancel', style: 'cancel' },
              { label: 'Delete', id: 'alert-delete', style: 'destructive', action: deleteTask },
            ],
          },
        },
      ],
      'destructive',
    ),
  ],
};

/** A new task takes the first free slot after the seeded ones; the counts follow once it has one. */
const addTask: Action[] = [
  set({ added: false }),
  ...choose(
    newSlots.map((n) => [
      empty(t(n, 'title')),
      [
        ...copyFields('f_', `t${n}_`, ['title', 'notes', 'due', 'priority', 'project', 'reminder']),
        set({ [t(n, 'done')]: false, added: true }),
        ...subtitle(`t${n}_`),
      ],
    ]),
    [
      {
        alert: {
          title: 'Your list is full',
          message: 'You can add 4 tasks between syncs. Delete one you added to make room.',
          buttons: [{ label: 'OK', id: 'alert-ok' }],
        },
      },
    ],
  ),
  {
    if: is('added', true),
    then: [...stepLeft(1), ...stepProject('f_project', 1), set({ tasks_notice: 'Task added' }), back],
  },
];

const updateTask: Action[] = [
  ...choose([[is('v_done', false), [...stepProject('v_project', -1), ...stepProject('f_project', 1)]]]),
  ...copyFields('f_', 'v_', ['title', 'notes', 'due', 'priority', 'project', 'reminder']),
  ...subtitle('v_'),
  ...reminderLabel,
  ...saveTask(),
  // A seeded task is found by the words of its own title only while it keeps that title.
  ...SEED.map(
    (s, i): Action => ({
      if: is('view_slot', i + 1),
      then: choose(
        [[is('f_title', s.title), [set({ [searchable(i + 1)]: true })]]],
        [set({ [searchable(i + 1)]: false })],
      ),
    }),
  ),
  set({ task_notice: 'Changes saved' }),
  back,
];

const saveForm: Action[] = validate(
  'form_error',
  [
    [empty('f_title'), 'Enter a title for the task'],
    [all(is('f_reminder', true), is('f_due', 'No due date')), 'Choose a due date to get a reminder'],
  ],
  choose([[is('form_mode', 'new'), addTask]], updateTask),
);

const pickerButton = (id: string, label: string, screen: string): Element =>
  button(id, label, [set({ form_error: '' }), go(screen)], 'secondary');

const taskForm: Screen = {
  title: '{{form_title}}',
  elements: [
    input('task-title-input', 'f_title', 'Title', { placeholder: 'What do you need to do?', maxLength: 80 }),
    input('task-notes-input', 'f_notes', 'Notes', { placeholder: 'Optional', maxLength: 200 }),
    ...row('form-due', 'Due date', '{{f_due}}'),
    pickerButton('change-due', 'Change due date', 'pick-due'),
    ...row('form-priority', 'Priority', '{{f_priority}}'),
    pickerButton('change-priority', 'Change priority', 'pick-priority'),
    ...row('form-project', 'Project', '{{f_project}}'),
    pickerButton('change-project', 'Change project', 'pick-project'),
    toggle('reminder-switch', 'f_reminder', 'Remind me'),
    text('reminder-note', 'Reminders arrive at 9:00 on the due date.', 'caption'),
    notice('form-error', 'form_error', 'error'),
    button('save-task', 'Save task', saveForm, 'primary'),
    button('cancel-form', 'Cancel', [back], 'link'),
  ],
};

function picker(title: string, id: string, variable: string, choices: readonly string[], note: string): Screen {
  return {
    title,
    elements: [
      text(`${id}-note`, note, 'caption'),
      {
        type: 'list',
        id: `${id}-choices`,
        items: choices.map((c) => ({
          id: `${id}-${c.toLowerCase().replaceAll(' ', '-')}`,
          title: c,
          action: [set({ [variable]: c }), back],
        })),
      },
      text(`${id}-current`, `Selected: {{${variable}}}`, 'caption'),
    ],
  };
}

export const taskScreens: Record<string, Screen> = {
  tasks,
  task,
  'task-form': taskForm,
  'pick-due': picker('Due date', 'due', 'f_due', DUE_CHOICES, `Today is ${TODAY}.`),
  'pick-priority': picker(
    'Priority',
    'priority',
    'f_priority',
    PRIORITIES,
    'High priority tasks are marked in the list.',
  ),
  'pick-project': picker('Project', 'project', 'f_project', PROJECTS, 'Every task belongs to one project.'),
};
