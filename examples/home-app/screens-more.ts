import type { Action, Element, Screen } from '../../src/virtual/app-model';
import { any, button, empty, go, input, is, notice, reset, set, text, toggle, validate } from '../model-parts';
import { ACTIVITY, HOUSEHOLD, MEMBERS, PERIODS, ROOMS, USER, cost, kwh } from './data';
import { chip, tabBar, writeTemps } from './parts';

/** Energy, Activity, Settings, Household members and the Profile. */

const energy: Screen = {
  title: 'Energy',
  elements: [
    ...PERIODS.map((p) => chip(`seg-${p.id}`, p.label, [set({ energy_seg: p.id })])),
    ...PERIODS.flatMap((p): Element[] => {
      const total = Object.values(p.rooms).reduce((a, b) => a + b, 0);
      const shown = is('energy_seg', p.id);
      return [
        { ...text('energy-period', `${p.label}: total use`, 'caption'), visibleIf: shown },
        { ...text('energy-total', kwh(total), 'title'), visibleIf: shown },
        { ...text('energy-cost', `About ${cost(total)} at 28p per kWh`, 'body'), visibleIf: shown },
        { ...text('energy-rooms-heading', 'By room', 'headline'), visibleIf: shown },
        {
          type: 'list',
          id: 'energy-rooms',
          visibleIf: shown,
          items: ROOMS.map((r) => {
            const t = p.rooms[r.id as keyof typeof p.rooms];
            return { id: `energy-${r.id}`, title: r.name, subtitle: `${kwh(t)} · ${cost(t)}` };
          }),
        },
      ];
    }),
    ...tabBar(),
  ],
};

const activity: Screen = {
  title: 'Activity',
  elements: [
    text('activity-heading', 'Recent activity', 'headline'),
    {
      type: 'list',
      id: 'activity-latest',
      visibleIf: { var: 'last_event', notEmpty: true },
      items: [{ id: 'event-latest', title: '{{last_event}}', subtitle: 'Just now' }],
    },
    {
      type: 'list',
      id: 'activity-list',
      items: ACTIVITY.map((a) => ({ id: `event-${a.id}`, title: a.what, subtitle: a.when })),
    },
  ],
};

const awayAlert: Action = {
  alert: {
    title: 'Turn on Away mode?',
    message: 'Homely will switch lights off at random times and alert you to any motion while you’re out.',
    buttons: [
      { label: 'Cancel', id: 'alert-cancel', style: 'cancel', action: [set({ set_away: false })] },
      {
        label: 'Turn on',
        id: 'alert-turn-on',
        action: [set({ set_away: true, settings_msg: 'Away mode is on', last_event: 'Away mode turned on' })],
      },
    ],
  },
};

const settings: Screen = {
  title: 'Settings',
  elements: [
    notice('settings-message', 'settings_msg', 'success'),
    text('settings-household', `${HOUSEHOLD} household`, 'headline'),
    toggle('set-notifications', 'set_notif', 'Notifications'),
    toggle('set-away', 'set_away', 'Away mode', [
      {
        if: is('set_away', true),
        then: [awayAlert],
        else: [set({ settings_msg: 'Welcome home. Away mode is off', last_event: 'Away mode turned off' })],
      },
    ]),
    toggle('set-sounds', 'set_sounds', 'Sounds'),
    text('units-heading', 'Temperature units', 'headline'),
    chip('unit-c', '°C', [set({ units: 'C' }), ...writeTemps]),
    chip('unit-f', '°F', [set({ units: 'F' }), ...writeTemps]),
    { ...text('units-selected', 'Showing temperatures in °C', 'caption'), visibleIf: is('units', 'C') },
    { ...text('units-selected', 'Showing temperatures in °F', 'caption'), visibleIf: is('units', 'F') },
    {
      type: 'list',
      id: 'settings-links',
      items: [
        {
          id: 'settings-members',
          title: 'Household members',
          subtitle: 'Invite people, see roles',
          action: [
            set({ settings_msg: '', inv_input: '', inv_pick: 'Member', inv_error: '', members_msg: '' }),
            go('members'),
          ],
        },
        {
          id: 'settings-profile',
          title: 'Profile',
          subtitle: '{{user_name}}',
          action: [set({ settings_msg: '', pr_display: '{{user_first}}', pr_error: '' }), go('profile')],
        },
        {
          id: 'settings-schedules',
          title: 'Schedules',
          subtitle: 'Scenes at set times',
          action: [set({ settings_msg: '', sched_msg: '' }), go('schedules')],
        },
        {
          id: 'settings-activity',
          title: 'Activity',
          subtitle: 'What happened at home',
          action: [set({ settings_msg: '' }), go('activity')],
        },
      ],
    },
    ...tabBar(),
  ],
};

