import {
  type Walk,
  absent,
  alert,
  alertSays,
  back,
  firstRow,
  notSee,
  nthRow,
  off,
  on,
  present,
  rows,
  screen,
  shows,
  sub,
  tap,
  type,
} from '../../../walks/ops';
import { ACTIVITY, EMAIL, signIn, signOut, toMembers, toProfile, toSettings } from './flows';

const WHEN = [
  'Today 18:42',
  'Today 18:05',
  'Today 17:30',
  'Today 07:00',
  'Today 06:45',
  'Yesterday 23:00',
  'Yesterday 21:12',
  'Yesterday 16:20',
];
/** The n-th event of Activity (1-based, no run in the app yet): its text and when. */
const event = (n: number) => [nthRow('event-', n, ACTIVITY[n - 1]!), sub(`event-a${n}`, WHEN[n - 1]!)];

/** Energy's period heading, total, cost line and the rooms' rows. */
const energy = (label: string, total: string, cost: string) => [
  shows('energy-period', `${label}: total use`),
  shows('energy-total', total),
  shows('energy-cost', `About ${cost} at 28p per kWh`),
];
const byRoom = (living: string, kitchen: string, bedroom: string, office: string) => [
  rows('energy-', ['Living Room', 'Kitchen', 'Bedroom', 'Office']),
  sub('energy-living', living),
  sub('energy-kitchen', kitchen),
  sub('energy-bedroom', bedroom),
  sub('energy-office', office),
];

const MEMBERS = ['Sam Rivera (you)', 'Alex Rivera', 'Jamie Rivera'];
const AWAY_MESSAGE = 'Homely will switch lights off at random times and alert you to any motion while you’re out.';
const ROBIN = 'robin@example.com';

