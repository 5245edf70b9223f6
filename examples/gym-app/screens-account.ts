import type { Action, Screen } from '../../src/virtual/app-model';
import { all, button, each, go, input, is, not, notice, reset, row, set, text, toggle, validate } from '../model-parts';
import { CLUBS, FREEZES, LEADS, MEMBER, PLAN, facilities, type Club } from './data';
import { chip, tabBar } from './parts';
import { resultLists, runSearch } from './search';

/** Membership (with freezing), the club finder, a club, and the Profile with its settings. */

const freezeAlert = (f: (typeof FREEZES)[number]): Action => ({
  alert: {
    title: `Freeze for ${f.label}?`,
    message: `Your membership pauses today and starts again on ${f.until}. Your next payment moves to ${f.renews}.`,
    buttons: [
      { label: 'Cancel', id: 'alert-cancel', style: 'cancel' },
      {
        label: 'Freeze',
        id: 'alert-freeze',
        action: [
          set({
            frozen: true,
            fz_used: true,
            fz_until: f.until,
            renews: f.renews,
            mem_line: `${PLAN.name} · Frozen until ${f.until}`,
            membership_msg: `Your membership is frozen until ${f.until}`,
          }),
        ],
      },
    ],
  },
});

const frozen = is('frozen', true);
const active = not(frozen);

const membership: Screen = {
  title: 'Membership',
  elements: [
    notice('membership-message', 'membership_msg', 'success'),
    text('plan-name', PLAN.name, 'title'),
    text('plan-price', PLAN.price, 'body'),
    text('membership-status-label', 'Status', 'caption'),
    { ...text('membership-status', 'Active', 'body'), visibleIf: active },
    { ...text('membership-status', 'Frozen until {{fz_until}}', 'body'), visibleIf: frozen },
    ...row('membership-renewal', 'Renews on', '{{renews}}'),
    ...row('membership-number', 'Member number', MEMBER.number),
    ...row('membership-club', 'Home club', 'Pulsefit {{home_club}}'),
    text('freeze-heading', 'Freeze membership', 'headline'),
    text(
      'freeze-hint',
      'Pause for 1 to 3 months, once a year. You aren’t charged while it’s frozen, and you can’t book classes.',
      'caption',
    ),
    ...FREEZES.map((f) => chip(`freeze-${f.months}`, f.label, [set({ fz_pick: f.months })], { visibleIf: active })),
    ...FREEZES.map((f) => ({
      ...text('freeze-selected', `Freeze for ${f.label}`, 'caption'),
      visibleIf: all(active, is('fz_pick', f.months)),
    })),
    button(
      'freeze',
      'Freeze membership',
      validate(
        'membership_error',
        [
          [
            is('fz_used', true),
            'You’ve already frozen your membership this year. You can freeze it again from 1 January 2026.',
          ],
        ],
        [set({ membership_msg: '' }), ...each(FREEZES.map((f) => [is('fz_pick', f.months), [freezeAlert(f)]]))],
      ),
      'primary',
      { visibleIf: active },
    ),
    notice('membership-error', 'membership_error', 'error'),
    button(
      'unfreeze',
      'Unfreeze membership',
      [
        set({
          frozen: false,
          fz_until: '',
          renews: PLAN.renews,
          mem_line: `${PLAN.name} · Active`,
          membership_msg: 'Welcome back! Your membership is active again',
        }),
      ],
      'secondary',
      { visibleIf: frozen },
    ),
  ],
};

const openClub = (c: Club): Action[] => [
  set({
    cb_id: c.id,
    cb_name: c.name,
    cb_address: c.address,
    cb_hours: c.hours,
    cb_facilities: facilities(c),
    cb_phone: c.phone,
    cb_miles: `${c.miles} away`,
    club_msg: '',
  }),
  go('club'),
];

