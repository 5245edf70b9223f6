import type { Action, Element, Screen } from '../../src/virtual/app-model';
import {
  all,
  back,
  button,
  choose,
  each,
  empty,
  filled,
  go,
  input,
  is,
  not,
  notice,
  reset,
  row,
  set,
  text,
  validate,
} from '../model-parts';
import { ABOUT, CLASSES, DAYS, MAX_BOOKINGS, MEMBER, dayOf, timeRange, type GymClass } from './data';
import { chip, classVars, count, tabBar } from './parts';

/** Signing in, the class timetable, a class (book, waitlist, cancel) and My bookings. */

const signin: Screen = {
  title: 'Sign in',
  hideNavBar: true,
  elements: [
    text('brand', 'Pulsefit', 'title'),
    text('tagline', 'Train at any Pulsefit club.', 'caption'),
    input('email', 'email', 'Email', { placeholder: 'you@example.com' }),
    notice('email-error', 'email_error', 'error'),
    input('password', 'password', 'Password', { secure: true }),
    notice('password-error', 'password_error', 'error'),
    notice('signin-error', 'signin_error', 'error'),
    button(
      'sign-in',
      'Sign in',
      [
        set({ email_error: '', password_error: '', signin_error: '' }),
        { if: empty('email'), then: [set({ email_error: 'Enter your email address' })] },
        { if: empty('password'), then: [set({ password_error: 'Enter your password' })] },
        {
          if: all(not(empty('email')), not(empty('password'))),
          then: choose(
            [
              [
                all(is('email', MEMBER.email), is('password', MEMBER.password)),
                [set({ signed_in: true, password: '', day: 'thu', list_msg: '' }), reset('classes')],
              ],
            ],
            [set({ signin_error: 'Incorrect email or password. Check them and try again.' })],
          ),
        },
      ],
      'primary',
    ),
    button(
      'forgot-password',
      'Forgot password?',
      [set({ signin_error: 'If that email has a Pulsefit account, we’ve sent it a reset link' })],
      'link',
    ),
    text('signin-help', 'New to Pulsefit? Join at any of our clubs.', 'caption'),
  ],
};

/** Opens a class's screen. */
export const openClass = (c: GymClass): Action[] => [
  set({
    cls: c.id,
    cl_name: c.name,
    cl_when: `${dayOf(c).long} · ${timeRange(c)}`,
    cl_short: `${dayOf(c).short} at ${c.time}`,
    cl_coach: c.coach,
    cl_studio: c.studio,
    cl_len: `${c.minutes} minutes`,
    cl_level: c.level,
    cl_about: ABOUT[c.name]!,
    cl_full: c.left === 0,
    cur_bk: `{{bk_${c.id}}}`,
    class_msg: '',
    class_error: '',
    list_msg: '',
  }),
  go('class'),
];

const classes: Screen = {
  title: 'Classes',
  elements: [
    notice('classes-message', 'list_msg', 'success'),
    text('classes-hint', 'Book up to 7 days ahead. Tap a class to see it and book.', 'caption'),
    ...DAYS.map((d) => chip(`day-${d.id}`, d.chip, [set({ day: d.id, list_msg: '' })])),
    ...DAYS.map((d) => ({ ...text('day-selected', d.long, 'headline'), visibleIf: is('day', d.id) })),
    ...DAYS.map(
      (d): Element => ({
        type: 'list',
        id: 'class-list',
        visibleIf: is('day', d.id),
        items: CLASSES.filter((c) => c.day === d.id).map((c) => ({
          id: `class-${c.id}`,
          title: `${c.time} ${c.name}`,
          subtitle: `{{row_${c.id}}}`,
          action: openClass(c),
        })),
      }),
    ),
    ...tabBar(),
  ],
};

const open = CLASSES.filter((c) => c.left > 0);
const full = CLASSES.filter((c) => c.left === 0);
const frozenRule: [ReturnType<typeof is>, string] = [
  is('frozen', true),
  'Your membership is frozen until {{fz_until}}. Unfreeze it to book classes.',
];

const book: Action[] = validate(
  'class_error',
  [
    frozenRule,
    [
      is('n_booked', MAX_BOOKINGS),
      `You can have up to ${MAX_BOOKINGS} classes booked at a time. Cancel one to book another.`,
    ],
  ],
  [
    ...each(open.map((c) => [is('cls', c.id), [set(classVars(c, 'booked'))]])),
    ...count('n_booked', 1, 0, MAX_BOOKINGS),
    set({ cur_bk: 'booked', class_msg: 'You’re booked into {{cl_name}} on {{cl_short}}' }),
  ],
);

const joinWaitlist: Action[] = validate(
  'class_error',
  [frozenRule],
  [
    ...each(full.map((c) => [is('cls', c.id), [set(classVars(c, 'waitlist'))]])),
    ...count('n_wait', 1, 0, full.length),
    set({ cur_bk: 'waitlist' }),
    {
      if: is('set_waitlist', true),
      then: [set({ class_msg: 'You’re on the waitlist. We’ll let you know if a space opens up.' })],
      else: [
        set({ class_msg: 'You’re on the waitlist. Turn on Waitlist alerts in Profile to hear if a space opens up.' }),
      ],
    },
  ],
);

