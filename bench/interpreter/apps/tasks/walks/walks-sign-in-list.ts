import {
  type Walk,
  absent,
  alert,
  alertSays,
  back,
  firstRow,
  lastRow,
  nthRow,
  present,
  screen,
  shows,
  sub,
  tap,
  type,
} from '../../../walks/ops';
import { EMAIL, PASSWORD, complete, left, reopen, signIn, status, title } from './flows';

/** Cases 1–26: signing in, the three views, a task's details, completing and reopening. */

const heading = (text: string) => shows('view-heading', text);
const TODAY = 'Due today · Thu 14 Aug';

export const signInListWalks: Walk[] = [
  {
    name: 'Sign in screen shows on launch',
    steps: [
      [screen('Sign in')],
      [shows('app-name', 'Tickwise')],
      [shows('tagline', 'Everything you need to do, in one list')],
    ],
    assertions: [[shows('sign-in', 'Sign in')], [shows('forgot-password', 'Forgot password?')]],
  },
  {
    name: 'Sign in with empty fields asks for email',
    steps: [
      [shows('email', ''), shows('password', '')],
      [tap('sign-in')],
      [shows('signin-error', 'Enter your email address')],
    ],
    assertions: [[absent('tasks-left'), screen('Sign in')]],
  },
  {
    name: 'Sign in with email only asks for password',
    steps: [[type('email', EMAIL)], [shows('password', '')], [tap('sign-in')]],
    assertions: [[shows('signin-error', 'Enter your password')], [shows('email', EMAIL)]],
  },
  {
    name: 'Wrong password is rejected',
    steps: [
      ...signIn.slice(0, 1),
      [type('password', 'wrongpass')],
      [tap('sign-in')],
      [shows('signin-error', 'Email or password is incorrect')],
    ],
    assertions: [[screen('Sign in'), absent('tasks-left')], [shows('sign-in', 'Sign in')]],
  },
  {
    name: 'Unknown email is rejected',
    steps: [[type('email', 'alex@tickwise.test')], [type('password', PASSWORD)], [tap('sign-in')]],
    assertions: [[shows('signin-error', 'Email or password is incorrect')]],
  },
  {
    name: 'Successful sign in lands on Today',
    steps: [...signIn, [screen('Tasks')]],
    assertions: [[left(10)], [heading(TODAY)], [firstRow('task-', 'Call the dentist')]],
  },
  {
    name: 'Email in upper case still signs in',
    steps: [[type('email', 'SAM@TICKWISE.TEST')], [type('password', PASSWORD)], [tap('sign-in')]],
    assertions: [[screen('Tasks'), left(10)]],
  },
  {
    name: 'Forgot password with email sends reset link',
    steps: [
      [type('email', EMAIL)],
      [tap('forgot-password')],
      [alert('Check your inbox')],
      [alertSays('We sent a link to reset your password to sam@tickwise.test.')],
      [tap('alert-ok')],
    ],
    assertions: [[alert(null)], [screen('Sign in')], [shows('email', EMAIL)]],
  },
  {
    name: 'Forgot password without email asks for it first',
    steps: [[shows('email', '')], [type('password', PASSWORD)], [tap('forgot-password')]],
    assertions: [[alert(null)], [shows('signin-error', 'Enter your email address first')]],
  },
  {
    name: 'Fix a failed sign in and retry',
    steps: [
      [type('email', EMAIL)],
      [type('password', 'tickwise2')],
      [tap('sign-in')],
      [shows('signin-error', 'Email or password is incorrect')],
      [type('password', '')],
      [type('password', PASSWORD)],
      [tap('sign-in')],
    ],
    assertions: [[screen('Tasks'), left(10)]],
  },
  {
    name: 'Today view lists the four tasks due today',
    steps: [...signIn, [heading(TODAY)]],
    assertions: [
      [shows('task-1', 'Call the dentist')],
      [shows('task-2', 'Send the weekly report')],
      [shows('task-3', 'Buy milk and eggs')],
      [shows('task-4', 'Water the plants')],
      [absent('task-9')],
    ],
  },
  {
    name: 'Today rows show date, project and priority',
    steps: [
      ...signIn,
      [sub('task-2', 'Today · Work · High priority')],
      [sub('task-3', 'Today · Errands · Low priority')],
    ],
    assertions: [[sub('task-4', 'Today · Home')]],
  },
  {
    name: 'Upcoming view shows future and undated tasks',
    steps: [...signIn, [tap('show-upcoming')], [heading('Coming up')]],
    assertions: [
      [firstRow('task-', 'Pay the electricity bill')],
      [lastRow('task-', 'Plan the team lunch'), sub('task-10', 'No due date · Work · Low priority')],
      [sub('task-7', 'Sat 16 Aug · Errands')],
      [absent('task-1')],
      [left(10)],
    ],
  },
  {
    name: 'Completed view lists the three done tasks',
    steps: [...signIn, [tap('show-completed')]],
    assertions: [
      [heading('Completed')],
      [shows('task-11', 'Pick up dry cleaning'), sub('task-11', 'Completed · Errands')],
      [shows('task-12', "Reply to Jordan's email"), sub('task-12', 'Completed · Work')],
      [shows('task-13', 'Pay the water bill'), sub('task-13', 'Completed · Home')],
      [left(10)],
    ],
  },
  {
    name: 'Open the third task in Upcoming by position',
    steps: [...signIn, [tap('show-upcoming')], [nthRow('task-', 3, 'Return library books'), tap('task-7')]],
    assertions: [
      [screen('Task'), title('Return library books')],
      [shows('due-value', 'Sat 16 Aug')],
      [shows('priority-value', 'None')],
      [shows('project-value', 'Errands')],
      [status('Open')],
    ],
  },
  {
    name: 'Open the second task in Today',
    steps: [
      ...signIn,
      [nthRow('task-', 2, 'Send the weekly report'), tap('task-2')],
      [title('Send the weekly report')],
      [shows('task-notes', 'Sales figures are in the shared folder.')],
    ],
    assertions: [
      [shows('due-value', 'Today')],
      [shows('priority-value', 'High')],
      [shows('project-value', 'Work')],
      [shows('reminder-value', 'On')],
      [status('Open')],
    ],
  },
  {
    name: 'Task details for Call the dentist',
    steps: [...signIn, [tap('task-1')]],
    assertions: [
      [title('Call the dentist')],
      [shows('task-notes', 'Ask to move the check-up to September.')],
      [shows('due-value', 'Today')],
      [shows('priority-value', 'High')],
      [shows('project-value', 'Personal')],
      [shows('reminder-value', 'On')],
      [status('Open')],
      [shows('complete', 'Mark as complete'), shows('edit-task', 'Edit task'), shows('delete-task', 'Delete task')],
    ],
  },
  {
    name: 'Back arrow from a task returns to the list',
    steps: [...signIn, [tap('task-4')], [shows('reminder-value', 'Off')], [back]],
    assertions: [[screen('Tasks'), heading(TODAY)], [shows('task-4', 'Water the plants')]],
  },
  {
    name: 'Open the last completed task',
    steps: [...signIn, [tap('show-completed')], [lastRow('task-', 'Pay the water bill'), tap('task-13')]],
    assertions: [
      [title('Pay the water bill')],
      [status('Completed')],
      [shows('undo-complete', 'Mark as not done')],
      [shows('project-value', 'Home')],
    ],
  },
  {
    name: 'Mark a task as complete from its screen',
    steps: [...signIn, [tap('task-1')], complete],
    assertions: [
      [shows('task-notice', 'Task completed')],
      [status('Completed')],
      [shows('undo-complete', 'Mark as not done')],
    ],
  },
  {
    name: 'Completing a task updates Today and the counter',
    steps: [...signIn, [firstRow('task-', 'Call the dentist'), tap('task-1')], complete, [back]],
    assertions: [[left(9)], [absent('task-1')], [firstRow('task-', 'Send the weekly report')]],
  },
  {
    name: 'Completed task moves to the Completed view',
    steps: [...signIn, [tap('task-3')], complete, [back], [tap('show-completed')]],
    assertions: [[shows('task-3', 'Buy milk and eggs'), sub('task-3', 'Completed · Errands')], [left(9)]],
  },
  {
    name: 'Mark as not done brings a task back',
    steps: [...signIn, [tap('task-1')], complete, [status('Completed')], reopen, [status('Open')], [back]],
    assertions: [[left(10)], [heading(TODAY), firstRow('task-', 'Call the dentist')]],
  },
  {
    name: 'Reopen a task that started completed',
    steps: [
      ...signIn,
      [tap('show-completed')],
      [tap('task-12')],
      reopen,
      [status('Open')],
      [back],
      [tap('show-completed')],
    ],
    assertions: [[absent('task-12')], [present('task-11'), present('task-13')], [left(11)]],
  },
  {
    name: "Complete all of today's tasks",
    steps: [...signIn, ...[1, 2, 3, 4].flatMap((n) => [[tap(`task-${n}`)], complete, [back]])],
    assertions: [[shows('empty-view', 'Nothing left for today. Enjoy your day!')], [left(6)]],
  },
  {
    name: 'Empty Completed view after reopening everything',
    steps: [
      ...signIn,
      ...[11, 12, 13].flatMap((n) => [[tap('show-completed')], [tap(`task-${n}`)], reopen, [back]]),
      [tap('show-completed')],
    ],
    assertions: [[shows('empty-view', 'No completed tasks yet.')], [left(13)]],
  },
];
