import { type Op, back, screen, shows, sub, tap, type } from '../../../walks/ops';

/**
 * Shipwise's ways through its screens that many cases share (ids of `examples/parcel-app/`).
 * Tabs `tab-home`, `tab-send`, `tab-sent`, `tab-account`. Home's rows `parcel-<p1|p2|p3|p4>`
 * (Northwind Books, Cobble & Co, Greenleaf Pharmacy, Hartley Electronics); a parcel's
 * `parcel-number`, `parcel-status`, `parcel-line`, `parcel-to` and timeline `event-<id>-<n>` (1 the
 * newest; `event-p3-latest` once a redelivery is booked); Redelivery's `day-<thu|fri|sat>`,
 * `slot-<morning|afternoon>`; Track's `track-field`, `track-go`, `result-<id>`; Send's `use-<home|
 * work|mum|x1|x2>`, `recipient-name`, `postcode`, `size-<small|medium|large>`, `qty-minus|value|
 * plus`, `extra-cover`, `quote-*`, `continue`; Review and pay's `review-<to|size|total|card>-value`;
 * Sent's `sent-<n1…n3|s1…s4>`; addresses `address-<home|work|mum|x1|x2>`; preferences
 * `safe-<porch|back|garage|neighbour|none>` and `notify-<text|email|photo>`.
 */

export const EMAIL = 'priya@shipwise.test';
export const PASSWORD = 'ship2024';

/** Email, password, Sign in, and Home is open. */
export const signIn: Op[] = [type('email', EMAIL), type('password', PASSWORD), tap('sign-in'), screen('Home')];

export const INCOMING = ['Northwind Books', 'Cobble & Co', 'Greenleaf Pharmacy', 'Hartley Electronics'];
export const SENT = ['To Jordan Lee', 'To Anita Shah', 'To Vintage Finds Returns', 'To Sam Okafor'];

/** From Home: a parcel on its way, by its row. */
export const openParcel = (id: string, title: string): Op[] => [tap(`parcel-${id}`), screen(title)];
export const GREENLEAF = openParcel('p3', 'Greenleaf Pharmacy');
/** From Greenleaf Pharmacy's screen. */
export const toRedelivery: Op[] = [tap('request-redelivery'), screen('Redelivery')];
/** From Redelivery: a day and a time, Book redelivery, and the parcel again. */
export const bookRedelivery = (day: string, slot: string): Op[] => [
  tap(`day-${day}`),
  tap(`slot-${slot}`),
  tap('book-redelivery'),
  screen('Greenleaf Pharmacy'),
];

/** A parcel's status and the line under it. */
export const status = (s: string, line: string): Op[] => [shows('parcel-status', s), shows('parcel-line', line)];
/** A timeline event's second line (when and where). */
export const when = (id: string, text: string): Op => sub(id, text);

/** From Home: Track a parcel. */
export const toTrack: Op[] = [tap('open-track'), screen('Track a parcel')];
export const track = (number: string): Op[] => [type('track-field', number), tap('track-go')];

/** From a screen with the tab bar: the Send tab. */
export const toSend: Op[] = [tap('tab-send'), screen('Send a parcel')];
export const recipient = (name: string, postcode: string): Op[] => [
  type('recipient-name', name),
  type('postcode', postcode),
];
export const plus = (times: number): Op[] => Array.from({ length: times }, () => tap('qty-plus'));
/** The quote's three lines. */
export const quote = (postage: string, cover: string, total: string): Op[] => [
  shows('quote-postage', postage),
  shows('quote-cover', cover),
  shows('quote-total', `Total ${total}`),
];
export const toReview: Op[] = [tap('continue'), screen('Review and pay')];
/** From Review and pay: Pay (naming the amount when given), Pay in the dialog, Parcel booked. */
export const pay = (amount?: string): Op[] => [
  ...(amount ? [shows('pay', `Pay ${amount}`)] : []),
  tap('pay'),
  tap('alert-pay'),
  screen('Parcel booked'),
];

/** From a screen with the tab bar: a booking made and paid, Parcel booked open. */
export const book = (
  name: string,
  postcode: string,
  size: 'small' | 'medium' | 'large',
  qty = 1,
  cover = false,
  amount?: string,
): Op[] => [
  ...toSend,
  ...recipient(name, postcode),
  tap(`size-${size}`),
  ...plus(qty - 1),
  ...(cover ? [tap('extra-cover')] : []),
  ...toReview,
  ...pay(amount),
];
export const done: Op[] = [tap('booked-done'), screen('Home')];

export const toAccount: Op[] = [tap('tab-account'), screen('Account')];
/** From a screen with the tab bar: Account, then Saved addresses. */
export const toAddresses: Op[] = [...toAccount, tap('account-addresses'), screen('Saved addresses')];
export const toAdd: Op[] = [tap('add-address'), screen('Add address')];
/** From Saved addresses: Add address, its four fields and Save address (the form stays open if refused). */
export const addAddress = (label: string, name: string, street: string, postcode: string): Op[] => [
  ...toAdd,
  type('address-label', label),
  type('address-full-name', name),
  type('address-street-line', street),
  type('address-postcode-field', postcode),
  tap('save-address'),
];
/** From Saved addresses: an address, Delete address, Delete, and the list again. */
export const deleteAddress = (id: string, title: string): Op[] => [
  tap(`address-${id}`),
  screen(title),
  tap('delete-address'),
  tap('alert-delete'),
  screen('Saved addresses'),
];
/** From Saved addresses (no tab bar): back to Account, then the Send tab. */
export const addressesToSend: Op[] = [back, screen('Account'), ...toSend];

/** From a screen with the tab bar: Account, then Delivery preferences. */
export const toPreferences: Op[] = [...toAccount, tap('account-preferences'), screen('Delivery preferences')];
export const reopenPreferences: Op[] = [
  back,
  screen('Account'),
  tap('account-preferences'),
  screen('Delivery preferences'),
];
export const SAFE_FRONT = 'Safe place: Front porch';
export const NO_SAFE = 'No safe place: we’ll take it back to the depot';
