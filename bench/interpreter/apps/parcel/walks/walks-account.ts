import {
  type Walk,
  absent,
  alert,
  alertSays,
  back,
  lastRow,
  off,
  on,
  rowCount,
  rows,
  screen,
  shows,
  sub,
  tap,
  type,
} from '../../../walks/ops';
import {
  EMAIL,
  NO_SAFE,
  SAFE_FRONT,
  addAddress,
  addressesToSend,
  deleteAddress,
  reopenPreferences,
  signIn,
  toAccount,
  toAdd,
  toAddresses,
  toPreferences,
} from './flows';

const SIGN_OUT_MESSAGE = 'Parcels on their way will still arrive. Sign in again to track them.';
const SAVED = ['Home', 'Work', 'Mum'];
const signOut = [tap('sign-out'), tap('alert-sign-out'), screen('Sign in')];
const GRAN = ['Gran', 'Meera Shah', '22 Harbour Lane, Cardiff', 'CF10 1EP'] as const;
/** An address row: its label and its second line. */
const addressRow = (id: string, label: string, line: string) => [
  shows(`address-${id}`, label),
  sub(`address-${id}`, line),
];

/** Cases 71–99: Account, signing out, saved addresses and delivery preferences. */
export const accountWalks: Walk[] = [
  {
    name: "Account shows Priya's profile",
    steps: [signIn, toAccount],
    assertions: [
      [shows('profile-name', 'Priya Shah'), shows('profile-email', EMAIL), shows('profile-phone', '+44 7700 900318')],
      [shows('profile-home', 'Account address: 14 Elm Road, Leeds LS6 2QD')],
      [shows('account-addresses', 'Saved addresses'), sub('account-addresses', '3 saved addresses')],
      [shows('account-preferences', 'Delivery preferences'), sub('account-preferences', SAFE_FRONT)],
      [shows('sign-out', 'Sign out')],
    ],
  },
  {
    name: 'Sign out dialog can be cancelled',
    steps: [
      signIn,
      toAccount,
      [tap('sign-out')],
      [alert('Sign out of Shipwise?'), alertSays(SIGN_OUT_MESSAGE)],
      [tap('alert-cancel')],
    ],
    assertions: [[alert(null), screen('Account'), shows('profile-name', 'Priya Shah')]],
  },
  {
    name: 'Signing out returns to Sign in',
    steps: [signIn, toAccount, signOut],
    assertions: [
      [screen('Sign in'), shows('brand', 'Shipwise')],
      [absent('greeting'), absent('tab-home')],
    ],
  },
  {
    name: 'Sign back in after signing out',
    steps: [signIn, [...toAccount, ...signOut], signIn],
    assertions: [[shows('greeting', 'Hello, Priya'), shows('incoming-count', '4 parcels on their way')]],
  },
  {
    name: 'Saved addresses list',
    steps: [signIn, toAddresses],
    assertions: [
      [shows('address-count', '3 saved addresses')],
      addressRow('home', 'Home', 'Priya Shah · 14 Elm Road, Leeds LS6 2QD'),
      addressRow('work', 'Work', 'Priya Shah · Unit 5, Canal Wharf, Leeds LS11 5PS'),
      addressRow('mum', 'Mum', 'Anita Shah · 3 Birch Close, York YO24 1AB'),
      [shows('add-address', 'Add address')],
    ],
  },
  {
    name: 'Open one saved address',
    steps: [signIn, toAddresses, [tap('address-work')]],
    assertions: [
      [screen('Work')],
      [
        shows('address-name', 'Priya Shah'),
        shows('address-street', 'Unit 5, Canal Wharf, Leeds'),
        shows('address-postcode', 'LS11 5PS'),
      ],
      [shows('delete-address', 'Delete address')],
    ],
  },
  {
    name: 'Cancel deleting an address',
    steps: [
      signIn,
      [...toAddresses, tap('address-work'), screen('Work')],
      [tap('delete-address')],
      [alert('Delete “Work”?'), alertSays('You won’t be able to pick it when you send a parcel.')],
      [tap('alert-cancel'), alert(null)],
      [back, screen('Saved addresses')],
    ],
    assertions: [[shows('address-work', 'Work')], [shows('address-count', '3 saved addresses')]],
  },
  {
    name: 'Delete the Work address',
    steps: [signIn, toAddresses, [tap('address-work'), screen('Work'), tap('delete-address')], [tap('alert-delete')]],
    assertions: [
      [screen('Saved addresses'), shows('addresses-message', '“Work” deleted')],
      [rows('address-', ['Home', 'Mum'])],
      [shows('address-count', '2 saved addresses')],
    ],
  },
  {
    name: 'Deleted address disappears from the Send chips',
    steps: [signIn, [...toAddresses, ...deleteAddress('work', 'Work')], addressesToSend],
    assertions: [[shows('use-home', 'Home · LS6 2QD'), shows('use-mum', 'Mum · YO24 1AB')], [absent('use-work')]],
  },
  {
    name: 'Down to one saved address',
    steps: [signIn, toAddresses, deleteAddress('work', 'Work'), deleteAddress('mum', 'Mum')],
    assertions: [[shows('address-count', '1 saved address')], [rows('address-', ['Home'])]],
  },
  {
    name: 'No saved addresses left',
    steps: [
      signIn,
      toAddresses,
      [...deleteAddress('home', 'Home'), ...deleteAddress('work', 'Work'), ...deleteAddress('mum', 'Mum')],
    ],
    assertions: [[shows('address-count', 'No saved addresses')], [rowCount('address-', 0)]],
  },
  {
    name: 'Add a new address',
    steps: [
      signIn,
      [...toAddresses, ...toAdd],
      [type('address-label', 'Gran')],
      [type('address-full-name', 'Meera Shah')],
      [type('address-street-line', '22 Harbour Lane, Cardiff')],
      [type('address-postcode-field', 'CF10 1EP')],
      [tap('save-address')],
    ],
    assertions: [
      [screen('Saved addresses'), shows('addresses-message', 'Address “Gran” saved')],
      [shows('address-count', '4 saved addresses')],
      [lastRow('address-', 'Gran'), sub('address-x1', 'Meera Shah · 22 Harbour Lane, Cardiff CF10 1EP')],
    ],
  },
  {
    name: 'Added address is offered when sending',
    steps: [
      signIn,
      [...toAddresses, ...addAddress(...GRAN), screen('Saved addresses')],
      addressesToSend,
      [shows('use-x1', 'Gran · CF10 1EP'), tap('use-x1')],
    ],
    assertions: [[shows('recipient-name', 'Meera Shah')], [shows('postcode', 'CF10 1EP')]],
  },
  {
    name: 'Save address with no label',
    steps: [signIn, [...toAddresses, ...toAdd], [shows('address-label', ''), tap('save-address')]],
    assertions: [[shows('address-error', 'Give the address a label')], [screen('Add address')]],
  },
  {
    name: 'Save address with a label already in use',
    steps: [signIn, [...toAddresses, ...toAdd], [type('address-label', 'Home')], [tap('save-address')]],
    assertions: [[shows('address-error', 'You already have an address called “Home”')]],
  },
  {
    name: 'Label check ignores capitals',
    steps: [
      signIn,
      [...toAddresses, ...toAdd],
      [
        type('address-label', 'work'),
        type('address-full-name', 'Priya Shah'),
        type('address-street-line', '1 Park Row, Leeds'),
        type('address-postcode-field', 'LS1 4AP'),
      ],
      [tap('save-address')],
    ],
    // The message repeats the label as typed (CHANGES.md).
    assertions: [[shows('address-error', 'You already have an address called “work”')], [screen('Add address')]],
  },
  {
    name: 'Save address without a name',
    steps: [signIn, [...toAddresses, ...toAdd], [type('address-label', 'Gran')], [tap('save-address')]],
    assertions: [[shows('address-error', 'Enter a name')]],
  },
  {
    name: 'Save address without a street',
    steps: [
      signIn,
      [...toAddresses, ...toAdd],
      [type('address-label', 'Gran'), type('address-full-name', 'Meera Shah')],
      [tap('save-address')],
    ],
    assertions: [[shows('address-error', 'Enter the street address')]],
  },
  {
    name: 'Save address without a postcode',
    steps: [
      signIn,
      [...toAddresses, ...toAdd],
      [
        type('address-label', 'Gran'),
        type('address-full-name', 'Meera Shah'),
        type('address-street-line', '22 Harbour Lane, Cardiff'),
      ],
      [shows('address-postcode-field', ''), tap('save-address')],
    ],
    assertions: [[shows('address-error', 'Enter a postcode')]],
  },
  {
    name: 'Save address with an unknown postcode',
    steps: [
      signIn,
      [...toAddresses, ...toAdd],
      [
        type('address-label', 'Gran'),
        type('address-full-name', 'Meera Shah'),
        type('address-street-line', '22 Harbour Lane, Cardiff'),
        type('address-postcode-field', 'CF99 9ZZ'),
      ],
      [tap('save-address')],
    ],
    assertions: [
      [shows('address-error', 'We can’t find that postcode. Check it and try again.')],
      [screen('Add address'), back, screen('Saved addresses'), rows('address-', SAVED)],
    ],
  },
  {
    name: 'Only two addresses of your own can be added',
    steps: [
      signIn,
      toAddresses,
      [...addAddress(...GRAN), screen('Saved addresses')],
      [...addAddress('Office', 'Priya Shah', '8 King Street, Manchester', 'M1 2AB'), screen('Saved addresses')],
      [shows('address-count', '5 saved addresses')],
      addAddress('Aunt', 'Leela Shah', '4 Quay Street, Newcastle', 'NE1 7RU'),
    ],
    assertions: [
      [screen('Add address'), shows('address-error', 'You can add up to 2 addresses of your own. Delete one first.')],
      [
        back,
        screen('Saved addresses'),
        rows('address-', [...SAVED, 'Gran', 'Office']),
        shows('address-count', '5 saved addresses'),
      ],
    ],
  },
  {
    name: 'Delivery preferences defaults',
    steps: [signIn, toPreferences],
    assertions: [
      [shows('safe-hint', 'Where we may leave a parcel that doesn’t need a signature when no one is in.')],
      [
        shows('safe-porch', 'Front porch'),
        shows('safe-back', 'Back door'),
        shows('safe-garage', 'Garage'),
        shows('safe-neighbour', 'A neighbour'),
        shows('safe-none', 'No safe place'),
      ],
      [shows('safe-selected', SAFE_FRONT)],
      [shows('notify-text', 'Text me when a parcel is out for delivery'), on('notify-text')],
      [shows('notify-email', 'Email me delivery updates'), on('notify-email')],
      [shows('notify-photo', 'Photo when a parcel is left'), off('notify-photo')],
    ],
  },
  {
    name: 'No safe place explains what happens',
    steps: [signIn, toPreferences, [tap('safe-none')]],
    assertions: [[shows('safe-selected', NO_SAFE)]],
  },
  {
    name: 'Saved safe place shows on Account',
    steps: [
      signIn,
      toPreferences,
      [tap('safe-garage')],
      [tap('save-preferences')],
      [shows('preferences-message', 'Preferences saved')],
      [back, screen('Account')],
    ],
    assertions: [[sub('account-preferences', 'Safe place: Garage')]],
  },
  {
    name: 'Unsaved safe place is dropped',
    steps: [
      signIn,
      toPreferences,
      [tap('safe-back'), shows('safe-selected', 'Safe place: Back door')],
      [back, screen('Account')],
    ],
    assertions: [[sub('account-preferences', SAFE_FRONT)]],
  },
  {
    name: 'Unsaved change is gone when reopening preferences',
    steps: [
      signIn,
      toPreferences,
      [tap('safe-neighbour'), tap('notify-email'), off('notify-email')],
      reopenPreferences,
    ],
    assertions: [[shows('safe-selected', SAFE_FRONT)], [on('notify-email')]],
  },
  {
    name: 'Photo notification setting sticks after saving',
    steps: [
      signIn,
      toPreferences,
      [tap('notify-photo'), on('notify-photo')],
      [tap('save-preferences')],
      reopenPreferences,
    ],
    assertions: [[on('notify-photo')], [on('notify-text'), on('notify-email')]],
  },
  {
    name: 'Turning off text alerts sticks after saving',
    steps: [
      signIn,
      toPreferences,
      [tap('notify-text'), off('notify-text')],
      [tap('save-preferences')],
      // Delivery preferences has no tab bar: back to Account, the Home tab, then Account again.
      [back, screen('Account'), tap('tab-home'), screen('Home'), ...toPreferences],
    ],
    assertions: [[off('notify-text')], [on('notify-email')]],
  },
  {
    name: 'No safe place saved and reopened',
    steps: [signIn, toPreferences, [tap('safe-none'), tap('save-preferences')], reopenPreferences],
    assertions: [[shows('safe-selected', NO_SAFE)]],
  },
];
