import { type Op, shows, tap, type } from '../../../walks/ops';

/**
 * Tickwise's ways through its screens that many cases share (ids of `examples/tasks-app/`).
 * Rows are `task-<n>` (Tasks), `result-<n>` (Search) and `project-task-<n>` (a project), by slot:
 * 1 Call the dentist, 2 Send the weekly report, 3 Buy milk and eggs, 4 Water the plants (Today);
 * 5 Pay the electricity bill, 6 Book train tickets, 7 Return library books, 8 Prepare slides for
 * Monday, 9 Renew passport, 10 Plan the team lunch (Upcoming); 11 Pick up dry cleaning, 12 Reply
 * to Jordan's email, 13 Pay the water bill (Completed); tasks added on the phone take 14, 15, ….
 */

export const EMAIL = 'sam@tickwise.test';
export const PASSWORD = 'tickwise1';

/** The three steps most cases start with: the email, the password, Sign in. */
export const signIn: Op[][] = [[type('email', EMAIL)], [type('password', PASSWORD)], [tap('sign-in')]];

export const left = (n: number) => shows('tasks-left', n === 1 ? '1 task left' : `${n} tasks left`);
export const status = (text: string) => shows('status-value', text);
export const title = (text: string) => shows('task-title', text);

/** Taps a labelled button: its label must read as the step names it. */
export const press = (id: string, label: string): Op[] => [shows(id, label), tap(id)];

export const complete: Op[] = press('complete', 'Mark as complete');
export const reopen: Op[] = press('undo-complete', 'Mark as not done');
export const addTask: Op[] = press('add-task', 'Add task');
export const save = tap('save-task');

/** On the task form: a due date, a priority, a project, by their labels. */
const slug = (s: string) => s.toLowerCase().replaceAll(' ', '-');
export const due = (d: string): Op[] => [tap('change-due'), tap(`due-${slug(d)}`)];
export const priority = (p: string): Op[] => [tap('change-priority'), tap(`priority-${slug(p)}`)];
export const project = (p: string): Op[] => [tap('change-project'), tap(`project-${slug(p)}`)];

/** From Tasks: Add task, a title, Save task. */
export const addNamed = (name: string): Op[] => [...addTask, type('task-title-input', name), save];
