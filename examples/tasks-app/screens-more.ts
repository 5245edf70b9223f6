import type { Action, Element, Screen } from '../../src/virtual/app-model';
import {
  all,
  any,
  button,
  choose,
  each,
  empty,
  input,
  is,
  notice,
  reset,
  row,
  set,
  text,
  toggle,
  validate,
} from '../model-parts';
import {
  ACCOUNT,
  PROJECTS,
  SEED,
  inUse,
  open,
  projectCount,
  projectLabel,
  resultsLabel,
  searchTerms,
  searchable,
  slots,
  t,
} from './data';
import { taskRow } from './screens-tasks';
import { tabRow } from './parts';

/** Sign-in, Search, Projects, a project's tasks, Profile and Settings. */

const signIn: Action[] = validate(
  'signin_error',
  [
    [empty('email'), 'Enter your email address'],
    [empty('password'), 'Enter your password'],
  ],
  choose(
    [
      [
        all(
          any(...[ACCOUNT.email, 'Sam@tickwise.test', ACCOUNT.email.toUpperCase()].map((e) => is('email', e))),
          is('password', ACCOUNT.password),
        ),
        [set({ signed_in: true, password: '', view: 'today', tasks_notice: '' }), reset('tasks')],
      ],
    ],
    [set({ signin_error: 'Email or password is incorrect' })],
  ),
);

const signin: Screen = {
  title: 'Sign in',
  hideNavBar: true,
  elements: [
    { type: 'spacer', height: 40 },
    text('app-name', 'Tickwise', 'title'),
    text('tagline', 'Everything you need to do, in one list', 'caption'),
    { type: 'spacer', height: 8 },
    input('email', 'email', 'Email', { placeholder: 'you@example.com', maxLength: 100 }),
    input('password', 'password', 'Password', { secure: true, submit: signIn }),
    notice('signin-error', 'signin_error', 'error'),
    button('sign-in', 'Sign in', signIn, 'primary'),
    button(
      'forgot-password',
      'Forgot password?',
      choose(
        [[empty('email'), [set({ signin_error: 'Enter your email address first' })]]],
        [
          set({ signin_error: '' }),
          {
            alert: {
              title: 'Check your inbox',
              message: 'We sent a link to reset your password to {{email}}.',
              buttons: [{ label: 'OK', id: 'alert-ok' }],
            },
          },
        ],
      ),
      'link',
    ),
  ],
};

/**
 * Search finds the tasks (open or completed) whose title is the text typed or holds it as a word.
 * Each hit adds a mark to a tally, and the tally's length is the number of results.
 */
const runSearch: Action[] = validate(
  'search_error',
  [[empty('query'), 'Type a word to search for']],
  [
    set({
      searched: true,
      searched_for: '{{query}}',
      tally: '',
      ...Object.fromEntries(slots.map((n) => [`hit_${n}`, false])),
    }),
    ...SEED.map(
      (s, i): Action => ({
        if: all(inUse(i + 1), is(searchable(i + 1), true), any(...searchTerms(s.title).map((w) => is('query', w)))),
        then: [set({ [`hit_${i + 1}`]: true, tally: '{{tally}}|' })],
      }),
    ),
    ...each(
      Array.from({ length: SEED.length + 1 }, (_, n) => n).map((n) => [
        is('tally', '|'.repeat(n)),
        [set({ hits: n, hits_label: resultsLabel(n) })],
      ]),
    ),
  ],
);

const searched = is('searched', true);

