import type { Action, Screen } from '../../src/virtual/app-model';
import { all, button, choose, empty, go, input, is, not, notice, reset, set, text, validate } from '../model-parts';
import { INCOMING, MISSED, REDELIVERY_DAYS, REDELIVERY_SLOTS, USER } from './data';
import { FRESH_SEND, chip, tabBar, writeQuote } from './parts';

/** Signing in, Home with the parcels on their way, and the redelivery of a missed parcel. */

const signin: Screen = {
  title: 'Sign in',
  hideNavBar: true,
  elements: [
    text('brand', 'Shipwise', 'title'),
    text('tagline', 'Send, track and receive parcels.', 'caption'),
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
                all(is('email', USER.email), is('password', USER.password)),
                [set({ signed_in: true, password: '' }), reset('home')],
              ],
            ],
            [set({ signin_error: 'Wrong email or password. Check them and try again.' })],
          ),
        },
      ],
      'primary',
    ),
    button(
      'forgot-password',
      'Forgot password?',
      [set({ signin_error: 'If that email has an account, we’ve sent it a link to reset the password.' })],
      'link',
    ),
  ],
};

/** Opens a parcel's screen: `id` names which, `title` is its screen's title. */
export const openParcel = (id: string, title: string): Action[] => [
  set({ pc: id, pc_title: title, parcel_msg: '', home_msg: '', sent_msg: '' }),
  go('parcel'),
];

const home: Screen = {
  title: 'Home',
  elements: [
    text('greeting', `Hello, ${USER.first}`, 'title'),
    text('incoming-count', `${INCOMING.length} parcels on their way`, 'caption'),
    notice('home-message', 'home_msg', 'success'),
    button('open-track', 'Track a parcel', [set({ query: '', results: '', home_msg: '' }), go('track')], 'primary'),
    text('incoming-heading', 'On their way', 'headline'),
    {
      type: 'list',
      id: 'incoming-list',
      items: INCOMING.map((p) => ({
        id: `parcel-${p.id}`,
        title: p.who,
        subtitle: `{{st_${p.id}}}`,
        action: openParcel(p.id, p.who),
      })),
    },
    button(
      'send-parcel',
      'Send a parcel',
      [set({ ...FRESH_SEND, home_msg: '' }), ...writeQuote, go('send')],
      'secondary',
    ),
    ...tabBar(),
  ],
};

const missed = INCOMING.find((p) => p.id === MISSED)!;

const bookRedelivery: Action[] = validate(
  'rd_error',
  [
    [empty('rd_day'), 'Choose a day for the redelivery'],
    [empty('rd_slot'), 'Choose a time for the redelivery'],
  ],
  [
    set({ rd_booked: true, rd_when: '{{rd_day}}, {{rd_slot}}' }),
    set({
      [`st_${MISSED}`]: 'Redelivery booked · {{rd_when}}',
      parcel_msg: 'Redelivery booked. We’ll deliver on {{rd_when}}.',
    }),
    { back: true },
  ],
);

const redelivery: Screen = {
  title: 'Redelivery',
  elements: [
    text('redelivery-parcel', `${missed.who} · ${missed.number}`, 'headline'),
    text(
      'redelivery-why',
      'We tried to deliver today at 11:40. It needs a signature, so someone must be in.',
      'caption',
    ),
    text('day-heading', 'Day', 'headline'),
    ...REDELIVERY_DAYS.map((d) => chip(`day-${d.slice(0, 3).toLowerCase()}`, d, [set({ rd_day: d, rd_error: '' })])),
    { ...text('day-selected', 'Day: {{rd_day}}', 'caption'), visibleIf: not(empty('rd_day')) },
    { ...text('day-selected', 'No day chosen', 'caption'), visibleIf: empty('rd_day') },
    text('slot-heading', 'Time', 'headline'),
    ...REDELIVERY_SLOTS.map((s) =>
      chip(`slot-${s.id}`, `${s.label} ${s.hours}`, [
        set({ rd_slot: s.label.toLowerCase(), rd_hours: s.hours, rd_error: '' }),
      ]),
    ),
    { ...text('slot-selected', 'Time: {{rd_slot}}, {{rd_hours}}', 'caption'), visibleIf: not(empty('rd_slot')) },
    { ...text('slot-selected', 'No time chosen', 'caption'), visibleIf: empty('rd_slot') },
    notice('redelivery-error', 'rd_error', 'error'),
    button('book-redelivery', 'Book redelivery', bookRedelivery, 'primary'),
  ],
};

export const homeScreens: Record<string, Screen> = { signin, home, redelivery };
