import { type Walk, absent, back, notSee, off, on, present, rows, screen, shows, tap, type } from '../../../walks/ops';
import { EMAIL, PASSWORD, homeRow, light, room, signIn, thermo } from './flows';

const MISMATCH = 'That email and password don’t match. Try again.';

const HOME_ROWS = [
  homeRow('living', '4 devices · 2 lights on'),
  homeRow('kitchen', '3 devices · 2 lights on'),
  homeRow('bedroom', '2 devices · All lights off'),
  homeRow('office', '2 devices · 1 light on'),
];

/** Cases 1–14: signing in, Home and its scene buttons. */
export const signInHomeWalks: Walk[] = [
  {
    name: 'Sign in screen on first launch',
    steps: [[]],
    assertions: [
      [screen('Sign in'), shows('brand', 'Homely'), shows('tagline', 'Your whole home, in one place.')],
      [shows('email', ''), shows('password', '')],
      [shows('sign-in', 'Sign in'), shows('forgot-password', 'Forgot password?')],
    ],
  },
  {
    name: 'Sign in with both fields empty',
    steps: [[], [tap('sign-in')]],
    assertions: [
      [shows('email-error', 'Enter your email address')],
      [shows('password-error', 'Enter your password')],
      [screen('Sign in')],
    ],
  },
  {
    name: 'Sign in with only the email filled',
    steps: [[type('email', EMAIL), shows('password', '')], [tap('sign-in')]],
    assertions: [
      [shows('password-error', 'Enter your password')],
      [notSee('Enter your email address')],
      [screen('Sign in'), absent('tab-home')],
    ],
  },
  {
    name: 'Wrong password is rejected',
    steps: [[type('email', EMAIL)], [type('password', 'home2023')], [tap('sign-in')]],
    assertions: [[shows('signin-error', MISMATCH)], [screen('Sign in'), absent('tab-home')]],
  },
  {
    name: 'Unknown email is rejected',
    steps: [[type('email', 'alex@example.com'), type('password', PASSWORD), tap('sign-in')]],
    assertions: [[shows('signin-error', MISMATCH)]],
  },
  {
    name: 'Successful sign in opens Home',
    steps: [signIn],
    assertions: [
      [screen('Home'), shows('greeting', 'Good evening, Sam')],
      [shows('household', 'Maple Street · Indoor 20°C')],
      [
        shows('scene-chip-morning', 'Good morning'),
        shows('scene-chip-movie', 'Movie night'),
        shows('scene-chip-night', 'Good night'),
        shows('scene-chip-leaving', 'Leaving home'),
      ],
      [rows('room-', ['Living Room', 'Kitchen', 'Bedroom', 'Office']), ...HOME_ROWS],
      [shows('open-schedules', 'Schedules'), shows('open-activity', 'Recent activity')],
      [
        shows('tab-home', 'Home'),
        shows('tab-scenes', 'Scenes'),
        shows('tab-energy', 'Energy'),
        shows('tab-settings', 'Settings'),
      ],
    ],
  },
  {
    name: 'Forgot password message',
    steps: [[screen('Sign in'), tap('forgot-password')]],
    assertions: [
      [shows('signin-error', 'We’ve sent a reset link to your email if it’s registered')],
      [screen('Sign in')],
    ],
  },
  {
    name: 'Relaunch while signed in skips Sign in',
    steps: [signIn, [], [{ relaunch: true }]],
    assertions: [[screen('Home'), absent('sign-in')]],
  },
  {
    name: 'Run Movie night from Home',
    steps: [
      signIn,
      // No dialog: the message is on Home at once (read here: opening a room clears it).
      [tap('scene-chip-movie'), { alert: null }, shows('home-message', 'Movie night is on')],
      room('living', 'Living Room'),
    ],
    assertions: [
      [],
      [back, screen('Home'), homeRow('living', '4 devices · 2 lights on')],
      [homeRow('kitchen', '3 devices · 2 lights on')],
      [
        ...room('living', 'Living Room'),
        ...light('lr-ceiling', false, 80),
        ...light('lr-floor', true, 20),
        ...light('lr-tv', true, 60),
      ],
    ],
  },
  {
    name: 'Run Good night from Home turns every light off',
    steps: [
      signIn,
      [tap('scene-chip-night'), shows('home-message', 'Good night is on')],
      [
        homeRow('living', '4 devices · All lights off'),
        homeRow('kitchen', '3 devices · All lights off'),
        homeRow('bedroom', '2 devices · All lights off'),
        homeRow('office', '2 devices · All lights off'),
        ...room('living', 'Living Room'),
        present('thermo-target'),
      ],
    ],
    assertions: [
      [],
      [
        back,
        homeRow('living', '4 devices · All lights off'),
        homeRow('kitchen', '3 devices · All lights off'),
        homeRow('bedroom', '2 devices · All lights off'),
        homeRow('office', '2 devices · All lights off'),
      ],
      [...room('living', 'Living Room'), ...thermo('18°C', 'Heating to 18°C')],
    ],
  },
  {
    name: 'Run Leaving home from Home switches plugs off too',
    steps: [signIn, [tap('scene-chip-leaving'), shows('home-message', 'Leaving home is on')], room('office', 'Office')],
    assertions: [
      [],
      [off('light-of-desk')],
      [off('plug-of-printer'), shows('plug-of-printer-status', 'Smart plug · off')],
      [shows('room-summary', '2 devices · All lights off')],
    ],
  },
  {
    name: 'Good morning from Home brightens the kitchen',
    steps: [
      signIn,
      [tap('scene-chip-morning'), shows('home-message', 'Good morning is on')],
      [...room('kitchen', 'Kitchen'), back, ...room('living', 'Living Room')],
    ],
    assertions: [
      [],
      [back, ...room('kitchen', 'Kitchen'), ...light('k-pendant', true, 100)],
      [...light('k-cabinet', true, 100)],
      [on('plug-k-coffee'), shows('plug-k-coffee-status', 'Smart plug · on · 1,200 W now')],
      [back, ...room('living', 'Living Room'), ...light('lr-ceiling', true, 70), ...thermo('21°C', 'Heating to 21°C')],
    ],
  },
  {
    name: 'Home scene message clears after switching tabs',
    steps: [
      signIn,
      [tap('scene-chip-movie'), shows('home-message', 'Movie night is on')],
      [tap('tab-energy'), screen('Energy')],
      [tap('tab-home'), screen('Home')],
    ],
    assertions: [[notSee('Movie night is on')]],
  },
  {
    name: 'Scene run from Home shows up in Activity',
    steps: [signIn, [tap('scene-chip-leaving')], [tap('open-activity'), screen('Activity')]],
    assertions: [
      [
        { firstRow: 'event-', text: 'Leaving home ran' },
        { sub: 'event-latest', text: 'Just now' },
      ],
      [
        { nthRow: 'event-', n: 2, text: 'Front door unlocked by Alex' },
        { sub: 'event-a1', text: 'Today 18:42' },
      ],
    ],
  },
];
