import {
  type Walk,
  absent,
  back,
  enabled,
  firstRow,
  lastRow,
  notSee,
  present,
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
  GREENLEAF,
  INCOMING,
  PASSWORD,
  bookRedelivery,
  openParcel,
  signIn,
  status,
  toRedelivery,
  when,
} from './flows';

const WRONG = 'Wrong email or password. Check them and try again.';
const RESET = 'If that email has an account, we’ve sent it a link to reset the password.';
const NORTHWIND = ['Out for delivery', 'Arrived at your local depot', 'In transit', 'Collected from Northwind Books'];
const SAT_AFTERNOON = 'Sat 23 Nov, afternoon';

/** Cases 1–25: signing in, Home, a parcel and its timeline, and the redelivery of the missed parcel. */
export const signInParcelsWalks: Walk[] = [
  {
    name: 'Sign in screen on first launch',
    steps: [[screen('Sign in')]],
    assertions: [
      [screen('Sign in'), shows('brand', 'Shipwise'), shows('tagline', 'Send, track and receive parcels.')],
      [shows('email', ''), shows('password', '')],
      [shows('sign-in', 'Sign in'), shows('forgot-password', 'Forgot password?')],
    ],
  },
  {
    name: 'Sign in with both fields left empty',
    steps: [[shows('email', ''), shows('password', '')], [tap('sign-in')]],
    assertions: [
      [shows('email-error', 'Enter your email address')],
      [shows('password-error', 'Enter your password')],
      [screen('Sign in')],
    ],
  },
  {
    name: 'Sign in with only the email filled in',
    steps: [[type('email', EMAIL)], [shows('password', ''), tap('sign-in')]],
    assertions: [[shows('password-error', 'Enter your password')], [absent('email-error')], [screen('Sign in')]],
  },
  {
    name: 'Wrong password is rejected',
    steps: [[type('email', EMAIL)], [type('password', 'ship2023')], [tap('sign-in')]],
    assertions: [[shows('signin-error', WRONG)], [screen('Sign in'), present('sign-in')]],
  },
  {
    name: 'Unknown email is rejected',
    steps: [[type('email', 'raj@shipwise.test'), type('password', PASSWORD)], [tap('sign-in')]],
    assertions: [[shows('signin-error', WRONG)]],
  },
  {
    name: 'Successful sign in opens Home',
    steps: [[type('email', EMAIL)], [type('password', PASSWORD)], [tap('sign-in')]],
    assertions: [
      [screen('Home'), shows('greeting', 'Hello, Priya')],
      [shows('incoming-count', '4 parcels on their way')],
    ],
  },
  {
    name: 'Forgot password shows the reset notice',
    steps: [[type('email', EMAIL)], [tap('forgot-password')]],
    assertions: [[shows('signin-error', RESET)]],
  },
  {
    name: 'App reopens on Home while signed in',
    steps: [signIn, [screen('Home')], [{ relaunch: true }]],
    assertions: [[screen('Home'), absent('sign-in')], [shows('greeting', 'Hello, Priya')]],
  },
  {
    name: 'Home lists the four parcels on their way in order',
    steps: [signIn],
    assertions: [
      [shows('incoming-heading', 'On their way'), rows('parcel-', INCOMING)],
      [shows('parcel-p1', 'Northwind Books'), sub('parcel-p1', 'Out for delivery · Arrives today by 14:00')],
      [shows('parcel-p2', 'Cobble & Co'), sub('parcel-p2', 'In transit · Expected Fri 22 Nov')],
      [shows('parcel-p3', 'Greenleaf Pharmacy'), sub('parcel-p3', 'Delivery attempted · We missed you')],
      [shows('parcel-p4', 'Hartley Electronics'), sub('parcel-p4', 'Label created · Expected Mon 25 Nov')],
    ],
  },
  {
    name: 'Send a parcel button on Home opens the Send form',
    steps: [signIn, [tap('send-parcel')]],
    assertions: [[screen('Send a parcel')], [shows('quote-total', 'Total £4.90')]],
  },
  {
    name: 'Tab bar switches between the main screens',
    steps: [
      signIn,
      [tap('tab-sent'), screen('Sent')],
      [shows('sent-count', '4 bookings')],
      [tap('tab-account'), screen('Account')],
      [shows('profile-name', 'Priya Shah')],
      [tap('tab-send')],
      [screen('Send a parcel')],
      [tap('tab-home')],
    ],
    assertions: [
      [screen('Home'), shows('greeting', 'Hello, Priya'), shows('incoming-count', '4 parcels on their way')],
    ],
  },
  {
    name: 'Northwind Books parcel details and timeline',
    steps: [signIn, [tap('parcel-p1')]],
    assertions: [
      [screen('Northwind Books')],
      [shows('parcel-number', 'Tracking number SW10482231')],
      status('Out for delivery', 'Arrives today by 14:00'),
      [shows('timeline-heading', 'Timeline'), rows('event-p1-', NORTHWIND)],
      [firstRow('event-p1-', 'Out for delivery'), when('event-p1-1', 'Today 07:12 · Leeds delivery office')],
      [lastRow('event-p1-', 'Collected from Northwind Books'), when('event-p1-4', 'Mon 18 Nov 16:25 · Oxford')],
    ],
  },
  {
    name: 'Cobble & Co parcel has three timeline events',
    steps: [signIn, [tap('parcel-p2')]],
    assertions: [
      [screen('Cobble & Co')],
      [shows('parcel-number', 'Tracking number SW10482597')],
      status('In transit', 'Expected Fri 22 Nov'),
      [shows('timeline-heading', 'Timeline'), rowCount('event-p2-', 3)],
      [absent('request-redelivery')],
    ],
  },
  {
    name: 'Greenleaf Pharmacy parcel was missed and offers redelivery',
    steps: [signIn, [tap('parcel-p3'), screen('Greenleaf Pharmacy')]],
    assertions: [
      [shows('parcel-number', 'Tracking number SW10481946')],
      status('Delivery attempted', 'We missed you'),
      [shows('request-redelivery', 'Request redelivery')],
      [firstRow('event-p3-', 'Missed: no one in to sign'), when('event-p3-1', 'Today 11:40 · 14 Elm Road')],
      [rowCount('event-p3-', 4)],
    ],
  },
  {
    name: 'Hartley Electronics parcel has just the label created',
    steps: [signIn, openParcel('p4', 'Hartley Electronics')],
    assertions: [
      [shows('parcel-number', 'Tracking number SW10483012')],
      status('Label created', 'Expected Mon 25 Nov'),
      [rows('event-p4-', ['Label created'])],
      [absent('request-redelivery')],
    ],
  },
  {
    name: 'Redelivery screen before choosing anything',
    steps: [signIn, GREENLEAF, toRedelivery],
    assertions: [
      [screen('Redelivery'), shows('redelivery-parcel', 'Greenleaf Pharmacy · SW10481946')],
      [shows('redelivery-why', 'We tried to deliver today at 11:40. It needs a signature, so someone must be in.')],
      [shows('day-thu', 'Thu 21 Nov'), shows('day-fri', 'Fri 22 Nov'), shows('day-sat', 'Sat 23 Nov')],
      [shows('slot-morning', 'Morning 8:00–12:00'), shows('slot-afternoon', 'Afternoon 12:00–18:00')],
      [shows('day-selected', 'No day chosen'), shows('slot-selected', 'No time chosen')],
    ],
  },
  {
    name: 'Book redelivery with no day chosen',
    steps: [signIn, [...GREENLEAF, ...toRedelivery], [tap('book-redelivery')]],
    assertions: [[shows('redelivery-error', 'Choose a day for the redelivery')], [screen('Redelivery')]],
  },
  {
    name: 'Book redelivery with a day but no time',
    steps: [signIn, [...GREENLEAF, ...toRedelivery], [tap('day-fri')], [tap('book-redelivery')]],
    assertions: [
      [shows('redelivery-error', 'Choose a time for the redelivery')],
      [shows('day-selected', 'Day: Fri 22 Nov')],
    ],
  },
  {
    name: 'Choosing a day updates the day line',
    steps: [
      signIn,
      [...GREENLEAF, ...toRedelivery],
      [tap('day-thu')],
      [shows('day-selected', 'Day: Thu 21 Nov')],
      [tap('day-sat')],
    ],
    assertions: [[shows('day-selected', 'Day: Sat 23 Nov')], [notSee('No day chosen')]],
  },
  {
    name: 'Choosing a time updates the time line',
    steps: [signIn, [...GREENLEAF, ...toRedelivery], [tap('slot-afternoon')]],
    assertions: [[shows('slot-selected', 'Time: afternoon, 12:00–18:00')], [notSee('No time chosen')]],
  },
  {
    name: 'Book a Saturday afternoon redelivery',
    steps: [
      signIn,
      [tap('parcel-p3'), screen('Greenleaf Pharmacy')],
      toRedelivery,
      [tap('day-sat')],
      [tap('slot-afternoon')],
      [tap('book-redelivery')],
    ],
    assertions: [
      [screen('Greenleaf Pharmacy')],
      [shows('parcel-message', `Redelivery booked. We’ll deliver on ${SAT_AFTERNOON}.`)],
      status('Redelivery booked', `We’ll deliver on ${SAT_AFTERNOON}.`),
      [firstRow('event-p3-', `Redelivery booked for ${SAT_AFTERNOON}`), when('event-p3-latest', 'Just now')],
      [absent('request-redelivery')],
    ],
  },
  {
    name: 'Booked redelivery shows on the Home row',
    steps: [
      signIn,
      [...GREENLEAF, ...toRedelivery],
      [tap('day-sat'), tap('slot-afternoon')],
      [tap('book-redelivery'), screen('Greenleaf Pharmacy')],
      [back, screen('Home')],
    ],
    assertions: [
      [sub('parcel-p3', `Redelivery booked · ${SAT_AFTERNOON}`)],
      [
        sub('parcel-p1', 'Out for delivery · Arrives today by 14:00'),
        sub('parcel-p2', 'In transit · Expected Fri 22 Nov'),
        sub('parcel-p4', 'Label created · Expected Mon 25 Nov'),
      ],
    ],
  },
  {
    name: 'Thursday morning redelivery',
    steps: [
      signIn,
      GREENLEAF,
      toRedelivery,
      [tap('day-thu'), tap('slot-morning')],
      [shows('slot-selected', 'Time: morning, 8:00–12:00')],
      [tap('book-redelivery'), screen('Greenleaf Pharmacy')],
    ],
    assertions: [
      [shows('parcel-message', 'Redelivery booked. We’ll deliver on Thu 21 Nov, morning.')],
      [firstRow('event-p3-', 'Redelivery booked for Thu 21 Nov, morning')],
    ],
  },
  {
    name: 'Leaving redelivery without booking changes nothing',
    steps: [signIn, [...GREENLEAF, ...toRedelivery], [tap('day-sat')], [back, screen('Greenleaf Pharmacy')]],
    assertions: [
      status('Delivery attempted', 'We missed you'),
      [present('request-redelivery'), enabled('request-redelivery')],
    ],
  },
  {
    name: 'Booked redelivery persists after reopening the parcel',
    steps: [
      signIn,
      [...GREENLEAF, ...toRedelivery],
      bookRedelivery('fri', 'morning'),
      [back, screen('Home')],
      GREENLEAF,
    ],
    assertions: [
      [shows('parcel-status', 'Redelivery booked')],
      [shows('parcel-line', 'We’ll deliver on Fri 22 Nov, morning.')],
      [absent('request-redelivery')],
    ],
  },
];
