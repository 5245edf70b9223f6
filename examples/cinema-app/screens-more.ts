import type { Action, Screen } from '../../src/virtual/app-model';
import { all, button, choose, empty, is, not, notice, reset, row, set, text, toggle, go } from '../model-parts';
import { FILMS, MEMBER, PAST, UPCOMING } from './data';
import { chip, tabBar } from './parts';
import { openNewTicket } from './screens-checkout';

/** Signing in, My tickets (upcoming and past, cancelling a booking), and the Account. */

const signin: Screen = {
  title: 'Sign in',
  hideNavBar: true,
  elements: [
    text('brand', 'Reelhouse', 'title'),
    text('tagline', 'Book seats at Reelhouse cinemas in seconds.', 'caption'),
    { type: 'input', id: 'email', bind: 'email', label: 'Email', placeholder: 'you@example.com', maxLength: 64 },
    notice('email-error', 'email_error', 'error'),
    { type: 'input', id: 'password', bind: 'password', label: 'Password', secure: true, maxLength: 64 },
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
                [set({ signed_in: true, password: '' }), reset('home')],
              ],
            ],
            [set({ signin_error: 'The email or password you entered is incorrect' })],
          ),
        },
      ],
      'primary',
    ),
    text('signin-help', 'New to Reelhouse? Join at any of our cinemas.', 'caption'),
  ],
};

const seedFilm = FILMS.find((f) => f.id === UPCOMING.film)!;

const openSeedTicket: Action[] = [
  set({
    v_which: 'seed',
    v_ref: UPCOMING.ref,
    v_film: seedFilm.title,
    v_when: UPCOMING.when,
    v_screen: UPCOMING.screen,
    v_seats: UPCOMING.seats,
    v_tickets: UPCOMING.tickets,
    v_total: UPCOMING.total,
    v_pay: UPCOMING.pay,
    v_status: 'Confirmed',
    ticket_notice: '',
  }),
  { if: is('seed_cancelled', true), then: [set({ v_status: 'Cancelled' })] },
  go('ticket'),
];

const upcoming = is('seg', 'upcoming');
const noUpcoming = all(
  upcoming,
  not(all(is('nb_active', true), is('nb_cancelled', false))),
  is('seed_cancelled', true),
);

const myTickets: Screen = {
  title: 'My tickets',
  elements: [
    chip('seg-upcoming', 'Upcoming', [set({ seg: 'upcoming' })]),
    chip('seg-past', 'Past', [set({ seg: 'past' })]),
    notice('tickets-notice', 'tickets_notice', 'success'),
    {
      type: 'list',
      id: 'upcoming-list',
      visibleIf: all(upcoming, is('nb_active', true), is('nb_cancelled', false)),
      items: [
        { id: 'upcoming-new', title: '{{nb_film}}', subtitle: '{{nb_when}} · {{nb_ref}}', action: openNewTicket },
      ],
    },
    {
      type: 'list',
      id: 'upcoming-list',
      visibleIf: all(upcoming, is('seed_cancelled', false)),
      items: [
        {
          id: `upcoming-${UPCOMING.ref.toLowerCase()}`,
          title: seedFilm.title,
          subtitle: `${UPCOMING.when} · ${UPCOMING.ref}`,
          action: openSeedTicket,
        },
      ],
    },
    { ...text('no-upcoming', 'No upcoming bookings', 'headline'), visibleIf: noUpcoming },
    { ...text('no-upcoming-hint', 'Find a film in Now showing.', 'caption'), visibleIf: noUpcoming },
    {
      type: 'list',
      id: 'past-list',
      visibleIf: is('seg', 'past'),
      items: PAST.map((p) => ({
        id: `past-${p.ref.toLowerCase()}`,
        title: p.title,
        subtitle: `${p.date} · ${p.ref}`,
        action: [
          set({ p_ref: p.ref, p_title: p.title, p_date: p.date, p_seats: p.seats, p_total: p.total }),
          go('past-ticket'),
        ],
      })),
    },
    ...tabBar(),
  ],
};