/** Cases 69–96: Activity, Energy, Settings, units, Household members and Profile. */
export const moreWalks: Walk[] = [
  {
    name: 'Activity list from Home',
    steps: [signIn, [tap('open-activity'), screen('Activity')]],
    assertions: [
      [shows('activity-heading', 'Recent activity'), rows('event-', ACTIVITY)],
      ...[1, 2, 3, 4, 5, 6, 7, 8].map(event),
    ],
  },
  {
    name: 'Activity from Settings',
    steps: [signIn, [...toSettings, tap('settings-activity')]],
    assertions: [[screen('Activity'), shows('activity-heading', 'Recent activity'), ...event(1)]],
  },
  {
    name: 'Away mode change appears in Activity',
    steps: [
      signIn,
      [...toSettings, tap('set-away'), tap('alert-turn-on'), on('set-away')],
      [tap('settings-activity'), screen('Activity')],
    ],
    assertions: [
      [
        firstRow('event-', 'Away mode turned on'),
        sub('event-latest', 'Just now'),
        nthRow('event-', 2, 'Front door unlocked by Alex'),
      ],
    ],
  },
  {
    name: 'Energy today',
    steps: [signIn, [tap('tab-energy'), screen('Energy')]],
    assertions: [
      [shows('seg-today', 'Today'), shows('energy-period', 'Today: total use'), shows('energy-total', '13.6 kWh')],
      [shows('energy-cost', 'About £3.81 at 28p per kWh')],
      byRoom('4.2 kWh · £1.18', '6.1 kWh · £1.71', '0.9 kWh · £0.25', '2.4 kWh · £0.67'),
    ],
  },
  {
    name: 'Energy week',
    steps: [signIn, [tap('tab-energy'), tap('seg-week')]],
    assertions: [
      [shows('energy-period', 'Week: total use'), shows('energy-total', '96.3 kWh')],
      [shows('energy-cost', 'About £26.96 at 28p per kWh')],
      byRoom('31.8 kWh · £8.90', '40.2 kWh · £11.26', '8.7 kWh · £2.44', '15.6 kWh · £4.37'),
    ],
  },
  {
    name: 'Energy month',
    steps: [signIn, [tap('tab-energy'), tap('seg-month')]],
    assertions: [
      [shows('energy-period', 'Month: total use'), shows('energy-total', '400.5 kWh')],
      [shows('energy-cost', 'About £112.14 at 28p per kWh')],
      byRoom('130.4 kWh · £36.51', '168.8 kWh · £47.26', '37.1 kWh · £10.39', '64.2 kWh · £17.98'),
    ],
  },
  {
    name: 'Energy resets to Today after switching tabs',
    steps: [
      signIn,
      [tap('tab-energy'), tap('seg-month'), ...energy('Month', '400.5 kWh', '£112.14')],
      [tap('tab-home'), screen('Home'), tap('tab-energy'), screen('Energy')],
    ],
    assertions: [energy('Today', '13.6 kWh', '£3.81')],
  },
  {
    name: 'Settings default state',
    steps: [signIn, toSettings],
    assertions: [
      [shows('settings-household', 'Maple Street household')],
      [on('set-notifications'), off('set-away'), off('set-sounds')],
      [shows('units-selected', 'Showing temperatures in °C')],
      [
        rows('settings-', ['Household members', 'Profile', 'Schedules', 'Activity']),
        sub('settings-profile', 'Sam Rivera'),
      ],
    ],
  },
  {
    name: 'Toggle Notifications and Sounds',
    steps: [
      signIn,
      [...toSettings, tap('set-notifications'), off('set-notifications')],
      [tap('set-sounds'), on('set-sounds')],
    ],
    assertions: [[off('set-notifications'), on('set-sounds'), alert(null)]],
  },
  {
    name: 'Away mode asks for confirmation; Cancel keeps it off',
    steps: [signIn, [...toSettings, tap('set-away'), alert('Turn on Away mode?')], [tap('alert-cancel'), alert(null)]],
    assertions: [
      // The dialog brought back (the switch tapped again); A2 cancels it again.
      [tap('set-away'), alert('Turn on Away mode?'), alertSays(AWAY_MESSAGE)],
      [present('alert-cancel'), present('alert-turn-on'), tap('alert-cancel')],
      [off('set-away'), notSee('Away mode is on')],
    ],
  },
  {
    name: 'Turn Away mode on',
    steps: [
      signIn,
      // "Settings showed …": the message belongs to this visit (a tab clears it), so it is read here.
      [
        ...toSettings,
        tap('set-away'),
        tap('alert-turn-on'),
        shows('settings-message', 'Away mode is on'),
        on('set-away'),
      ],
      [tap('tab-home'), screen('Home')],
    ],
    assertions: [
      [...toSettings, on('set-away'), tap('tab-home')],
      [screen('Home'), shows('household', 'Maple Street · Indoor 20°C'), shows('away-banner', 'Away mode is on')],
    ],
  },
  {
    name: 'Turn Away mode off',
    steps: [
      signIn,
      [...toSettings, tap('set-away'), tap('alert-turn-on'), on('set-away')],
      [tap('set-away'), alert(null), off('set-away'), shows('settings-message', 'Welcome home. Away mode is off')],
      [tap('tab-home'), screen('Home')],
    ],
    assertions: [[], [absent('away-banner'), notSee('Away mode is on')]],
  },
  {
    name: 'Switch to Fahrenheit',
    steps: [
      signIn,
      [...toSettings, tap('unit-f')],
      [tap('tab-home'), screen('Home')],
      [tap('room-living'), screen('Living Room')],
    ],
    assertions: [
      [back, ...toSettings, shows('units-selected', 'Showing temperatures in °F')],
      [tap('tab-home'), shows('household', 'Maple Street · Indoor 68°F')],
      [
        tap('room-living'),
        shows('thermo-indoor', 'Indoor 68°F'),
        shows('thermo-target', '70°F'),
        shows('thermo-status', 'Heating to 70°F'),
      ],
    ],
  },
  {
    name: 'Fahrenheit thermostat steps',
    steps: [
      signIn,
      [...toSettings, tap('unit-f'), shows('units-selected', 'Showing temperatures in °F')],
      [tap('tab-home'), tap('room-living'), screen('Living Room'), tap('thermo-plus')],
      [tap('thermo-minus'), tap('thermo-minus')],
    ],
    assertions: [
      // Brought back: 22°C again (two + from 20°C), then two − to 20°C.
      [
        tap('thermo-plus'),
        tap('thermo-plus'),
        shows('thermo-target', '72°F'),
        tap('thermo-minus'),
        tap('thermo-minus'),
      ],
      [shows('thermo-target', '68°F')],
    ],
  },
  {
    name: 'Good night temperature in Fahrenheit',
    steps: [
      signIn,
      [...toSettings, tap('unit-f')],
      [tap('tab-home'), tap('scene-chip-night'), tap('room-living'), screen('Living Room')],
    ],
    assertions: [[shows('thermo-target', '64°F'), shows('thermo-status', 'Heating to 64°F')]],
  },
  {
    name: 'Switch back to Celsius',
    steps: [
      signIn,
      [...toSettings, tap('unit-f'), tap('unit-c')],
      [tap('tab-home'), tap('room-living'), screen('Living Room')],
    ],
    assertions: [
      [back, ...toSettings, shows('units-selected', 'Showing temperatures in °C')],
      [tap('tab-home'), tap('room-living'), shows('thermo-indoor', 'Indoor 20°C'), shows('thermo-target', '21°C')],
    ],
  },
  {
    name: 'Household members list',
    steps: [signIn, toMembers],
    assertions: [
      [shows('member-sam', MEMBERS[0]!), sub('member-sam', 'sam@homely.test · Owner')],
      [shows('member-alex', MEMBERS[1]!), sub('member-alex', 'alex@homely.test · Admin')],
      [shows('member-jamie', MEMBERS[2]!), sub('member-jamie', 'jamie@homely.test · Member')],
      [
        shows('invite-heading', 'Invite someone'),
        shows('invite-email', ''),
        shows('role-member', 'Member'),
        shows('role-admin', 'Admin'),
        shows('role-selected', 'Role: Member'),
        shows('role-hint', 'Admins can add devices and invite people. Members can use devices and scenes.'),
        shows('send-invite', 'Send invite'),
      ],
    ],
  },
  {
    name: 'Invite with empty email',
    steps: [signIn, [...toMembers, tap('send-invite')]],
    assertions: [[shows('invite-error', 'Enter an email address')]],
  },
  {
    name: 'Invite an existing member',
    steps: [signIn, [...toMembers, type('invite-email', 'alex@homely.test')], [tap('send-invite')]],
    assertions: [
      [shows('invite-error', 'alex@homely.test is already in your household')],
      [rows('member-', MEMBERS), absent('member-invited')],
    ],
  },
  {
    name: 'Invite someone as Admin',
    steps: [
      signIn,
      toMembers,
      [type('invite-email', ROBIN), tap('role-admin'), shows('role-selected', 'Role: Admin')],
      [tap('send-invite')],
    ],
    assertions: [
      [shows('members-message', `Invite sent to ${ROBIN}`)],
      [shows('invite-email', '')],
      [rows('member-', [...MEMBERS, ROBIN]), sub('member-invited', 'Invited · Admin')],
    ],
  },
  {
    name: 'Invite someone as Member (default role)',
    steps: [
      signIn,
      [...toMembers, type('invite-email', ROBIN), shows('role-selected', 'Role: Member'), tap('send-invite')],
    ],
    assertions: [[shows('member-invited', ROBIN), sub('member-invited', 'Invited · Member')]],
  },
  {
    name: 'Only one invite can be pending',
    steps: [
      signIn,
      [...toMembers, type('invite-email', ROBIN), tap('send-invite'), shows('member-invited', ROBIN)],
      [type('invite-email', 'casey@example.com'), tap('send-invite')],
    ],
    assertions: [
      [shows('invite-error', `You have an invite waiting. Invite more people once ${ROBIN} joins.`)],
      [rows('member-', [...MEMBERS, ROBIN])],
    ],
  },
  {
    name: 'Profile details',
    steps: [signIn, toProfile],
    assertions: [
      [
        shows('profile-name', 'Sam Rivera'),
        shows('profile-email', EMAIL),
        shows('profile-phone', '+44 7700 900214'),
        shows('profile-role', 'Maple Street · Owner'),
      ],
      [shows('profile-display', 'Sam'), shows('profile-display-hint', 'Shown in your greeting on Home.')],
      [shows('save-profile', 'Save'), shows('sign-out', 'Sign out')],
    ],
  },
  {
    name: 'Empty display name is refused',
    steps: [signIn, [...toProfile, type('profile-display', '')], [tap('save-profile')]],
    assertions: [
      [shows('profile-error', 'Enter a display name')],
      [back, screen('Settings'), tap('tab-home'), shows('greeting', 'Good evening, Sam')],
    ],
  },
  {
    name: 'Change display name updates greeting',
    steps: [
      signIn,
      toProfile,
      // "Profile saved was shown": read here, where it shows.
      [type('profile-display', 'Sammy'), tap('save-profile'), shows('profile-message', 'Profile saved')],
      [back, screen('Settings'), tap('tab-home'), screen('Home')],
    ],
    assertions: [[], [shows('greeting', 'Good evening, Sammy')]],
  },
  {
    name: 'Sign out confirmation and cancel',
    steps: [signIn, [...toProfile, tap('sign-out'), alert('Sign out of Homely?')], [tap('alert-cancel'), alert(null)]],
    assertions: [
      // The dialog brought back (Sign out tapped again) and cancelled again.
      [
        tap('sign-out'),
        alert('Sign out of Homely?'),
        alertSays('Your devices and schedules keep running while you’re signed out.'),
        tap('alert-cancel'),
      ],
      [screen('Profile')],
    ],
  },
  {
    name: 'Sign out then sign back in',
    steps: [signIn, [...toProfile, ...signOut], signIn],
    assertions: [[screen('Home'), shows('greeting', 'Good evening, Sam')]],
  },
  {
    name: 'After sign out relaunch shows Sign in',
    steps: [signIn, [...toProfile, ...signOut], [{ relaunch: true }]],
    assertions: [[screen('Sign in'), absent('tab-home')]],
  },
];
