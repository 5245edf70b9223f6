import type { Action, Element } from '../../src/virtual/app-model';
import { button, choose, is, reset, set } from '../model-parts';
import { FIELDS, slots, stepCompleted, stepLeft, stepProject, subtitle, t } from './data';

/** Tickwise's own builders; the shared ones come from `../model-parts`. */

/** The screens reached from the tab row; switching tabs starts the tab's screen afresh. */
const TABS = [
  { id: 'tab-tasks', label: 'Tasks', screen: 'tasks', extra: { view: 'today' } },
  { id: 'tab-projects', label: 'Projects', screen: 'projects', extra: {} },
  { id: 'tab-search', label: 'Search', screen: 'search', extra: { query: '', searched: false, search_error: '' } },
  { id: 'tab-profile', label: 'Profile', screen: 'profile', extra: {} },
] as const;

/** Notices that belong to one visit of a screen; leaving through a tab clears them. */
const TAB_NOTICES = { tasks_notice: '', task_notice: '', settings_notice: '' };

export function tabRow(): Element[] {
  return TABS.map((tab) =>
    button(tab.id, tab.label, [set({ ...TAB_NOTICES, ...tab.extra }), reset(tab.screen)], 'link'),
  );
}

const BOOLEAN_FIELDS = new Set(['reminder', 'done']);

/** Copies a switch-like value: a template would turn `true` into the text "true". */
export function copyBool(from: string, to: string): Action[] {
  return choose([[is(from, true), [set({ [to]: true })]]], [set({ [to]: false })]);
}

/** Copies fields `<from><field>` to `<to><field>`. */
export function copyFields(from: string, to: string, fields: readonly string[]): Action[] {
  const text = fields.filter((f) => !BOOLEAN_FIELDS.has(f));
  return [
    set(Object.fromEntries(text.map((f) => [`${to}${f}`, `{{${from}${f}}}`]))),
    ...fields.filter((f) => BOOLEAN_FIELDS.has(f)).flatMap((f) => copyBool(`${from}${f}`, `${to}${f}`)),
  ];
}

/** "On" or "Off" for the task on screen's reminder. */
export const reminderLabel: Action[] = choose(
  [[is('v_reminder', true), [set({ v_reminder_label: 'On' })]]],
  [set({ v_reminder_label: 'Off' })],
);

/** Loads slot n into the task on screen (`v_…`). */
export function loadTask(n: number): Action[] {
  return [...copyFields(`t${n}_`, 'v_', FIELDS), set({ view_slot: n, task_notice: '' }), ...reminderLabel];
}

/** Writes fields of the task on screen back to its slot. */
export function saveTask(fields: readonly string[] = FIELDS): Action[] {
  return slots.map((n) => ({ if: is('view_slot', n), then: copyFields('v_', `t${n}_`, fields) }));
}

/** Marks the task on screen complete (`done`) or open again, with every count that depends on it. */
export function markDone(done: boolean): Action[] {
  const delta = done ? -1 : 1;
  return [
    set({ v_done: done }),
    ...subtitle('v_'),
    ...saveTask(['done', 'sub', 'status']),
    ...stepLeft(delta),
    ...stepProject('v_project', delta),
    ...stepCompleted(done ? 1 : -1),
    set({ task_notice: done ? 'Task completed' : 'Task marked as not done' }),
  ];
}

/** Empties the task on screen's slot. */
export const clearSlot: Action[] = slots.map((n) => ({ if: is('view_slot', n), then: [set({ [t(n, 'title')]: '' })] }));