const cancelBooking: Action = {
  alert: {
    title: 'Cancel this booking?',
    message: 'Your seats will be released and {{v_total}} refunded to {{v_pay}}.',
    buttons: [
      { label: 'Keep booking', id: 'alert-keep', style: 'cancel' },
      {
        label: 'Cancel booking',
        id: 'alert-cancel-booking',
        style: 'destructive',
        action: [
          choose([[is('v_which', 'seed'), [set({ seed_cancelled: true })]]], [set({ nb_cancelled: true })])[0]!,
          set({
            v_status: 'Cancelled',
            ticket_notice: 'Booking cancelled. {{v_total}} will be refunded to {{v_pay}} within 3–5 working days.',
          }),
        ],
      },
    ],
  },
};

const ticket: Screen = {
  title: 'Ticket',
  elements: [
    notice('ticket-notice', 'ticket_notice', 'success'),
    text('ticket-film', '{{v_film}}', 'title'),
    text('ticket-status', '{{v_status}}', 'headline'),
    ...row('ticket-ref', 'Booking reference', '{{v_ref}}'),
    ...row('ticket-when', 'When', '{{v_when}}'),
    ...row('ticket-screen', 'Screen', '{{v_screen}}'),
    ...row('ticket-seats', 'Seats', '{{v_seats}}'),
    ...row('ticket-tickets', 'Tickets', '{{v_tickets}}'),
    ...row('ticket-total', 'Total paid', '{{v_total}}', 'headline'),
    {
      ...text('ticket-qr-note', 'Show this screen at the door. Doors open 20 minutes before the film.', 'caption'),
      visibleIf: is('v_status', 'Confirmed'),
    },
    button('cancel-booking', 'Cancel booking', [cancelBooking], 'destructive', {
      visibleIf: is('v_status', 'Confirmed'),
    }),
  ],
};

const pastTicket: Screen = {
  title: 'Past booking',
  elements: [
    text('past-film', '{{p_title}}', 'title'),
    text('past-status', 'Watched', 'headline'),
    ...row('past-ref', 'Booking reference', '{{p_ref}}'),
    ...row('past-when', 'When', '{{p_date}}'),
    ...row('past-seats', 'Seats', '{{p_seats}}'),
    ...row('past-total', 'Total paid', '{{p_total}}', 'headline'),
    button('book-again', 'Find showtimes', [reset('home')], 'secondary'),
  ],
};

const account: Screen = {
  title: 'Account',
  elements: [
    notice('account-notice', 'account_notice', 'success'),
    text('account-name', MEMBER.name, 'title'),
    text('account-email', MEMBER.email, 'body'),
    text('account-cinema', `Home cinema: ${MEMBER.cinema}`, 'body'),
    text('membership-heading', 'Membership', 'headline'),
    text('account-tier', MEMBER.tier, 'body'),
    text('account-points', '{{points_label}} points', 'headline'),
    text('points-note', '500 points = a free ticket. You earn 50 points for every booking.', 'caption'),
    text('settings-heading', 'Settings', 'headline'),
    toggle('set-reminders', 'set_reminders', 'Booking reminders'),
    toggle('set-offers', 'set_offers', 'Offers and news by email'),
    toggle('set-save-card', 'set_save_card', 'Save payment details'),
    button(
      'sign-out',
      'Sign out',
      [
        {
          alert: {
            title: 'Sign out of Reelhouse?',
            message: 'Your tickets stay in your account.',
            buttons: [
              { label: 'Cancel', id: 'alert-cancel', style: 'cancel' },
              {
                label: 'Sign out',
                id: 'alert-sign-out',
                style: 'destructive',
                action: [set({ signed_in: false, email: '', password: '' }), reset('signin')],
              },
            ],
          },
        },
      ],
      'destructive',
    ),
    ...tabBar(),
  ],
};

export const moreScreens: Record<string, Screen> = {
  signin,
  'my-tickets': myTickets,
  ticket,
  'past-ticket': pastTicket,
  account,
};
