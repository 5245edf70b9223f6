import type { Element, Screen } from '../../src/virtual/app-model';
import { all, button, choose, empty, go, input, is, not, notice, reset, set, text, toggle } from '../model-parts';
import { HOUSEHOLD, MODES, ROOMS, SCENES, THERMO, USER, type Light, type Plug, type Room } from './data';
import { chip, recount, runScene, stepLevel, stepTarget, tabBar } from './parts';

/** Signing in, Home with its rooms and scenes, and a room's devices. */

const signin: Screen = {
  title: 'Sign in',
  hideNavBar: true,
  elements: [
    text('brand', 'Homely', 'title'),
    text('tagline', 'Your whole home, in one place.', 'caption'),
    input('email', 'email', 'Email', { placeholder: 'you@example.com' }),
    notice('email-error', 'email_error', 'error'),
    input('password', 'password', 'Password', { secure: true }),
    notice('password-error', 'password_error', 'error'),
    notice('signin-error', 'signin_error', 'error'),
    button(
      'sign-in',
      'Sign in',
      [
        set({ email_error: '', password_error: '', signin_error: '' }),
        { if: empty('email'), then: [set({ email_error: 'Enter your email address' })] },
        { if: empty('password'), then: [set({ password_error: 'Enter your password' })] },
        {
          if: all(not(empty('email')), not(empty('password'))),
          then: choose(
            [
              [
                all(is('email', USER.email), is('password', USER.password)),
                [set({ signed_in: true, password: '' }), reset('home')],
              ],
            ],
            [set({ signin_error: 'That email and password don’t match. Try again.' })],
          ),
        },
      ],
      'primary',
    ),
    button(
      'forgot-password',
      'Forgot password?',
      [set({ signin_error: 'We’ve sent a reset link to your email if it’s registered' })],
      'link',
    ),
  ],
};

const home: Screen = {
  title: 'Home',
  elements: [
    text('greeting', 'Good evening, {{user_first}}', 'title'),
    text('household', `${HOUSEHOLD} · Indoor {{in_label}}`, 'caption'),
    { ...text('away-banner', 'Away mode is on', 'headline'), visibleIf: is('set_away', true) },
    notice('home-message', 'home_msg', 'success'),
    text('scenes-heading', 'Scenes', 'headline'),
    ...SCENES.map((s) => chip(`scene-chip-${s.id}`, s.name, runScene(s, 'home_msg'))),
    text('rooms-heading', 'Rooms', 'headline'),
    {
      type: 'list',
      id: 'room-list',
      items: ROOMS.map((r) => ({
        id: `room-${r.id}`,
        title: r.name,
        subtitle: `{{sum_${r.id}}}`,
        action: [set({ room: r.id, room_name: r.name, home_msg: '' }), go('room')],
      })),
    },
    button('open-schedules', 'Schedules', [set({ home_msg: '' }), go('schedules')], 'secondary'),
    button('open-activity', 'Recent activity', [set({ home_msg: '' }), go('activity')], 'secondary'),
    ...tabBar(),
  ],
};

const dash = (id: string) => id.replace(/_/g, '-');

function lightControls(r: Room, l: Light): Element[] {
  const id = dash(l.id);
  const on = is(`on_${l.id}`, true);
  return [
    toggle(`light-${id}`, `on_${l.id}`, l.name, recount(r)),
    text(`light-${id}-level`, `Brightness {{br_${l.id}}}%`, 'caption'),
    {
      type: 'button',
      id: `light-${id}-minus`,
      label: '−',
      accessibilityLabel: `Dim ${l.name}`,
      style: 'secondary',
      size: 'small',
      enabledIf: on,
      action: stepLevel(l.id, -10),
    },
    {
      type: 'button',
      id: `light-${id}-plus`,
      label: '+',
      accessibilityLabel: `Brighten ${l.name}`,
      style: 'secondary',
      size: 'small',
      enabledIf: on,
      action: stepLevel(l.id, 10),
    },
  ];
}

const plugControls = (p: Plug): Element[] => [
  toggle(`plug-${dash(p.id)}`, `on_${p.id}`, p.name),
  {
    ...text(`plug-${dash(p.id)}-status`, `Smart plug · on · ${p.watts} now`, 'caption'),
    visibleIf: is(`on_${p.id}`, true),
  },
  { ...text(`plug-${dash(p.id)}-status`, 'Smart plug · off', 'caption'), visibleIf: is(`on_${p.id}`, false) },
];

const thermostat = (): Element[] => {
  const off = is('t_mode', 'off');
  return [
    text('thermo-heading', THERMO.name, 'headline'),
    text('thermo-indoor', 'Indoor {{in_label}}', 'caption'),
    text('thermo-target', '{{t_label}}', 'title'),
    {
      type: 'button',
      id: 'thermo-minus',
      label: '−',
      accessibilityLabel: 'Lower target temperature',
      style: 'secondary',
      size: 'small',
      enabledIf: not(off),
      action: stepTarget(-1),
    },
    {
      type: 'button',
      id: 'thermo-plus',
      label: '+',
      accessibilityLabel: 'Raise target temperature',
      style: 'secondary',
      size: 'small',
      enabledIf: not(off),
      action: stepTarget(1),
    },
    text('mode-heading', 'Mode', 'caption'),
    ...MODES.map((m) => chip(`mode-${m.id}`, m.label, [set({ t_mode: m.id })])),
    { ...text('thermo-status', 'Heating to {{t_label}}', 'body'), visibleIf: is('t_mode', 'heat') },
    { ...text('thermo-status', 'Cooling to {{t_label}}', 'body'), visibleIf: is('t_mode', 'cool') },
    { ...text('thermo-status', 'Thermostat is off', 'body'), visibleIf: off },
  ];
};

const roomElements = (r: Room): Element[] =>
  [
    text('room-summary', `{{sum_${r.id}}}`, 'caption'),
    text('lights-heading', 'Lights', 'headline'),
    ...r.lights.flatMap((l) => lightControls(r, l)),
    ...(r.plugs.length ? [text('plugs-heading', 'Plugs', 'headline'), ...r.plugs.flatMap(plugControls)] : []),
    ...(r.thermostat ? thermostat() : []),
  ].map((e) => ({ ...e, visibleIf: e.visibleIf ? all(is('room', r.id), e.visibleIf) : is('room', r.id) }));

const room: Screen = {
  title: '{{room_name}}',
  elements: [...ROOMS.flatMap(roomElements)],
};

export const homeScreens: Record<string, Screen> = { signin, home, room };