const memberEmail = any(...MEMBERS.map((m) => is('inv_input', m.email)));

const sendInvite: Action[] = validate(
  'inv_error',
  [
    [empty('inv_input'), 'Enter an email address'],
    [memberEmail, '{{inv_input}} is already in your household'],
    [is('inv_used', true), 'You have an invite waiting. Invite more people once {{inv_email}} joins.'],
  ],
  [
    set({
      inv_used: true,
      inv_email: '{{inv_input}}',
      inv_role: '{{inv_pick}}',
      members_msg: 'Invite sent to {{inv_input}}',
      inv_input: '',
    }),
  ],
);

const members: Screen = {
  title: 'Household members',
  elements: [
    notice('members-message', 'members_msg', 'success'),
    {
      type: 'list',
      id: 'member-list',
      items: MEMBERS.map((m) => ({
        id: `member-${m.id}`,
        title: m.id === 'sam' ? `${m.name} (you)` : m.name,
        subtitle: `${m.email} · ${m.role}`,
      })),
    },
    {
      type: 'list',
      id: 'invite-list',
      visibleIf: is('inv_used', true),
      items: [{ id: 'member-invited', title: '{{inv_email}}', subtitle: 'Invited · {{inv_role}}' }],
    },
    text('invite-heading', 'Invite someone', 'headline'),
    input('invite-email', 'inv_input', 'Email', { placeholder: 'name@example.com' }),
    chip('role-member', 'Member', [set({ inv_pick: 'Member' })]),
    chip('role-admin', 'Admin', [set({ inv_pick: 'Admin' })]),
    text('role-selected', 'Role: {{inv_pick}}', 'caption'),
    text('role-hint', 'Admins can add devices and invite people. Members can use devices and scenes.', 'caption'),
    notice('invite-error', 'inv_error', 'error'),
    button('send-invite', 'Send invite', sendInvite, 'primary'),
  ],
};

const profile: Screen = {
  title: 'Profile',
  elements: [
    notice('profile-message', 'profile_msg', 'success'),
    text('profile-name', '{{user_name}}', 'title'),
    text('profile-email', USER.email, 'body'),
    text('profile-phone', USER.phone, 'body'),
    text('profile-role', `${HOUSEHOLD} · Owner`, 'caption'),
    input('profile-display', 'pr_display', 'Display name', { maxLength: 20 }),
    text('profile-display-hint', 'Shown in your greeting on Home.', 'caption'),
    notice('profile-error', 'pr_error', 'error'),
    button(
      'save-profile',
      'Save',
      validate(
        'pr_error',
        [[empty('pr_display'), 'Enter a display name']],
        [set({ user_first: '{{pr_display}}', profile_msg: 'Profile saved' })],
      ),
      'primary',
    ),
    button(
      'sign-out',
      'Sign out',
      [
        {
          alert: {
            title: 'Sign out of Homely?',
            message: 'Your devices and schedules keep running while you’re signed out.',
            buttons: [
              { label: 'Cancel', id: 'alert-cancel', style: 'cancel' },
              {
                label: 'Sign out',
                id: 'alert-sign-out',
                style: 'destructive',
                action: [set({ signed_in: false, email: '', password: '', profile_msg: '' }), reset('signin')],
              },
            ],
          },
        },
      ],
      'destructive',
    ),
  ],
};

export const moreScreens: Record<string, Screen> = { energy, activity, settings, members, profile };
