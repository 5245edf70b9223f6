import type { Action, Element, Screen } from '../../src/virtual/app-model';
import {
  all,
  any,
  back,
  button,
  choose,
  each,
  empty,
  go,
  input,
  is,
  not,
  notice,
  reset,
  set,
  text,
  toggle,
  validate,
} from '../model-parts';
import { ADDRESSES, ADDRESS_SLOTS, NOTIFY, SAFE_PLACES, USER } from './data';
import { chip, knownPostcode, recountAddresses, tabBar } from './parts';

/** Account: the profile, saved addresses (one, adding, deleting), delivery preferences and signing out. */

/** Copies the boolean `from` into `to` (a template would copy the word "true"). */
const copyBool = (from: string, to: string): Action => ({
  if: is(from, true),
  then: [set({ [to]: true })],
  else: [set({ [to]: false })],
});

const openPreferences: Action[] = [
  set({ pf_safe: '{{safe_place}}', pref_msg: '', account_msg: '' }),
  ...NOTIFY.map((n) => copyBool(n.id, `pf_${n.id}`)),
  go('preferences'),
];

const signOut: Action = {
  alert: {
    title: 'Sign out of Shipwise?',
    message: 'Parcels on their way will still arrive. Sign in again to track them.',
    buttons: [
      { label: 'Cancel', id: 'alert-cancel', style: 'cancel' },
      {
        label: 'Sign out',
        id: 'alert-sign-out',
        style: 'destructive',
        action: [set({ signed_in: false, email: '', password: '', account_msg: '' }), reset('signin')],
      },
    ],
  },
};

const account: Screen = {
  title: 'Account',
  elements: [
    notice('account-message', 'account_msg', 'success'),
    text('profile-name', USER.name, 'title'),
    text('profile-email', USER.email, 'body'),
    text('profile-phone', USER.phone, 'body'),
    text('profile-home', `Account address: ${USER.home}`, 'caption'),
    {
      type: 'list',
      id: 'account-links',
      items: [
        {
          id: 'account-addresses',
          title: 'Saved addresses',
          subtitle: '{{addr_count}}',
          action: [set({ addr_msg: '', account_msg: '' }), go('addresses')],
        },
        {
          id: 'account-preferences',
          title: 'Delivery preferences',
          subtitle: 'Safe place: {{safe_label}}',
          action: openPreferences,
        },
      ],
    },
    button('sign-out', 'Sign out', [signOut], 'destructive'),
    ...tabBar(),
  ],
};

const openAddress = (id: string, label: string, name: string, street: string, pc: string): Action[] => [
  set({ ad: id, ad_label: label, ad_name: name, ad_street: street, ad_pc: pc, addr_msg: '' }),
  go('address'),
];

const addresses: Screen = {
  title: 'Saved addresses',
  elements: [
    notice('addresses-message', 'addr_msg', 'success'),
    text('address-count', '{{addr_count}}', 'caption'),
    ...ADDRESSES.map(
      (a): Element => ({
        type: 'list',
        id: 'address-list',
        visibleIf: is(`ad_${a.id}`, true),
        items: [
          {
            id: `address-${a.id}`,
            title: a.label,
            subtitle: `${a.name} · ${a.street}, ${a.town} ${a.postcode}`,
            action: openAddress(a.id, a.label, a.name, `${a.street}, ${a.town}`, a.postcode),
          },
        ],
      }),
    ),
    ...ADDRESS_SLOTS.map(
      (x): Element => ({
        type: 'list',
        id: 'address-list',
        visibleIf: is(`${x}_used`, true),
        items: [
          {
            id: `address-${x}`,
            title: `{{${x}_label}}`,
            subtitle: `{{${x}_name}} · {{${x}_street}} {{${x}_pc}}`,
            action: openAddress(x, `{{${x}_label}}`, `{{${x}_name}}`, `{{${x}_street}}`, `{{${x}_pc}}`),
          },
        ],
      }),
    ),
    button(
      'add-address',
      'Add address',
      [set({ na_label: '', na_name: '', na_street: '', na_pc: '', na_error: '', addr_msg: '' }), go('add-address')],
      'primary',
    ),
  ],
};