const search: Screen = {
  title: 'Search',
  elements: [
    ...tabRow(),
    input('search-input', 'query', 'Find tasks', {
      placeholder: 'A word from the title',
      maxLength: 60,
      submit: runSearch,
    }),
    button('search-tasks', 'Search tasks', runSearch, 'primary'),
    notice('search-error', 'search_error', 'error'),
    {
      type: 'text',
      id: 'results-count',
      style: 'headline',
      text: '{{hits_label}}',
      visibleIf: all(searched, { not: is('hits', 0) }),
    },
    ...slots.map((n) => taskRow(n, 'result', all(searched, inUse(n), is(`hit_${n}`, true)))),
    { type: 'text', id: 'no-results', style: 'headline', text: 'No results', visibleIf: all(searched, is('hits', 0)) },
    {
      type: 'text',
      id: 'no-results-help',
      text: 'No task matches "{{searched_for}}". Try another word.',
      visibleIf: all(searched, is('hits', 0)),
    },
  ],
};

const projects: Screen = {
  title: 'Projects',
  elements: [
    ...tabRow(),
    text('projects-intro', 'Open tasks in each project', 'caption'),
    {
      type: 'list',
      id: 'project-list',
      items: PROJECTS.map((p) => ({
        id: `project-${p.toLowerCase()}`,
        title: p,
        subtitle: `{{${projectLabel(p)}}}`,
        action: [set({ proj: p }), { navigate: 'project' }],
      })),
    },
  ],
};

const inProject = (n: number) => any(...PROJECTS.map((p) => all(is('proj', p), is(t(n, 'project'), p))));

const project: Screen = {
  title: '{{proj}}',
  elements: [
    ...PROJECTS.map(
      (p): Element => ({
        type: 'text',
        id: 'project-count',
        style: 'headline',
        text: `{{${projectLabel(p)}}}`,
        visibleIf: is('proj', p),
      }),
    ),
    ...slots.map((n) => taskRow(n, 'project-task', all(open(n), inProject(n)))),
    {
      type: 'text',
      id: 'project-empty',
      text: 'No open tasks in this project.',
      visibleIf: any(...PROJECTS.map((p) => all(is('proj', p), is(projectCount(p), 0)))),
    },
  ],
};

const profile: Screen = {
  title: 'Profile',
  elements: [
    ...tabRow(),
    text('profile-name', ACCOUNT.name, 'headline'),
    text('profile-email', ACCOUNT.email),
    text('member-since', 'Member since March 2024', 'caption'),
    { type: 'divider' },
    ...row('completed-week', 'Completed this week', '{{completed_week}}', 'headline'),
    ...row('open-tasks', 'Open tasks', '{{left}}', 'headline'),
    ...row('project-total', 'Projects', String(PROJECTS.length), 'headline'),
    button('open-settings', 'Settings', [set({ settings_notice: '' }), { navigate: 'settings' }], 'secondary'),
  ],
};

const settings: Screen = {
  title: 'Settings',
  elements: [
    notice('settings-notice', 'settings_notice', 'success'),
    text('notifications-heading', 'Alerts and email', 'headline'),
    toggle('notifications', 'notifications', 'Notifications'),
    text('notifications-note', 'Task reminders and due-today alerts.', 'caption'),
    toggle('weekly-summary', 'weekly_summary', 'Weekly summary'),
    text('weekly-summary-note', 'An email every Monday with what you finished last week.', 'caption'),
    text('appearance-heading', 'Appearance', 'headline'),
    toggle('dark-mode', 'dark_mode', 'Dark mode'),
    text('account-heading', 'Account', 'headline'),
    button(
      'sign-out',
      'Sign out',
      [
        {
          alert: {
            title: 'Sign out?',
            message: 'Your tasks stay saved to your account.',
            buttons: [
              { label: 'Cancel', id: 'alert-cancel', style: 'cancel' },
              {
                label: 'Sign out',
                id: 'alert-sign-out',
                style: 'destructive',
                action: [set({ signed_in: false, password: '', signin_error: '' }), reset('signin')],
              },
            ],
          },
        },
      ],
      'destructive',
    ),
    text('version', 'Tickwise 2.3.0 (230)', 'caption'),
  ],
};

export const moreScreens: Record<string, Screen> = { signin, search, projects, project, profile, settings };
