import {
  type Walk,
  absent,
  alert,
  alertSays,
  back,
  firstRow,
  lastRow,
  nthRow,
  notSee,
  off,
  on,
  rows,
  screen,
  shows,
  sub,
  tap,
  type,
} from '../../../walks/ops';
import { addNamed, addTask, due, left, priority, project, save, signIn, status, title } from './flows';

/** Cases 27–49: the task form (adding and editing), its pickers, and deleting. */

const formError = (text: string) => shows('form-error', text);
const edit = tap('edit-task');

export const editWalks: Walk[] = [
  {
    name: 'New task form defaults',
    steps: [...signIn, addTask],
    assertions: [
      [screen('New task')],
      [shows('task-title-input', ''), shows('task-notes-input', '')],
      [shows('form-due-value', 'Today')],
      [shows('form-priority-value', 'None')],
      [shows('form-project-value', 'Personal')],
      [off('reminder-switch')],
      [shows('reminder-note', 'Reminders arrive at 9:00 on the due date.')],
    ],
  },
  {
    name: 'Saving a task without a title shows error',
    steps: [...signIn, addTask, [save]],
    assertions: [[formError('Enter a title for the task')], [screen('New task')]],
  },
  {
    name: 'Add a task with defaults',
    steps: [
      ...signIn,
      addTask,
      [type('task-title-input', 'Fix the bike')],
      [save],
      [shows('tasks-notice', 'Task added')],
    ],
    assertions: [[left(11)], [lastRow('task-', 'Fix the bike'), sub('task-14', 'Today · Personal')]],
  },
  {
    name: 'Add a fully filled task lands at the end of Upcoming',
    steps: [
      ...signIn,
      addTask,
      [type('task-title-input', 'Book a haircut')],
      [type('task-notes-input', 'Ask for Maria')],
      due('Tomorrow'),
      priority('High'),
      project('Errands'),
      [tap('reminder-switch'), on('reminder-switch')],
      [
        shows('form-due-value', 'Tomorrow'),
        shows('form-priority-value', 'High'),
        shows('form-project-value', 'Errands'),
      ],
      [save],
      [tap('show-upcoming')],
    ],
    assertions: [
      [lastRow('task-', 'Book a haircut')],
      [sub('task-14', 'Tomorrow · Errands · High priority')],
      [left(11)],
    ],
  },
  {
    name: 'New task details show what was entered',
    steps: [
      ...signIn,
      addTask,
      [type('task-title-input', 'Call grandma')],
      [type('task-notes-input', 'Sunday after lunch')],
      priority('Medium'),
      [tap('reminder-switch'), on('reminder-switch')],
      [save],
      [shows('task-14', 'Call grandma'), tap('task-14')],
    ],
    assertions: [
      [shows('task-notes', 'Sunday after lunch')],
      [shows('due-value', 'Today')],
      [shows('priority-value', 'Medium')],
      [shows('project-value', 'Personal')],
      [shows('reminder-value', 'On')],
      [status('Open')],
    ],
  },
  {
    name: 'Reminder without due date is refused',
    steps: [
      ...signIn,
      addTask,
      [type('task-title-input', 'Book a haircut')],
      [type('task-notes-input', 'Ask for Maria')],
      [tap('change-due')],
      [tap('due-no-due-date')],
      [tap('reminder-switch'), on('reminder-switch')],
      [save],
    ],
    assertions: [
      [formError('Choose a due date to get a reminder')],
      [shows('form-due-value', 'No due date')],
      [screen('New task')],
    ],
  },
  {
    name: 'Task with no due date goes to Upcoming',
    steps: [
      ...signIn,
      addTask,
      [type('task-title-input', 'Sort old photos')],
      due('No due date'),
      project('Home'),
      [save],
      [tap('show-upcoming')],
    ],
    assertions: [[lastRow('task-', 'Sort old photos'), sub('task-14', 'No due date · Home')], [left(11)]],
  },
  {
    name: 'Cancel on the new task form discards it',
    steps: [...signIn, addTask, [type('task-title-input', 'Paint the fence')], [tap('cancel-form')]],
    assertions: [[screen('Tasks')], [left(10)], [notSee('Paint the fence')]],
  },
  {
    name: 'Due date picker shows options and current value',
    steps: [...signIn, addTask, [tap('change-due')]],
    assertions: [
      [shows('due-note', 'Today is Thu 14 Aug.')],
      [rows('due-', ['Today', 'Tomorrow', 'Sat 16 Aug', 'Mon 18 Aug', 'Fri 22 Aug', 'No due date'])],
      [shows('due-current', 'Selected: Today')],
    ],
  },
  {
    name: 'Priority and project pickers show current selection',
    steps: [
      ...signIn,
      addTask,
      [tap('change-priority')],
      [shows('priority-current', 'Selected: None')],
      [rows('priority-', ['High', 'Medium', 'Low', 'None'])],
      [back],
      [tap('change-project')],
    ],
    assertions: [
      [shows('project-current', 'Selected: Personal')],
      [shows('project-note', 'Every task belongs to one project.')],
      [rows('project-', ['Personal', 'Work', 'Home', 'Errands'])],
    ],
  },
  {
    name: 'Add four tasks before sync',
    steps: [
      ...signIn,
      ...['Task one', 'Task two', 'Task three', 'Task four'].flatMap((name) => [
        addTask,
        [type('task-title-input', name)],
        [save],
      ]),
    ],
    assertions: [[left(14)], [lastRow('task-', 'Task four')]],
  },
  {
    name: 'Fifth task before sync is refused',
    steps: [...signIn, addNamed('A1'), addNamed('A2'), addNamed('A3'), addNamed('A4'), [left(14)], addNamed('A5')],
    // The dialog opens over the form: the task was not saved.
    assertions: [[alert('Your list is full')], [screen('New task'), alert('Your list is full')]],
  },
  {
    name: 'Edit form is prefilled',
    steps: [...signIn, [tap('task-2')], [edit]],
    assertions: [
      [screen('Edit task')],
      [shows('task-title-input', 'Send the weekly report')],
      [shows('task-notes-input', 'Sales figures are in the shared folder.')],
      [shows('form-due-value', 'Today'), shows('form-priority-value', 'High'), shows('form-project-value', 'Work')],
      [on('reminder-switch')],
    ],
  },
  {
    name: "Change a task's project",
    steps: [...signIn, [tap('task-2')], [edit], [tap('change-project')], [tap('project-personal')], [save]],
    assertions: [
      [shows('task-notice', 'Changes saved')],
      [shows('project-value', 'Personal')],
      [shows('priority-value', 'High')],
      [status('Open')],
    ],
  },
  {
    name: 'Renamed task shows new title in the list',
    steps: [
      ...signIn,
      [tap('task-3')],
      [edit],
      [type('task-title-input', '')],
      [type('task-title-input', 'Buy milk and bread')],
      [save],
      [title('Buy milk and bread')],
      [back],
    ],
    assertions: [[nthRow('task-', 3, 'Buy milk and bread')], [notSee('Buy milk and eggs')]],
  },
  {
    name: 'Clearing title while editing shows error',
    steps: [...signIn, [tap('task-4')], [edit], [type('task-title-input', '')], [save]],
    assertions: [[formError('Enter a title for the task')], [screen('Edit task')]],
  },
  {
    name: 'Cancel editing keeps the task unchanged',
    steps: [...signIn, [tap('task-1')], [edit], priority('Low'), [tap('cancel-form')]],
    assertions: [
      [screen('Task'), shows('priority-value', 'High')],
      [title('Call the dentist')],
      [absent('task-notice')],
    ],
  },
  {
    name: 'Moving due date to tomorrow moves task to Upcoming',
    steps: [
      ...signIn,
      [tap('task-4')],
      [edit],
      due('Tomorrow'),
      [save],
      [shows('due-value', 'Tomorrow')],
      [back],
      [absent('task-4')],
      [tap('show-upcoming')],
    ],
    assertions: [
      [firstRow('task-', 'Water the plants'), nthRow('task-', 2, 'Pay the electricity bill')],
      [sub('task-4', 'Tomorrow · Home')],
      [left(10)],
    ],
  },
  {
    name: 'Removing priority hides it in the row',
    steps: [...signIn, [tap('task-1')], [edit], priority('None'), [save], [back]],
    assertions: [[sub('task-1', 'Today · Personal')]],
  },
  {
    name: 'Delete dialog shows and cancel keeps task',
    steps: [
      ...signIn,
      [tap('task-4')],
      [tap('delete-task')],
      [alert('Delete task?')],
      [alertSays('"Water the plants" will be deleted. This cannot be undone.')],
      [tap('alert-cancel')],
    ],
    assertions: [[alert(null)], [screen('Task'), title('Water the plants')], [status('Open')]],
  },
  {
    name: 'Delete a task from Today',
    steps: [...signIn, [tap('task-4')], [tap('delete-task')], [tap('alert-delete')]],
    assertions: [
      [screen('Tasks'), shows('tasks-notice', 'Task deleted')],
      [left(9)],
      [absent('task-4')],
      [lastRow('task-', 'Buy milk and eggs')],
    ],
  },
  {
    name: 'Cancel delete then go back keeps counter',
    steps: [
      ...signIn,
      [tap('show-upcoming')],
      [tap('task-9')],
      [tap('delete-task')],
      [tap('alert-cancel')],
      [back],
      [tap('show-upcoming')],
    ],
    assertions: [[shows('task-9', 'Renew passport')], [left(10)]],
  },
  {
    name: 'Deleting a completed task does not change the counter',
    steps: [
      ...signIn,
      [tap('show-completed')],
      [tap('task-11')],
      [tap('delete-task')],
      [tap('alert-delete')],
      [shows('tasks-notice', 'Task deleted')],
      [tap('show-completed')],
    ],
    assertions: [[absent('task-11')], [firstRow('task-', "Reply to Jordan's email")], [left(10)]],
  },
];