const clubs: Screen = {
  title: 'Find a club',
  elements: [
    input('club-search', 'query', 'Search clubs', { placeholder: 'Town, area or postcode', submit: runSearch }),
    button('search-go', 'Search', runSearch, 'primary'),
    {
      ...text('search-hint', 'Search by club name, area or postcode, or try “pool”.', 'caption'),
      visibleIf: is('results', ''),
    },
    ...resultLists(openClub),
    { ...text('no-results', 'No clubs match “{{query}}”', 'headline'), visibleIf: is('results', 'none') },
    {
      ...text('no-results-hint', 'Try a town, an area or a postcode such as “SE1”.', 'caption'),
      visibleIf: is('results', 'none'),
    },
  ],
};

const club: Screen = {
  title: 'Pulsefit {{cb_name}}',
  elements: [
    notice('club-message', 'club_msg', 'success'),
    text('club-distance', '{{cb_miles}}', 'caption'),
    ...row('club-address', 'Address', '{{cb_address}}'),
    ...row('club-hours', 'Opening hours', '{{cb_hours}}'),
    ...row('club-facilities', 'Facilities', '{{cb_facilities}}'),
    ...row('club-phone', 'Phone', '{{cb_phone}}'),
    ...CLUBS.map((c) => ({
      ...text('home-club-badge', 'This is your home club', 'headline'),
      visibleIf: all(is('cb_id', c.id), is('home_id', c.id)),
    })),
    ...CLUBS.map((c) =>
      button(
        'make-home',
        'Make this my home club',
        [set({ home_id: c.id, home_club: c.name, club_msg: `Pulsefit ${c.name} is now your home club` })],
        'primary',
        { visibleIf: all(is('cb_id', c.id), not(is('home_id', c.id))) },
      ),
    ),
  ],
};

const reminders = is('set_remind', true);

const profile: Screen = {
  title: 'Profile',
  elements: [
    notice('profile-message', 'profile_msg', 'success'),
    text('profile-name', MEMBER.name, 'title'),
    text('profile-email', MEMBER.email, 'body'),
    text('profile-since', `${MEMBER.since} · Home club Pulsefit {{home_club}}`, 'caption'),
    text('notifications-heading', 'Notifications', 'headline'),
    toggle('set-reminders', 'set_remind', 'Class reminders', [
      {
        if: reminders,
        then: [set({ profile_msg: 'Class reminders are on' })],
        else: [set({ profile_msg: 'Class reminders are off' })],
      },
    ]),
    { ...text('lead-heading', 'Remind me before a class', 'caption'), visibleIf: reminders },
    ...LEADS.map((l) =>
      chip(`lead-${l.id}`, l.label, [set({ set_lead: l.id, profile_msg: '' })], { visibleIf: reminders }),
    ),
    ...LEADS.map((l) => ({
      ...text('lead-selected', `Reminder ${l.label} before each class`, 'caption'),
      visibleIf: all(reminders, is('set_lead', l.id)),
    })),
    toggle('set-waitlist', 'set_waitlist', 'Waitlist alerts', [
      {
        if: is('set_waitlist', true),
        then: [set({ profile_msg: 'Waitlist alerts are on' })],
        else: [set({ profile_msg: 'Waitlist alerts are off' })],
      },
    ]),
    text('set-waitlist-hint', 'When a space opens up in a class you’re waiting for.', 'caption'),
    toggle('set-email', 'set_email', 'Weekly progress email'),
    {
      type: 'list',
      id: 'profile-links',
      items: [
        {
          id: 'profile-membership',
          title: 'Membership',
          subtitle: '{{mem_line}}',
          action: [set({ profile_msg: '', membership_msg: '', membership_error: '', fz_pick: 1 }), go('membership')],
        },
        {
          id: 'profile-clubs',
          title: 'Find a club',
          subtitle: 'Pulsefit {{home_club}} is your home club',
          action: [set({ profile_msg: '', query: '', results: '' }), go('clubs')],
        },
      ],
    },
    button(
      'sign-out',
      'Sign out',
      [
        {
          alert: {
            title: 'Sign out of Pulsefit?',
            message: 'Your bookings stay in place while you’re signed out.',
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
    ...tabBar(),
  ],
};

export const accountScreens: Record<string, Screen> = { membership, clubs, club, profile };
