import {
  type Walk,
  absent,
  alert,
  alertSays,
  back,
  lastRow,
  on,
  present,
  rows,
  screen,
  shows,
  sub,
  tap,
  type,
} from '../../../walks/ops';
import { addSchedule, deleteIt, signIn, toAdd, toSchedules } from './flows';

const SCHEDULES = ['Wake up', 'Weekend coffee', 'Lights out'];

/** Cases 49–68: Schedules, a schedule's screen and Add schedule. */
export const schedulesWalks: Walk[] = [
  {
    name: 'Schedules list from Home',
    steps: [signIn, toSchedules],
    assertions: [
      [shows('schedules-hint', 'Scenes that run by themselves at a set time.')],
      [shows('schedule-wake', 'Wake up'), sub('schedule-wake', '06:45 · Weekdays · Good morning')],
      [shows('schedule-weekend', 'Weekend coffee'), sub('schedule-weekend', '08:30 · Sat, Sun · Good morning')],
      [shows('schedule-lights', 'Lights out'), sub('schedule-lights', '23:00 · Every day · Good night')],
      [shows('add-schedule', 'Add schedule')],
    ],
  },
  {
    name: 'Schedules reachable from Settings',
    steps: [signIn, [tap('tab-settings'), screen('Settings'), tap('settings-schedules')]],
    assertions: [[screen('Schedules'), rows('schedule-', SCHEDULES)]],
  },
  {
    name: 'Schedule details',
    steps: [signIn, [...toSchedules, tap('schedule-lights'), screen('Lights out')]],
    assertions: [
      [shows('schedule-time', '23:00')],
      [shows('schedule-days', 'Every day')],
      [shows('schedule-scene', 'Good night')],
      [shows('delete-schedule', 'Delete schedule')],
    ],
  },
  {
    name: 'Cancel deleting a schedule',
    steps: [
      signIn,
      [...toSchedules, tap('schedule-lights'), screen('Lights out'), tap('delete-schedule')],
      [
        alert('Delete “Lights out”?'),
        alertSays('It won’t run again. This can’t be undone.'),
        present('alert-delete'),
        tap('alert-cancel'),
        alert(null),
      ],
      [back, screen('Schedules')],
    ],
    assertions: [
      // The dialog brought back (Lights out, Delete schedule) and cancelled again.
      [
        tap('schedule-lights'),
        tap('delete-schedule'),
        alert('Delete “Lights out”?'),
        alertSays('It won’t run again. This can’t be undone.'),
        present('alert-cancel'),
        present('alert-delete'),
        tap('alert-cancel'),
        back,
      ],
      [
        screen('Schedules'),
        shows('schedule-lights', 'Lights out'),
        sub('schedule-lights', '23:00 · Every day · Good night'),
      ],
    ],
  },
  {
    name: 'Delete a schedule',
    steps: [signIn, [...toSchedules, tap('schedule-lights'), ...deleteIt]],
    assertions: [
      [screen('Schedules'), shows('schedules-message', '“Lights out” was deleted')],
      [rows('schedule-', ['Wake up', 'Weekend coffee'])],
    ],
  },
  {
    name: 'Delete all schedules shows empty state',
    steps: [
      signIn,
      toSchedules,
      [tap('schedule-wake'), ...deleteIt, tap('schedule-weekend'), ...deleteIt, tap('schedule-lights'), ...deleteIt],
    ],
    assertions: [[shows('no-schedules', 'No schedules yet')]],
  },
  {
    name: 'Add schedule form defaults',
    steps: [signIn, [...toSchedules, ...toAdd]],
    assertions: [
      [
        shows('schedule-name', ''),
        shows('time-0630', '06:30'),
        shows('time-0700', '07:00'),
        shows('time-0730', '07:30'),
        shows('time-1800', '18:00'),
        shows('time-2230', '22:30'),
      ],
      [
        ...['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((d) => shows(`day-${d.toLowerCase()}`, d)),
        shows('days-selected', 'No days chosen'),
      ],
      [shows('as-scene-morning', 'Good morning'), shows('scene-selected', 'Runs Good morning')],
      [shows('schedule-notify', 'Notify me when it runs'), on('schedule-notify')],
      [shows('save-schedule', 'Save schedule')],
    ],
  },
  {
    name: 'Add schedule with no name',
    steps: [signIn, [...toSchedules, ...toAdd], [tap('save-schedule')]],
    assertions: [[shows('schedule-error', 'Give your schedule a name')]],
  },
  {
    name: 'Add schedule with no time',
    steps: [
      signIn,
      [...toSchedules, ...toAdd, type('schedule-name', 'Bedtime')],
      [tap('day-mon')],
      [tap('save-schedule')],
    ],
    assertions: [[shows('schedule-error', 'Choose a time')]],
  },
  {
    name: 'Add schedule with no days',
    steps: [
      signIn,
      [...toSchedules, ...toAdd, type('schedule-name', 'Bedtime'), tap('time-2230'), tap('as-scene-night')],
      [tap('save-schedule')],
    ],
    assertions: [
      [shows('schedule-error', 'Pick at least one day'), screen('Add schedule')],
      [back, screen('Schedules'), rows('schedule-', SCHEDULES)],
    ],
  },
  {
    name: 'Time chip shows selection',
    // "First At 22:30": read in step 2, where it shows.
    steps: [
      signIn,
      [...toSchedules, ...toAdd, tap('time-2230'), shows('time-selected', 'At 22:30')],
      [tap('time-0700')],
    ],
    assertions: [[shows('time-selected', 'At 07:00')]],
  },
  {
    name: 'Days summary for weekdays and every day',
    steps: [
      signIn,
      [...toSchedules, ...toAdd, ...['mon', 'tue', 'wed', 'thu', 'fri'].map((d) => tap(`day-${d}`))],
      [tap('day-sat'), tap('day-sun')],
    ],
    assertions: [
      // Brought back: Sat and Sun unpicked for the look, then picked again.
      [tap('day-sat'), tap('day-sun'), shows('days-selected', 'Repeats: Weekdays'), tap('day-sat'), tap('day-sun')],
      [shows('days-selected', 'Repeats: Every day')],
    ],
  },
  {
    name: 'Days summary for the weekend',
    steps: [signIn, [...toSchedules, ...toAdd, tap('day-sat'), tap('day-sun')]],
    assertions: [[shows('days-selected', 'Repeats: Weekends')]],
  },
  {
    name: 'Unpicking a day',
    steps: [
      signIn,
      [...toSchedules, ...toAdd, tap('day-mon'), tap('day-wed'), tap('day-fri'), tap('day-wed')],
      [tap('day-mon'), tap('day-fri')],
    ],
    assertions: [
      // Brought back: Mon and Fri picked again for the look, then unpicked.
      [tap('day-mon'), tap('day-fri'), shows('days-selected', 'Repeats: Mon, Fri'), tap('day-mon'), tap('day-fri')],
      [shows('days-selected', 'No days chosen')],
    ],
  },
  {
    name: 'Scene chip selection',
    steps: [
      signIn,
      [...toSchedules, ...toAdd, tap('as-scene-night'), shows('scene-selected', 'Runs Good night')],
      [tap('as-scene-leaving')],
    ],
    assertions: [[shows('scene-selected', 'Runs Leaving home')]],
  },
  {
    name: 'Save a new schedule',
    steps: [
      signIn,
      [...toSchedules, ...toAdd],
      [
        type('schedule-name', 'Bedtime'),
        tap('time-2230'),
        tap('day-mon'),
        tap('day-wed'),
        tap('day-fri'),
        tap('as-scene-night'),
      ],
      [tap('save-schedule')],
    ],
    assertions: [
      [screen('Schedules'), shows('schedules-message', 'Schedule “Bedtime” added')],
      [lastRow('schedule-', 'Bedtime'), sub('schedule-n1', '22:30 · Mon, Wed, Fri · Good night')],
    ],
  },
  {
    name: 'Open a newly added schedule',
    steps: [
      signIn,
      [...toSchedules, ...addSchedule('Bedtime', '2230', ['mon', 'wed', 'fri'], 'night')],
      [tap('schedule-n1'), screen('Bedtime')],
    ],
    assertions: [
      [shows('schedule-time', '22:30')],
      [shows('schedule-days', 'Mon, Wed, Fri')],
      [shows('schedule-scene', 'Good night')],
    ],
  },
  {
    name: 'New schedule with default scene',
    steps: [signIn, [...toSchedules, ...addSchedule('Early start', '0630', ['tue', 'thu'])]],
    assertions: [
      [shows('schedules-message', 'Schedule “Early start” added')],
      [lastRow('schedule-', 'Early start'), sub('schedule-n1', '06:30 · Tue, Thu · Good morning')],
    ],
  },
  {
    name: 'At most two own schedules',
    steps: [
      signIn,
      [...toSchedules, ...addSchedule('Bedtime', '2230', ['mon'], 'night')],
      addSchedule('Evening', '1800', ['fri'], 'movie'),
      [...toAdd, type('schedule-name', 'Morning'), tap('time-0730'), tap('day-sat'), tap('save-schedule')],
    ],
    assertions: [
      [screen('Add schedule'), shows('schedule-error', 'You can add up to 2 schedules of your own. Delete one first.')],
      [back, screen('Schedules'), rows('schedule-', [...SCHEDULES, 'Bedtime', 'Evening'])],
    ],
  },
  {
    name: 'Deleting an own schedule frees a slot',
    steps: [
      signIn,
      [...toSchedules, ...addSchedule('Bedtime', '2230', ['mon']), ...addSchedule('Evening', '1800', ['fri'])],
      // "“Bedtime” was deleted shown after delete": read here, where it shows (A1).
      [tap('schedule-n1'), screen('Bedtime'), ...deleteIt, shows('schedules-message', '“Bedtime” was deleted')],
      addSchedule('Morning', '0730', ['sat']),
    ],
    assertions: [
      [],
      [
        shows('schedules-message', 'Schedule “Morning” added'),
        rows('schedule-', [...SCHEDULES, 'Morning', 'Evening']),
        absent('no-schedules'),
      ],
    ],
  },
];
