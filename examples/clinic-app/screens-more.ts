import type { Action, Screen } from '../../src/virtual/app-model';
import {
  all,
  back,
  button,
  empty,
  go,
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
import { PATIENT, PHARMACY, PRESCRIPTIONS, type Prescription } from './data';
import { step, tabRow } from './parts';

/** Prescriptions and refills, the Profile, editing contact details and Settings. */

const prescriptions: Screen = {
  title: 'Prescriptions',
  elements: [
    ...tabRow(),
    text('rx-heading', 'Repeat prescriptions', 'headline'),
    notice('rx-notice', 'rx_notice', 'success'),
    {
      type: 'list',
      id: 'rx-list',
      items: PRESCRIPTIONS.map((p) => ({
        id: `rx-${p.n}`,
        title: p.name,
        subtitle: `${p.dose} · {{rx${p.n}_status}}`,
        action: [
          set({
            v_rx: p.n,
            v_rx_name: p.name,
            v_rx_dose: p.dose,
            v_rx_by: p.by,
            v_rx_filled: p.lastFilled,
            rx_notice: '',
          }),
          go('prescription'),
        ],
      })),
    },
    text('rx-pharmacy', `Refills are sent to ${PHARMACY}.`, 'caption'),
  ],
};

/** Asks to refill prescription `p`: one refill fewer, and its status says it is requested. */
const requestRefill = (p: Prescription): Action[] => [
  {
    alert: {
      title: 'Request a refill?',
      message: `We will send ${p.name} to ${PHARMACY}. It is usually ready in 2 working days.`,
      buttons: [
        { label: 'Not now', id: 'alert-not-now', style: 'cancel' },
        {
          label: 'Request',
          id: 'alert-request',
          action: [
            ...step(`rx${p.n}_refills`, -1, 3),
            set({
              [`rx${p.n}_requested`]: true,
              [`rx${p.n}_status`]: 'Refill requested',
              rx_notice: `Refill requested for ${p.name}`,
            }),
          ],
        },
      ],
    },
  },
];

const prescription: Screen = {
  title: 'Prescription',
  elements: [
    text('rx-name', '{{v_rx_name}}', 'headline'),
    text('rx-dose', '{{v_rx_dose}}', 'body'),
    notice('rx-detail-notice', 'rx_notice', 'success'),
    ...row('rx-by', 'Prescribed by', '{{v_rx_by}}'),
    ...row('rx-filled', 'Last filled', '{{v_rx_filled}}'),
    ...PRESCRIPTIONS.flatMap((p) =>
      row('rx-refills', 'Refills left', `{{rx${p.n}_refills}}`).map((e) => ({ ...e, visibleIf: is('v_rx', p.n) })),
    ),
    ...row('rx-pharmacy-row', 'Pharmacy', PHARMACY),
    ...PRESCRIPTIONS.flatMap((p) => [
      button('request-refill', 'Request refill', requestRefill(p), 'primary', {
        visibleIf: all(is('v_rx', p.n), is(`rx${p.n}_requested`, false)),
        enabledIf: { not: is(`rx${p.n}_refills`, 0) },
      }),
      {
        type: 'text' as const,
        id: 'rx-status',
        text: 'Refill requested',
        visibleIf: all(is('v_rx', p.n), is(`rx${p.n}_requested`, true)),
      },
      {
        type: 'text' as const,
        id: 'rx-no-refills',
        style: 'caption' as const,
        text: 'No refills left. Book an appointment with your GP to renew this prescription.',
        visibleIf: all(is('v_rx', p.n), is(`rx${p.n}_refills`, 0), is(`rx${p.n}_requested`, false)),
      },
    ]),
  ],
};

const profile: Screen = {
  title: 'Profile',
  elements: [
    ...tabRow(),
    text('profile-name', PATIENT.name, 'headline'),
    text('profile-email', PATIENT.email, 'caption'),
    notice('profile-notice', 'profile_notice', 'success'),
    ...row('profile-born', 'Date of birth', PATIENT.born),
    ...row('profile-nhs', 'NHS number', PATIENT.nhs),
    ...row('profile-phone', 'Phone', '{{phone}}'),
    ...row('profile-address', 'Address', '{{address}}'),
    ...row('profile-postcode', 'Postcode', '{{postcode}}'),
    ...row('profile-practice', 'Registered clinic', 'Carewell Northgate'),
    button(
      'edit-profile',
      'Edit profile',
      [
        set({
          e_phone: '{{phone}}',
          e_address: '{{address}}',
          e_postcode: '{{postcode}}',
          e_error: '',
          profile_notice: '',
        }),
        go('edit-profile'),
      ],
      'secondary',
    ),
    button('open-settings', 'Settings', [set({ profile_notice: '' }), go('settings')], 'secondary'),
    button(
      'sign-out',
      'Sign out',
      [
        {
          alert: {
            title: 'Sign out?',
            message: 'You will need your email and password to sign in again.',
            buttons: [
              { label: 'Cancel', id: 'alert-cancel', style: 'cancel' },
              {
                label: 'Sign out',
                id: 'alert-sign-out',
                style: 'destructive',
                action: [
                  set({ signed_in: false, password: '', signin_error: '', email_error: '', password_error: '' }),
                  reset('signin'),
                ],
              },
            ],
          },
        },
      ],
      'destructive',
    ),
    text('version', 'Carewell 3.1.0 (310)', 'caption'),
  ],
};

const saveProfile: Action[] = validate(
  'e_error',
  [
    [empty('e_phone'), 'Enter your phone number'],
    [empty('e_address'), 'Enter your address'],
    [empty('e_postcode'), 'Enter your postcode'],
  ],
  [
    set({
      phone: '{{e_phone}}',
      address: '{{e_address}}',
      postcode: '{{e_postcode}}',
      profile_notice: 'Profile updated',
    }),
    back,
  ],
);

const editProfile: Screen = {
  title: 'Edit profile',
  elements: [
    text('edit-intro', 'Your clinic uses these details to contact you.', 'caption'),
    input('edit-phone', 'e_phone', 'Phone', { maxLength: 20 }),
    input('edit-address', 'e_address', 'Address', { maxLength: 60 }),
    input('edit-postcode', 'e_postcode', 'Postcode', { maxLength: 8, submit: saveProfile }),
    notice('edit-error', 'e_error', 'error'),
    button('save-profile', 'Save', saveProfile, 'primary'),
  ],
};

const settings: Screen = {
  title: 'Settings',
  elements: [
    text('notifications-heading', 'Notifications', 'headline'),
    toggle('appointment-reminders', 'reminders', 'Appointment reminders'),
    text('reminders-note', 'A reminder the day before each appointment.', 'caption'),
    toggle('email-updates', 'email_updates', 'Email updates'),
    text('email-note', 'News from your clinic, at most once a month.', 'caption'),
    text('security-heading', 'Security', 'headline'),
    toggle('face-id', 'face_id', 'Sign in with Face ID', [
      {
        if: is('face_id', true),
        then: [
          set({ face_id: false }),
          {
            alert: {
              title: 'Use Face ID to sign in?',
              message: 'Carewell will use Face ID instead of your password when you open the app.',
              buttons: [
                { label: 'Not now', id: 'alert-not-now', style: 'cancel' },
                { label: 'Turn on', id: 'alert-turn-on', action: [set({ face_id: true })] },
              ],
            },
          },
        ],
      },
    ]),
    button('settings-done', 'Done', [back], 'link'),
  ],
};

export const moreScreens: Record<string, Screen> = {
  prescriptions,
  prescription,
  profile,
  'edit-profile': editProfile,
  settings,
};
