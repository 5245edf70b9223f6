import type { Action, Condition, Element, Screen } from '../../src/virtual/app-model';
import { all, any, button, each, go, input, is, not, notice, set, text } from '../model-parts';
import { DROP_OFF_BY, INCOMING, MISSED, SENT, SLOTS, type Parcel } from './data';
import { openParcel } from './screens-home';

/**
 * Tracking a parcel by its number, and a parcel's screen with its timeline: the parcels on their
 * way, the ones sent before and the ones booked in the app.
 */

/** A tracking number as it may be typed: in capitals or in small letters. */
const spelled = (number: string): Condition => any(is('query', number), is('query', number.toLowerCase()));

/** Reads `query` into `results`: the id of the parcel it names, "none", or "blank" for nothing typed. */
const runTrack: Action[] = [
  set({ results: 'none' }),
  ...each([
    ...[...INCOMING, ...SENT].map((p): [Condition, Action[]] => [spelled(p.number), [set({ results: p.id })]]),
    ...SLOTS.map((s): [Condition, Action[]] => [
      all(is(`${s.id}_used`, true), spelled(s.number)),
      [set({ results: s.id })],
    ]),
  ]),
  { if: is('query', ''), then: [set({ results: 'blank' })] },
];

const ALL_IDS = [...INCOMING, ...SENT].map((p) => p.id).concat(SLOTS.map((s) => s.id));

const resultRow = (id: string, title: string, subtitle: string, open: Action[]): Element => ({
  type: 'list',
  id: 'results-list',
  visibleIf: is('results', id),
  items: [{ id: `result-${id}`, title, subtitle, action: open }],
});

const track: Screen = {
  title: 'Track a parcel',
  elements: [
    input('track-field', 'query', 'Tracking number', {
      placeholder: 'e.g. SW10482231',
      maxLength: 20,
      submit: runTrack,
    }),
    button('track-go', 'Track', runTrack, 'primary'),
    {
      ...text('track-hint', 'Enter the tracking number from your receipt or email.', 'caption'),
      visibleIf: is('results', ''),
    },
    {
      type: 'text',
      id: 'track-error',
      text: 'Enter a tracking number',
      style: 'error',
      visibleIf: is('results', 'blank'),
    },
    {
      ...text('results-count', '1 parcel found', 'caption'),
      visibleIf: any(...ALL_IDS.map((id) => is('results', id))),
    },
    ...INCOMING.map((p) => resultRow(p.id, p.who, `${p.number} · {{st_${p.id}}}`, openParcel(p.id, p.who))),
    ...SENT.map((p) => resultRow(p.id, `To ${p.who}`, `${p.number} · ${p.line}`, openParcel(p.id, `To ${p.who}`))),
    ...SLOTS.map((s) =>
      resultRow(s.id, `To {{${s.id}_name}}`, `${s.number} · Booked`, openParcel(s.id, `To {{${s.id}_name}}`)),
    ),
    { ...text('no-results', 'No parcel found for “{{query}}”', 'headline'), visibleIf: is('results', 'none') },
    {
      ...text('no-results-hint', 'Tracking numbers start with SW and have 8 digits, such as SW10482231.', 'caption'),
      visibleIf: is('results', 'none'),
    },
  ],
};

const timeline = (id: string, p: Parcel): Element => ({
  type: 'list',
  id: 'timeline',
  items: p.events.map((e, k) => ({ id: `event-${id}-${k + 1}`, title: e.what, subtitle: e.when })),
});

/** What the parcel screen shows for a parcel on its way or sent before. */
function parcelElements(p: Parcel, incoming: boolean): Element[] {
  const isMissed = p.id === MISSED;
  const booked = is('rd_booked', true);
  const els: Element[] = [
    text('parcel-number', `Tracking number ${p.number}`, 'caption'),
    ...(isMissed
      ? [
          { ...text('parcel-status', p.status, 'title'), visibleIf: not(booked) },
          { ...text('parcel-line', p.line, 'body'), visibleIf: not(booked) },
          { ...text('parcel-status', 'Redelivery booked', 'title'), visibleIf: booked },
          { ...text('parcel-line', 'We’ll deliver on {{rd_when}}.', 'body'), visibleIf: booked },
        ]
      : [text('parcel-status', p.status, 'title'), text('parcel-line', p.line, 'body')]),
    ...(incoming ? [] : [text('parcel-to', `To ${p.who}`, 'body')]),
    ...(isMissed
      ? [
          button(
            'request-redelivery',
            'Request redelivery',
            [set({ rd_day: '', rd_slot: '', rd_error: '', parcel_msg: '' }), go('redelivery')],
            'primary',
            { visibleIf: not(booked) },
          ),
        ]
      : []),
    text('timeline-heading', 'Timeline', 'headline'),
    ...(isMissed
      ? [
          {
            type: 'list' as const,
            id: 'timeline-latest',
            visibleIf: booked,
            items: [{ id: `event-${p.id}-latest`, title: 'Redelivery booked for {{rd_when}}', subtitle: 'Just now' }],
          },
        ]
      : []),
    timeline(p.id, p),
  ];
  return els.map((e) => ({ ...e, visibleIf: e.visibleIf ? all(is('pc', p.id), e.visibleIf) : is('pc', p.id) }));
}

/** What the parcel screen shows for a parcel booked in the app (slot `n`). */
const bookedElements = (n: string, number: string): Element[] =>
  [
    text('parcel-number', `Tracking number ${number}`, 'caption'),
    text('parcel-status', 'Booked', 'title'),
    text('parcel-line', `{{${n}_desc}} · Drop off by ${DROP_OFF_BY}`, 'body'),
    text('parcel-to', `To {{${n}_name}}, {{${n}_pc}}`, 'body'),
    text('timeline-heading', 'Timeline', 'headline'),
    {
      type: 'list' as const,
      id: 'timeline',
      items: [
        { id: `event-${n}-2`, title: 'Waiting for drop-off', subtitle: `Any Shipwise point by ${DROP_OFF_BY}` },
        { id: `event-${n}-1`, title: `Booked and paid, {{${n}_total}}`, subtitle: 'Today · Shipwise app' },
      ],
    },
  ].map((e) => ({ ...e, visibleIf: is('pc', n) }));

const parcel: Screen = {
  title: '{{pc_title}}',
  elements: [
    notice('parcel-message', 'parcel_msg', 'success'),
    ...INCOMING.flatMap((p) => parcelElements(p, true)),
    ...SENT.flatMap((p) => parcelElements(p, false)),
    ...SLOTS.flatMap((s) => bookedElements(s.id, s.number)),
  ],
};

export const parcelScreens: Record<string, Screen> = { track, parcel };
