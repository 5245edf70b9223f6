import type { UiNode } from '../../../../worker/driver';
import type { Observation } from './index';

/** Hand-built screens for the interpreter's form tests: a phone of 393×852 points, one element per call. */
let refs = 0;

/** An element 360 wide and 40 tall at `y` (override with `extra.bounds`), enabled and not focused. */
export const node = (role: string, text: string | null, y: number, extra: Partial<UiNode> = {}): UiNode => ({
  ref: `e${++refs}`,
  role,
  text,
  id: extra.id ?? null,
  bounds: { x: 16, y, width: 360, height: 40 },
  enabled: true,
  focused: false,
  children: [],
  ...extra,
});

/** A screen titled `title` (a navigation bar with that title) holding `children`. */
export function screen(title: string, children: UiNode[]): Observation {
  return {
    screen: { width: 393, height: 852, rotation: 0 },
    tree: node('application', 'App', 0, {
      bounds: { x: 0, y: 0, width: 393, height: 852 },
      children: [
        node('screen', title, 0, {
          bounds: { x: 0, y: 0, width: 393, height: 852 },
          children: [node('navigation_bar', title, 0, { bounds: { x: 0, y: 0, width: 393, height: 56 } }), ...children],
        }),
      ],
    }),
  };
}

/** A field with its label just above it: the label at `y`, the field 45 points below. */
export const labelled = (label: string, id: string, y: number, value = '', extra: Partial<UiNode> = {}): UiNode[] => [
  node('text', label, y),
  node('input', value, y + 45, { id, ...extra }),
];

/** A shop's order form: a name, an email, a quantity and an optional note, then its button. */
export const orderForm = (
  values: Partial<Record<'name' | 'email' | 'qty' | 'note', string>> = {},
  more: UiNode[] = [],
) =>
  screen('Order', [
    ...labelled('Full name', 'full-name', 80, values.name),
    ...labelled('Email', 'contact-email', 170, values.email),
    ...labelled('Quantity', 'qty', 260, values.qty),
    ...labelled('Note (optional)', 'note', 350, values.note),
    ...more,
    node('button', 'Place order', 600, { id: 'place-order' }),
  ]);

/** A log-in form: an email and a password field (the email one focused when asked), then its button. */
export const logInForm = (email = '', password = '', emailFocused = false) =>
  screen('Log in', [
    ...labelled('Email', 'login-email', 100, email, { focused: emailFocused }),
    ...labelled('Password', 'login-password', 190, password),
    node('button', 'Log in', 300, { id: 'log-in' }),
  ]);

/** A chip at (`x`, `y`), 100 wide and 36 tall. */
const chip = (text: string, id: string, x: number, y: number): UiNode =>
  node('button', text, y, { id, bounds: { x, y, width: 100, height: 36 } });

/**
 * A table booking form: party sizes and seating times as chips, a Notes field, an Outdoor seating switch
 * (off unless asked), and its buttons.
 */
export const tableForm = (outdoor = false) =>
  screen('Table for tonight', [
    node('text', 'Party size', 70),
    chip('Two people', 'size-2', 16, 110),
    chip('Four people', 'size-4', 130, 110),
    node('text', 'Seating time', 160),
    chip('18:30', 'time-1830', 16, 200),
    chip('20:15', 'time-2015', 130, 200),
    ...labelled('Notes for the host', 'host-notes', 250),
    node('toggle', 'Outdoor seating', 350, { id: 'outdoor', checked: outdoor }),
    node('button', 'Hold this table', 420, { id: 'hold-table' }),
    node('button', 'Back to venues', 480, { id: 'to-venues' }),
  ]);
