import type { Action, Screen } from '../../src/virtual/app-model';
import {
  any,
  back,
  button,
  choose,
  empty,
  go,
  input,
  is,
  notice,
  reset,
  set,
  tabRow,
  text,
  toggle,
  validate,
} from './parts';

/** Sign-in, the profile with its editor, and the settings. */

export const ACCOUNT = { email: 'alex@wayfarer.test', password: 'wayfarer1' };

const signIn: Action[] = validate(
  'signin_error',
  [
    [empty('email'), 'Enter your email address'],
    [empty('password'), 'Enter your password'],
  ],
  choose(
    [
      [
        {
          all: [
            any(...[ACCOUNT.email, 'Alex@wayfarer.test', ACCOUNT.email.toUpperCase()].map((e) => is('email', e))),
            is('password', ACCOUNT.password),
          ],
        },
        [set({ signed_in: true, password: '' }), reset('home')],
      ],
    ],
    [set({ signin_error: 'Email or password is incorrect' })],
  ),
);

const signin: Screen = {
  title: 'Sign in',
  hideNavBar: true,
  elements: [
    { type: 'spacer', height: 40 },
    text('app-name', 'Wayfarer', 'title'),
    text('tagline', 'Sign in to book and manage your trips', 'caption'),
    { type: 'spacer', height: 8 },
    input('email', 'email', 'Email', { placeholder: 'you@example.com', maxLength: 100 }),
    input('password', 'password', 'Password', { secure: true, submit: signIn }),
    notice('signin-error', 'signin_error', 'error'),
    button('sign-in', 'Sign in', signIn),
    button(
      'forgot-password',
      'Forgot password?',
      choose(
        [[empty('email'), [set({ signin_error: 'Enter your email address first' })]]],
        [
          set({ signin_error: '' }),
          {
            alert: {
              title: 'Check your inbox',
              message: 'We sent a link to reset your password to {{email}}.',
              buttons: [{ label: 'OK', id: 'alert-ok' }],
            },
          },
        ],
      ),
      'link',
    ),
  ],
};

const profile: Screen = {
  title: 'Profile',
  elements: [
    ...tabRow(),
    notice('profile-notice', 'profile_notice', 'success'),
    text('profile-name', '{{profile_first}} {{profile_last}}', 'headline'),
    text('profile-email', '{{profile_email}}'),
    text('profile-phone', '{{profile_phone}}'),
    text('membership', 'Silver member since 2021', 'caption'),
    button(
      'edit-profile',
      'Edit profile',
      [
        set({
          edit_first: '{{profile_first}}',
          edit_last: '{{profile_last}}',
          edit_phone: '{{profile_phone}}',
          edit_error: '',
          profile_notice: '',
        }),
        go('edit-profile'),
      ],
      'secondary',
    ),
    button(
      'open-settings',
      'Settings',
      [set({ profile_notice: '', settings_notice: '' }), go('settings')],
      'secondary',
    ),
    button(
      'sign-out',
      'Sign out',
      [
        {
          alert: {
            title: 'Sign out of Wayfarer?',
            message: 'Your trips stay saved to your account.',
            buttons: [
              { label: 'Stay signed in', id: 'alert-stay', style: 'cancel' },
              {
                label: 'Sign out',
                id: 'alert-sign-out',
                style: 'destructive',
                action: [set({ signed_in: false, password: '', signin_error: '' }), reset('signin')],
              },
            ],
          },
        },
      ],
      'destructive',
    ),
  ],
};

const editProfile: Screen = {
  title: 'Edit profile',
  elements: [
    input('edit-first', 'edit_first', 'First name'),
    input('edit-last', 'edit_last', 'Last name'),
    input('edit-phone', 'edit_phone', 'Phone', { maxLength: 20 }),
    text('edit-email-note', 'To change your email address, contact support.', 'caption'),
    notice('edit-error', 'edit_error', 'error'),
    button(
      'save-profile',
      'Save changes',
      validate(
        'edit_error',
        [
          [empty('edit_first'), 'Enter your first name'],
          [empty('edit_last'), 'Enter your last name'],
        ],
        [
          set({
            profile_first: '{{edit_first}}',
            profile_last: '{{edit_last}}',
            profile_phone: '{{edit_phone}}',
            profile_notice: 'Your profile has been updated',
          }),
          back,
        ],
      ),
    ),
    button('discard-profile', 'Discard changes', [back], 'link'),
  ],
};

const settings: Screen = {
  title: 'Settings',
  elements: [
    notice('settings-notice', 'settings_notice', 'success'),
    text('notifications-heading', 'Notifications', 'headline'),
    // Price alerts arrive as push notifications: without them, price alerts go off too.
    toggle('push', 'push', 'Push notifications', choose([[is('push', false), [set({ price_alerts: false })]]])),
    { ...toggle('price-alerts', 'price_alerts', 'Price alerts'), enabledIf: is('push', true) },
    text('price-alerts-note', 'Price alerts need push notifications.', 'caption'),
    toggle('email-offers', 'email_offers', 'Email offers'),
    text('security-heading', 'Security', 'headline'),
    toggle('biometric', 'biometric', 'Biometric sign-in'),
    text('privacy-heading', 'Privacy', 'headline'),
    button(
      'clear-history',
      'Clear search history',
      [
        {
          alert: {
            title: 'Clear search history?',
            message: 'Your recent search will be removed from the Search screen.',
            buttons: [
              { label: 'Cancel', id: 'alert-cancel', style: 'cancel' },
              {
                label: 'Clear',
                id: 'alert-clear',
                style: 'destructive',
                action: [
                  set({ recent: '', recent_from: '', recent_to: '', recent_date: '' }),
                  set({ settings_notice: 'Search history cleared' }),
                ],
              },
            ],
          },
        },
      ],
      'secondary',
    ),
    text('currency', 'Prices are shown in euros (€).', 'caption'),
    text('version', 'Wayfarer 3.4.1 (341)', 'caption'),
  ],
};

export const accountScreens: Record<string, Screen> = {
  signin,
  profile,
  'edit-profile': editProfile,
  settings,
};
