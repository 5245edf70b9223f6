import {
  type Walk,
  alert,
  alertSays,
  back,
  notSee,
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
import { homeRow, newScene, signIn, toNewScene, toScenes } from './flows';

const BUILT_IN = ['Good morning', 'Movie night', 'Good night', 'Leaving home'];
const ALL_OFF = [
  homeRow('living', '4 devices · All lights off'),
  homeRow('kitchen', '3 devices · All lights off'),
  homeRow('bedroom', '2 devices · All lights off'),
  homeRow('office', '2 devices · All lights off'),
];

/** From Scenes: Good night's screen. */
const openNight = [tap('scene-night'), screen('Good night')];

/** Cases 34–48: the Scenes tab, a scene's screen and New scene. */
export const scenesWalks: Walk[] = [
  {
    name: 'Scenes list',
    steps: [signIn, toScenes],
    assertions: [
      [shows('scenes-count', '4 scenes'), rows('scene-', BUILT_IN)],
      [sub('scene-morning', 'Kitchen lights up, coffee on, heating to 21°C')],
      [sub('scene-movie', 'Ceiling off, floor lamp dimmed, TV backlight on')],
      [sub('scene-night', 'Every light off, heating down to 18°C')],
      [sub('scene-leaving', 'Every light and plug off')],
      [shows('new-scene', 'New scene')],
    ],
  },
  {
    name: 'Open Good night scene details',
    steps: [signIn, [...toScenes, ...openNight]],
    assertions: [
      [screen('Good night')],
      [shows('scene-about', 'Every light off, heating down to 18°C')],
      [shows('scene-devices', 'Changes 9 devices and the thermostat')],
      [shows('run-scene', 'Run scene')],
    ],
  },
  {
    name: 'Open Movie night scene details',
    steps: [signIn, [...toScenes, tap('scene-movie'), screen('Movie night')]],
    assertions: [
      [shows('scene-about', 'Ceiling off, floor lamp dimmed, TV backlight on')],
      [shows('scene-devices', 'Changes 3 devices')],
    ],
  },
  {
    name: 'Cancel running a scene changes nothing',
    steps: [
      signIn,
      [...toScenes, ...openNight],
      [tap('run-scene'), alert('Run Good night?'), tap('alert-cancel'), alert(null)],
      [back, screen('Scenes'), tap('tab-home'), screen('Home')],
    ],
    assertions: [
      // The dialog brought back (Good night opened again, Run scene), and cancelled again.
      [
        ...toScenes,
        ...openNight,
        tap('run-scene'),
        alert('Run Good night?'),
        alertSays('Devices in this scene will change right away.'),
        present('alert-cancel'),
        present('alert-run'),
        tap('alert-cancel'),
      ],
      [notSee('Good night is on')],
      [
        back,
        tap('tab-home'),
        screen('Home'),
        homeRow('living', '4 devices · 2 lights on'),
        homeRow('office', '2 devices · 1 light on'),
      ],
    ],
  },
  {
    name: 'Confirm running Good night from the scene screen',
    steps: [signIn, [...toScenes, ...openNight], [tap('run-scene'), tap('alert-run')]],
    assertions: [
      [screen('Good night'), shows('scene-message', 'Good night is on')],
      [back, tap('tab-home'), screen('Home'), ...ALL_OFF],
    ],
  },
  {
    name: 'Latest scene run is the top of Activity',
    steps: [signIn, [tap('scene-chip-movie'), tap('scene-chip-night')], [tap('open-activity'), screen('Activity')]],
    assertions: [[{ firstRow: 'event-', text: 'Good night ran' }, sub('event-latest', 'Just now')]],
  },
  {
    name: 'New scene form',
    steps: [signIn, toNewScene],
    assertions: [
      [shows('scene-name', '')],
      [
        shows('pick-heading', 'Turn on these devices'),
        shows('pick-lr-ceiling', 'Living Room · Ceiling light'),
        shows('pick-k-pendant', 'Kitchen · Pendant lights'),
        shows('pick-bd-bedside', 'Bedroom · Bedside lamp'),
        shows('pick-of-desk', 'Office · Desk lamp'),
        shows('pick-k-coffee', 'Kitchen · Coffee maker'),
        shows('pick-of-printer', 'Office · Printer'),
      ],
      [
        'lr-ceiling',
        'lr-floor',
        'lr-tv',
        'k-pendant',
        'k-cabinet',
        'bd-bedside',
        'bd-ceiling',
        'of-desk',
        'k-coffee',
        'of-printer',
      ].map((d) => off(`pick-${d}`)),
      [shows('save-scene', 'Save scene')],
    ],
  },
  {
    name: 'New scene without a name',
    steps: [
      signIn,
      toNewScene,
      [tap('pick-k-pendant'), on('pick-k-pendant'), shows('scene-name', '')],
      [tap('save-scene')],
    ],
    assertions: [[shows('scene-error', 'Give your scene a name'), screen('New scene')]],
  },
  {
    name: 'New scene: empty form shows the name error first',
    steps: [signIn, [...toNewScene, tap('save-scene')]],
    assertions: [[shows('scene-error', 'Give your scene a name')]],
  },
  {
    name: 'New scene with a built-in name',
    steps: [signIn, [...toNewScene, type('scene-name', 'Movie night')], [tap('pick-lr-floor')], [tap('save-scene')]],
    assertions: [[shows('scene-error', 'You already have a scene called “Movie night”')]],
  },
  {
    name: 'New scene with no devices picked',
    steps: [signIn, [...toNewScene, type('scene-name', 'Dinner time')], [tap('save-scene')]],
    assertions: [[shows('scene-error', 'Pick at least one device')], [screen('New scene')]],
  },
  {
    name: 'Save a custom scene',
    steps: [
      signIn,
      toNewScene,
      [type('scene-name', 'Dinner time')],
      [tap('pick-lr-floor'), tap('pick-k-pendant')],
      [tap('save-scene')],
    ],
    assertions: [
      [screen('Scenes'), shows('scenes-message', 'Scene “Dinner time” saved')],
      [shows('scenes-count', '5 scenes')],
      [rows('scene-', [...BUILT_IN, 'Dinner time']), sub('scene-custom', 'Turns on 2 devices')],
    ],
  },
  {
    name: 'Run a custom scene turns its devices on',
    steps: [
      signIn,
      [tap('scene-chip-leaving')],
      [...toScenes, ...newScene('Dinner time', ['lr-floor', 'k-pendant']), screen('Scenes')],
      [tap('scene-custom'), screen('Dinner time'), tap('run-scene'), tap('alert-run')],
      [back, tap('tab-home'), screen('Home')],
    ],
    assertions: [
      // The message belongs to that visit of the scene's screen: the run brought back (Dinner
      // time opened again, Run scene, Run; its devices are on already, so nothing else changes).
      [
        ...toScenes,
        tap('scene-custom'),
        tap('run-scene'),
        tap('alert-run'),
        shows('scene-message', 'Dinner time is on'),
        back,
        tap('tab-home'),
      ],
      [
        homeRow('living', '4 devices · 1 light on'),
        homeRow('kitchen', '3 devices · 1 light on'),
        homeRow('bedroom', '2 devices · All lights off'),
        homeRow('office', '2 devices · All lights off'),
      ],
    ],
  },
  {
    name: 'Only one custom scene on the Free plan',
    steps: [
      signIn,
      [...toScenes, ...newScene('Dinner time', ['k-pendant']), screen('Scenes')],
      [...newScene('Reading', ['bd-bedside'])],
    ],
    assertions: [
      [screen('New scene'), shows('scene-error', 'You can save one custom scene on the Homely Free plan')],
      [back, screen('Scenes'), shows('scenes-count', '5 scenes'), rowCount('scene-', 5)],
    ],
  },
  {
    name: 'Leaving New scene without saving',
    steps: [signIn, [...toNewScene, type('scene-name', 'Party'), tap('pick-lr-tv')], [back, screen('Scenes')]],
    assertions: [[shows('scenes-count', '4 scenes'), notSee('Party'), rows('scene-', BUILT_IN)]],
  },
];