const cancelAlert: Action = {
  alert: {
    title: 'Cancel {{cl_name}}?',
    message: '{{cl_when}}. Your space will be offered to the next person on the waitlist.',
    buttons: [
      { label: 'Keep booking', id: 'alert-keep', style: 'cancel' },
      {
        label: 'Cancel booking',
        id: 'alert-cancel-booking',
        style: 'destructive',
        action: [
          ...each(open.map((c) => [is('cls', c.id), [set(classVars(c, 'none'))]])),
          ...count('n_booked', -1, 0, MAX_BOOKINGS),
          set({ cur_bk: 'none', list_msg: '{{cl_name}} on {{cl_short}} was cancelled' }),
          back,
        ],
      },
    ],
  },
};

const leaveAlert: Action = {
  alert: {
    title: 'Leave the waitlist?',
    message: 'You’ll lose your place for {{cl_name}} on {{cl_short}}.',
    buttons: [
      { label: 'Stay on it', id: 'alert-stay', style: 'cancel' },
      {
        label: 'Leave',
        id: 'alert-leave',
        style: 'destructive',
        action: [
          ...each(full.map((c) => [is('cls', c.id), [set(classVars(c, 'none'))]])),
          ...count('n_wait', -1, 0, full.length),
          set({ cur_bk: 'none', list_msg: 'You left the waitlist for {{cl_name}} on {{cl_short}}' }),
          back,
        ],
      },
    ],
  },
};

const gymClass: Screen = {
  title: '{{cl_name}}',
  elements: [
    notice('class-message', 'class_msg', 'success'),
    text('class-when', '{{cl_when}}', 'caption'),
    text('class-about', '{{cl_about}}', 'body'),
    ...row('class-coach', 'Instructor', '{{cl_coach}}'),
    ...row('class-studio', 'Studio', '{{cl_studio}}'),
    ...row('class-duration', 'Duration', '{{cl_len}}'),
    ...row('class-level', 'Level', '{{cl_level}}'),
    ...CLASSES.map((c) => ({ ...text('class-spaces', `{{sl_${c.id}}}`, 'headline'), visibleIf: is('cls', c.id) })),
    ...CLASSES.map((c) => ({
      ...text('class-status', `{{st_${c.id}}}`, 'body'),
      visibleIf: all(is('cls', c.id), filled(`st_${c.id}`)),
    })),
    notice('class-error', 'class_error', 'error'),
    button('book-class', 'Book class', book, 'primary', {
      visibleIf: all(is('cur_bk', 'none'), is('cl_full', false)),
    }),
    button('join-waitlist', 'Join waitlist', joinWaitlist, 'primary', {
      visibleIf: all(is('cur_bk', 'none'), is('cl_full', true)),
    }),
    button('cancel-booking', 'Cancel booking', [cancelAlert], 'destructive', { visibleIf: is('cur_bk', 'booked') }),
    button('leave-waitlist', 'Leave waitlist', [leaveAlert], 'destructive', { visibleIf: is('cur_bk', 'waitlist') }),
  ],
};

const countLine = (n: number) => (n === 0 ? 'No classes booked' : n === 1 ? '1 class booked' : `${n} classes booked`);
const nothingBooked = all(is('n_booked', 0), is('n_wait', 0));

const bookings: Screen = {
  title: 'My bookings',
  elements: [
    notice('bookings-message', 'list_msg', 'success'),
    ...Array.from({ length: MAX_BOOKINGS + 1 }, (_, n) => ({
      ...text('bookings-count', countLine(n), 'headline'),
      visibleIf: is('n_booked', n),
    })),
    ...Array.from({ length: full.length }, (_, k) => ({
      ...text('waitlist-count', k === 0 ? 'On 1 waitlist' : `On ${k + 1} waitlists`, 'caption'),
      visibleIf: is('n_wait', k + 1),
    })),
    ...CLASSES.map(
      (c): Element => ({
        type: 'list',
        id: 'booking-list',
        visibleIf: not(is(`bk_${c.id}`, 'none')),
        items: [{ id: `booking-${c.id}`, title: c.name, subtitle: `{{bs_${c.id}}}`, action: openClass(c) }],
      }),
    ),
    { ...text('no-bookings', 'No upcoming classes', 'headline'), visibleIf: nothingBooked },
    { ...text('no-bookings-hint', 'Book one from the class timetable.', 'caption'), visibleIf: nothingBooked },
    button('browse-classes', 'Browse classes', [set({ day: 'thu', list_msg: '' }), reset('classes')], 'secondary', {
      visibleIf: nothingBooked,
    }),
    text('bookings-limit', `You can have up to ${MAX_BOOKINGS} classes booked at a time.`, 'caption'),
    ...tabBar(),
  ],
};

export const classScreens: Record<string, Screen> = { signin, classes, class: gymClass, bookings };