const deleteAddress: Action = {
  alert: {
    title: 'Delete “{{ad_label}}”?',
    message: 'You won’t be able to pick it when you send a parcel.',
    buttons: [
      { label: 'Cancel', id: 'alert-cancel', style: 'cancel' },
      {
        label: 'Delete',
        id: 'alert-delete',
        style: 'destructive',
        action: [
          ...each(ADDRESSES.map((a) => [is('ad', a.id), [set({ [`ad_${a.id}`]: false })]])),
          ...each(ADDRESS_SLOTS.map((x) => [is('ad', x), [set({ [`${x}_used`]: false })]])),
          ...recountAddresses,
          set({ addr_msg: '“{{ad_label}}” deleted' }),
          back,
        ],
      },
    ],
  },
};

const address: Screen = {
  title: '{{ad_label}}',
  elements: [
    text('address-name', '{{ad_name}}', 'headline'),
    text('address-street', '{{ad_street}}', 'body'),
    text('address-postcode', '{{ad_pc}}', 'body'),
    button('delete-address', 'Delete address', [deleteAddress], 'destructive'),
  ],
};

/** A label of an address still saved, as typed in any of the usual cases. */
const labelTaken = any(
  ...ADDRESSES.map((a) =>
    all(is(`ad_${a.id}`, true), any(is('na_label', a.label), is('na_label', a.label.toLowerCase()))),
  ),
);

const saveAddress: Action[] = validate(
  'na_error',
  [
    [empty('na_label'), 'Give the address a label'],
    [labelTaken, 'You already have an address called “{{na_label}}”'],
    [empty('na_name'), 'Enter a name'],
    [empty('na_street'), 'Enter the street address'],
    [empty('na_pc'), 'Enter a postcode'],
    [not(knownPostcode('na_pc')), 'We can’t find that postcode. Check it and try again.'],
    [
      all(...ADDRESS_SLOTS.map((x) => is(`${x}_used`, true))),
      'You can add up to 2 addresses of your own. Delete one first.',
    ],
  ],
  choose(
    ADDRESS_SLOTS.map((x) => [
      not(is(`${x}_used`, true)),
      [
        set({
          [`${x}_used`]: true,
          [`${x}_label`]: '{{na_label}}',
          [`${x}_name`]: '{{na_name}}',
          [`${x}_street`]: '{{na_street}}',
          [`${x}_pc`]: '{{na_pc}}',
          addr_msg: 'Address “{{na_label}}” saved',
        }),
        ...recountAddresses,
        back,
      ],
    ]),
  ),
);

const addAddress: Screen = {
  title: 'Add address',
  elements: [
    input('address-label', 'na_label', 'Label', { placeholder: 'e.g. Gran', maxLength: 20 }),
    input('address-full-name', 'na_name', 'Full name', { maxLength: 40 }),
    input('address-street-line', 'na_street', 'Street address', { placeholder: 'House, street, town', maxLength: 60 }),
    input('address-postcode-field', 'na_pc', 'Postcode', { placeholder: 'e.g. LS1 4AP', maxLength: 8 }),
    notice('address-error', 'na_error', 'error'),
    button('save-address', 'Save address', saveAddress, 'primary'),
  ],
};

const savePreferences: Action[] = [
  set({ safe_place: '{{pf_safe}}' }),
  ...each(SAFE_PLACES.map((p) => [is('safe_place', p.id), [set({ safe_label: p.label })]])),
  ...NOTIFY.map((n) => copyBool(`pf_${n.id}`, n.id)),
  set({ pref_msg: 'Preferences saved' }),
];

const preferences: Screen = {
  title: 'Delivery preferences',
  elements: [
    notice('preferences-message', 'pref_msg', 'success'),
    text('safe-heading', 'Safe place', 'headline'),
    text('safe-hint', 'Where we may leave a parcel that doesn’t need a signature when no one is in.', 'caption'),
    ...SAFE_PLACES.map((p) => chip(`safe-${p.id}`, p.label, [set({ pf_safe: p.id, pref_msg: '' })])),
    ...SAFE_PLACES.map(
      (p): Element => ({
        ...text(
          'safe-selected',
          p.id === 'none' ? 'No safe place: we’ll take it back to the depot' : `Safe place: ${p.label}`,
          'caption',
        ),
        visibleIf: is('pf_safe', p.id),
      }),
    ),
    text('notify-heading', 'Notifications', 'headline'),
    ...NOTIFY.map((n) => toggle(`notify-${n.id.slice(2)}`, `pf_${n.id}`, n.label)),
    button('save-preferences', 'Save preferences', savePreferences, 'primary'),
  ],
};

export const accountScreens: Record<string, Screen> = {
  account,
  addresses,
  address,
  'add-address': addAddress,
  preferences,
};
