import {
  type Walk,
  absent,
  alert,
  alertSays,
  back,
  firstRow,
  lastRow,
  off,
  on,
  present,
  rowCount,
  rows,
  screen,
  shows,
  sub,
  tap,
  type,
} from '../../../walks/ops';
import { EMAIL, PASSWORD, addTask, complete, left, project, save, signIn, title } from './flows';

/** Cases 50–76: Projects, Search, switching tabs, Profile, Settings and signing out. */

const projectCount = (text: string) => shows('project-count', text);
const search = (word: string) => [type('search-input', word), tap('search-tasks')];
const results = (text: string) => shows('results-count', text);
const openSettings = [tap('tab-profile'), tap('open-settings')];

export const moreWalks: Walk[] = [
  {
    name: 'Projects tab shows counts',
    steps: [...signIn, [tap('tab-projects')]],
    assertions: [
      [shows('projects-intro', 'Open tasks in each project')],
      [shows('project-personal', 'Personal'), sub('project-personal', '3 open tasks')],
      [shows('project-work', 'Work'), sub('project-work', '3 open tasks')],
      [shows('project-home', 'Home'), sub('project-home', '2 open tasks')],
      [shows('project-errands', 'Errands'), sub('project-errands', '2 open tasks')],
    ],
  },
  {
    name: 'Open the Personal project',
    steps: [...signIn, [tap('tab-projects')], [tap('project-personal')]],
    assertions: [
      [screen('Personal')],
      [projectCount('3 open tasks')],
      [rows('project-task-', ['Call the dentist', 'Book train tickets', 'Renew passport'])],
    ],
  },
  {
    name: 'Open a task from a project and come back',
    steps: [
      ...signIn,
      [tap('tab-projects')],
      [tap('project-work')],
      [tap('project-task-8')],
      [shows('due-value', 'Mon 18 Aug')],
      [back],
    ],
    assertions: [[screen('Work')], [projectCount('3 open tasks')]],
  },
  {
    name: 'Project count goes down after completing',
    steps: [...signIn, [tap('task-4')], complete, [back], [tap('tab-projects')]],
    assertions: [[sub('project-home', '1 open task')], [sub('project-personal', '3 open tasks')]],
  },
  {
    name: 'Project with nothing open',
    steps: [
      ...signIn,
      [tap('tab-projects')],
      [tap('project-home')],
      [tap('project-task-4')],
      complete,
      [back],
      [tap('project-task-5')],
      complete,
      [back],
      [back],
    ],
    assertions: [[sub('project-home', 'No open tasks')], [sub('project-errands', '2 open tasks')]],
  },
  {
    name: 'Adding a task raises its project count',
    steps: [
      ...signIn,
      addTask,
      [type('task-title-input', 'Pick up parcel')],
      project('Errands'),
      [save],
      [tap('tab-projects')],
      [tap('project-errands')],
    ],
    assertions: [[projectCount('3 open tasks')], [lastRow('project-task-', 'Pick up parcel')]],
  },
  {
    name: 'Search tab starts empty',
    steps: [...signIn, [tap('tab-search')]],
    assertions: [
      [shows('search-input', '')],
      [shows('search-tasks', 'Search tasks')],
      [absent('results-count'), absent('no-results'), rowCount('result-', 0)],
    ],
  },
  {
    name: 'Search for one word finds one task',
    steps: [...signIn, [tap('tab-search')], [type('search-input', 'milk')], [tap('search-tasks')]],
    assertions: [
      [results('1 result')],
      [shows('result-3', 'Buy milk and eggs'), sub('result-3', 'Today · Errands · Low priority')],
    ],
  },
  {
    name: 'Search finds open and completed tasks',
    steps: [...signIn, [tap('tab-search')], [type('search-input', 'bill')], [tap('search-tasks')]],
    assertions: [
      [results('2 results')],
      [shows('result-5', 'Pay the electricity bill'), sub('result-5', 'Tomorrow · Home · High priority')],
      [shows('result-13', 'Pay the water bill'), sub('result-13', 'Completed · Home')],
    ],
  },
  {
    name: 'Search with no match',
    steps: [...signIn, [tap('tab-search')], search('Zebra')],
    assertions: [
      [shows('no-results', 'No results')],
      [shows('no-results-help', 'No task matches "Zebra". Try another word.')],
    ],
  },
  {
    name: 'Search ignores case',
    steps: [...signIn, [tap('tab-search')], [type('search-input', 'DENTIST')], [tap('search-input'), { enter: true }]],
    assertions: [[results('1 result')], [shows('result-1', 'Call the dentist')]],
  },
  {
    name: 'Search by the whole title of a completed task',
    steps: [...signIn, [tap('tab-search')], [type('search-input', "Reply to Jordan's email")], [tap('search-tasks')]],
    assertions: [
      [results('1 result')],
      [shows('result-12', "Reply to Jordan's email"), sub('result-12', 'Completed · Work')],
    ],
  },
  {
    name: 'Search a common word',
    steps: [...signIn, [tap('tab-search')], [type('search-input', 'the')], [tap('search-tasks')]],
    assertions: [
      [results('6 results')],
      [firstRow('result-', 'Call the dentist')],
      [shows('result-13', 'Pay the water bill')],
    ],
  },
  {
    name: 'Tapping a search result opens the task',
    steps: [
      ...signIn,
      [tap('tab-search')],
      [type('search-input', 'passport')],
      [tap('search-tasks')],
      [tap('result-9')],
    ],
    assertions: [
      [screen('Task'), title('Renew passport')],
      [shows('due-value', 'Fri 22 Aug')],
      [shows('priority-value', 'Medium')],
      [shows('project-value', 'Personal')],
    ],
  },
  {
    name: "Task added on the phone isn't searchable before sync",
    steps: [
      ...signIn,
      addTask,
      [type('task-title-input', 'Book a haircut')],
      [save],
      [tap('tab-search')],
      [type('search-input', 'haircut')],
      [tap('search-tasks')],
    ],
    assertions: [[shows('no-results', 'No results')]],
  },
  {
    name: 'Search resets when switching tabs',
    steps: [
      ...signIn,
      [tap('tab-search')],
      search('milk'),
      [results('1 result')],
      [tap('tab-profile')],
      [tap('tab-search')],
    ],
    assertions: [[shows('search-input', '')], [absent('results-count'), absent('result-3')]],
  },
  {
    name: 'Tasks tab returns to Today after switching tabs',
    steps: [
      ...signIn,
      [tap('show-upcoming')],
      [shows('view-heading', 'Coming up')],
      [tap('tab-projects')],
      [tap('tab-tasks')],
    ],
    assertions: [[shows('view-heading', 'Due today · Thu 14 Aug')], [firstRow('task-', 'Call the dentist')]],
  },
  {
    name: 'Profile shows account and figures',
    steps: [...signIn, [tap('tab-profile')]],
    assertions: [
      [shows('profile-name', 'Sam Rivera')],
      [shows('profile-email', EMAIL)],
      [shows('member-since', 'Member since March 2024')],
      [shows('completed-week-label', 'Completed this week'), shows('completed-week-value', '3')],
      [shows('open-tasks-label', 'Open tasks'), shows('open-tasks-value', '10')],
      [shows('project-total-label', 'Projects'), shows('project-total-value', '4')],
    ],
  },
  {
    name: 'Profile figures update after completing a task',
    steps: [...signIn, [tap('task-2')], complete, [back], [tap('tab-profile')]],
    assertions: [
      [shows('open-tasks-value', '9')],
      [shows('completed-week-value', '4')],
      [shows('project-total-value', '4')],
    ],
  },
  {
    name: 'Profile open tasks after deleting',
    steps: [
      ...signIn,
      [tap('show-upcoming')],
      [tap('task-10')],
      [tap('delete-task'), tap('alert-delete')],
      [tap('tab-profile')],
    ],
    assertions: [[shows('open-tasks-value', '9')], [shows('completed-week-value', '3')]],
  },
  {
    name: 'Settings defaults',
    steps: [...signIn, [tap('tab-profile')], [tap('open-settings')]],
    assertions: [
      [on('notifications')],
      [on('weekly-summary')],
      [off('dark-mode')],
      [shows('version', 'Tickwise 2.3.0 (230)')],
      [shows('sign-out', 'Sign out')],
    ],
  },
  {
    name: 'Dark mode stays on after leaving settings',
    steps: [
      ...signIn,
      [tap('tab-profile')],
      [tap('open-settings')],
      [tap('dark-mode'), on('dark-mode')],
      [back, screen('Profile')],
      [tap('open-settings')],
    ],
    assertions: [[on('dark-mode')], [on('notifications')], [on('weekly-summary')]],
  },
  {
    name: 'Turning off notifications and weekly summary persists',
    steps: [
      ...signIn,
      [tap('tab-profile')],
      [tap('open-settings')],
      [tap('notifications'), off('notifications')],
      [tap('weekly-summary'), off('weekly-summary')],
      [back],
      [screen('Profile'), shows('profile-name', 'Sam Rivera')],
      [tap('open-settings')],
    ],
    assertions: [[off('notifications')], [off('weekly-summary')], [off('dark-mode')]],
  },
  {
    name: 'Settings back arrow returns to Profile',
    steps: [...signIn, [tap('tab-profile')], [tap('open-settings')], [back]],
    assertions: [[screen('Profile'), shows('profile-email', EMAIL)], [shows('open-settings', 'Settings')]],
  },
  {
    name: 'Cancel sign out stays signed in',
    steps: [
      ...signIn,
      [tap('tab-profile')],
      [tap('open-settings')],
      [tap('sign-out')],
      [alert('Sign out?'), alertSays('Your tasks stay saved to your account.')],
      [tap('alert-cancel')],
    ],
    assertions: [[alert(null)], [screen('Settings')], [present('sign-out')]],
  },
  {
    name: 'Sign out returns to Sign in',
    steps: [...signIn, [tap('tab-profile')], [tap('open-settings')], [tap('sign-out')], [tap('alert-sign-out')]],
    assertions: [
      [screen('Sign in')],
      [shows('tagline', 'Everything you need to do, in one list')],
      [present('email'), present('password')],
    ],
  },
  {
    name: 'Changes stay after signing out and back in',
    steps: [
      ...signIn,
      [tap('task-1')],
      complete,
      [back],
      [left(9)],
      ...openSettings.map((op) => [op]),
      [tap('sign-out')],
      [tap('alert-sign-out')],
      [type('email', EMAIL)],
      [type('password', PASSWORD)],
      [tap('sign-in')],
    ],
    assertions: [[left(9)], [absent('task-1')]],
  },
];
