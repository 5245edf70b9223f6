import {
  type Walk,
  absent,
  alert,
  alertSays,
  back,
  enabled,
  notSee,
  rowCount,
  rows,
  screen,
  shows,
  sub,
  tap,
  type,
} from '../../../walks/ops';
import { EMAIL, signIn, value } from './flows';

const RX = [
  'Lisinopril 10 mg tablets',
  'Salbutamol 100 mcg inhaler',
  'Cetirizine 10 mg tablets',
  'Vitamin D 1000 IU capsules',
];
const openRx = (n: number) => [tap('tab-prescriptions'), tap(`rx-${n}`)];
const requestIt = [tap('request-refill'), tap('alert-request')];
const refills = (n: number) => value('rx-refills', String(n));
const LISINOPRIL_DIALOG =
  'We will send Lisinopril 10 mg tablets to Carewell Pharmacy, Northgate. It is usually ready in 2 working days.';
const editProfile = [tap('tab-profile'), tap('edit-profile')];
const save = [tap('save-profile')];

/** Cases 64–84: prescriptions, Profile and editing contact details. */
export const prescriptionsProfileWalks: Walk[] = [
  {
    name: 'Prescriptions list on a fresh install',
    steps: [signIn, [tap('tab-prescriptions')]],
    assertions: [
      [shows('rx-heading', 'Repeat prescriptions')],
      [{ nthRow: 'rx-', n: 1, text: RX[0]! }, sub('rx-1', 'One tablet each morning · 2 refills left')],
      [{ nthRow: 'rx-', n: 2, text: RX[1]! }, sub('rx-2', 'Two puffs when needed · 1 refill left')],
      [{ nthRow: 'rx-', n: 3, text: RX[2]! }, sub('rx-3', 'One tablet daily · No refills left')],
      [{ nthRow: 'rx-', n: 4, text: RX[3]! }, sub('rx-4', 'One capsule daily · 3 refills left')],
      [shows('rx-pharmacy', 'Refills are sent to Carewell Pharmacy, Northgate.')],
    ],
  },
  {
    name: 'Prescription details - Lisinopril',
    steps: [signIn, openRx(1)],
    assertions: [
      [shows('rx-name', RX[0]!), shows('rx-dose', 'One tablet each morning')],
      [
        value('rx-by', 'Dr Priya Shah'),
        value('rx-filled', '2 Mar'),
        refills(2),
        value('rx-pharmacy-row', 'Carewell Pharmacy, Northgate'),
      ],
      [enabled('request-refill')],
    ],
  },
  {
    name: 'Refill dialog text and Not now',
    steps: [
      signIn,
      openRx(1),
      [tap('request-refill'), alert('Request a refill?'), alertSays(LISINOPRIL_DIALOG)],
      [tap('alert-not-now')],
    ],
    assertions: [
      // The dialog was read at step 3.
      [],
      [refills(2), shows('request-refill', 'Request refill'), absent('rx-detail-notice'), absent('rx-status')],
      [back, sub('rx-1', 'One tablet each morning · 2 refills left')],
    ],
  },
  {
    name: 'Request a refill for Lisinopril',
    steps: [signIn, openRx(1), requestIt],
    assertions: [
      [shows('rx-detail-notice', 'Refill requested for Lisinopril 10 mg tablets')],
      [refills(1)],
      [absent('request-refill'), shows('rx-status', 'Refill requested')],
    ],
  },
  {
    name: 'Refill requested shows on the Prescriptions list',
    steps: [signIn, [...openRx(4), ...requestIt], [back]],
    assertions: [
      [sub('rx-4', 'One capsule daily · Refill requested')],
      [
        sub('rx-1', 'One tablet each morning · 2 refills left'),
        sub('rx-2', 'Two puffs when needed · 1 refill left'),
        sub('rx-3', 'One tablet daily · No refills left'),
      ],
    ],
  },
  {
    name: 'Vitamin D refill takes one off the count',
    steps: [signIn, openRx(4), [value('rx-by', 'Dr Priya Shah'), value('rx-filled', '5 Jan'), refills(3)], requestIt],
    assertions: [
      // "Before" was read at step 3.
      [],
      [refills(2), shows('rx-detail-notice', 'Refill requested for Vitamin D 1000 IU capsules')],
    ],
  },
  {
    name: 'Requesting the last refill of Salbutamol',
    steps: [
      signIn,
      [...openRx(2), value('rx-by', 'Dr Daniel Okafor'), value('rx-filled', '18 Feb'), refills(1)],
      requestIt,
    ],
    assertions: [
      // "Before" was read at step 2, on opening it.
      [],
      [refills(0), shows('rx-status', 'Refill requested')],
      [shows('rx-detail-notice', 'Refill requested for Salbutamol 100 mcg inhaler')],
      [back, sub('rx-2', 'Two puffs when needed · Refill requested')],
    ],
  },
  {
    name: "Prescription with no refills left can't be requested",
    steps: [signIn, openRx(3), [{ tryTap: 'request-refill' }]],
    assertions: [
      [value('rx-by', 'Dr Marcus Webb'), value('rx-filled', '30 Jan'), refills(0)],
      [enabled('request-refill', false), alert(null)],
      [shows('rx-no-refills', 'No refills left. Book an appointment with your GP to renew this prescription.')],
    ],
  },
  {
    name: 'Refill state survives switching screens',
    steps: [
      signIn,
      [...openRx(1), ...requestIt],
      // The top links are on Prescriptions, not on a prescription: back first.
      [back, tap('tab-home'), tap('tab-prescriptions')],
      [tap('rx-1')],
    ],
    assertions: [
      [back, sub('rx-1', 'One tablet each morning · Refill requested'), tap('rx-1')],
      [refills(1), shows('rx-status', 'Refill requested'), absent('request-refill')],
    ],
  },
  {
    name: 'Back arrow from a prescription returns to the list',
    steps: [signIn, [...openRx(2), back]],
    assertions: [[screen('Prescriptions'), rowCount('rx-', 4), rows('rx-', RX)]],
  },
  {
    name: "Profile shows Sam's details and app version",
    steps: [signIn, [tap('tab-profile')], []],
    assertions: [
      [shows('profile-name', 'Sam Rivera'), shows('profile-email', EMAIL)],
      [value('profile-born', '12 August 1988'), value('profile-nhs', '943 476 5919')],
      [
        value('profile-phone', '07700 900418'),
        value('profile-address', '14 Willow Lane, Leeds'),
        value('profile-postcode', 'LS6 2QT'),
      ],
      [value('profile-practice', 'Carewell Northgate')],
      [
        shows('edit-profile', 'Edit profile'),
        shows('open-settings', 'Settings'),
        shows('sign-out', 'Sign out'),
        shows('version', 'Carewell 3.1.0 (310)'),
      ],
    ],
  },
  {
    name: 'Edit profile is pre-filled',
    steps: [signIn, editProfile],
    assertions: [
      [shows('edit-intro', 'Your clinic uses these details to contact you.')],
      [
        shows('edit-phone', '07700 900418'),
        shows('edit-address', '14 Willow Lane, Leeds'),
        shows('edit-postcode', 'LS6 2QT'),
      ],
      [shows('save-profile', 'Save')],
    ],
  },
  {
    name: 'Update phone and postcode',
    steps: [signIn, editProfile, [type('edit-phone', '07700 900555'), type('edit-postcode', 'LS6 3AB')], save],
    assertions: [
      [screen('Profile'), shows('profile-notice', 'Profile updated')],
      [
        value('profile-phone', '07700 900555'),
        value('profile-postcode', 'LS6 3AB'),
        value('profile-address', '14 Willow Lane, Leeds'),
      ],
      [
        value('profile-born', '12 August 1988'),
        value('profile-nhs', '943 476 5919'),
        value('profile-practice', 'Carewell Northgate'),
      ],
    ],
  },
  {
    name: 'Change address',
    steps: [
      signIn,
      editProfile,
      [
        type('edit-address', '22 Oak Road, Leeds'),
        ...save,
        shows('profile-notice', 'Profile updated'),
        value('profile-address', '22 Oak Road, Leeds'),
      ],
      [tap('edit-profile')],
    ],
    // Profile was read at step 3, after Save.
    assertions: [[], [shows('edit-address', '22 Oak Road, Leeds')]],
  },
  {
    name: 'Empty phone is rejected',
    steps: [signIn, editProfile, [type('edit-phone', ''), ...save]],
    assertions: [
      [shows('edit-error', 'Enter your phone number'), screen('Edit profile')],
      [back, screen('Profile'), value('profile-phone', '07700 900418')],
    ],
  },
  {
    name: 'Empty address is rejected',
    steps: [signIn, [...editProfile, type('edit-address', ''), ...save]],
    assertions: [[shows('edit-error', 'Enter your address')]],
  },
  {
    name: 'Empty postcode is rejected',
    steps: [signIn, [...editProfile, type('edit-postcode', ''), ...save]],
    assertions: [[shows('edit-error', 'Enter your postcode'), notSee('Profile updated')]],
  },
  {
    name: 'All fields empty - phone checked first',
    steps: [signIn, editProfile, [type('edit-phone', ''), type('edit-address', ''), type('edit-postcode', '')], save],
    assertions: [
      [shows('edit-error', 'Enter your phone number'), notSee('Enter your address'), notSee('Enter your postcode')],
    ],
  },
  {
    name: 'Address and postcode empty - address checked before postcode',
    steps: [
      signIn,
      [
        ...editProfile,
        type('edit-address', ''),
        type('edit-postcode', ''),
        shows('edit-phone', '07700 900418'),
        ...save,
      ],
    ],
    assertions: [[shows('edit-error', 'Enter your address')]],
  },
  {
    name: 'Back out of Edit profile discards changes',
    steps: [signIn, editProfile, [type('edit-phone', '07700 900999')], [back]],
    assertions: [[screen('Profile'), value('profile-phone', '07700 900418'), notSee('Profile updated')]],
  },
  {
    name: 'Profile updated message clears when switching away',
    steps: [signIn, [...editProfile, type('edit-postcode', 'LS1 4AB'), ...save], [tap('tab-home'), tap('tab-profile')]],
    assertions: [[notSee('Profile updated'), value('profile-postcode', 'LS1 4AB')]],
  },
];
