import { type Walk, absent, back, enabled, off, on, present, screen, shows, tap } from '../../../walks/ops';
import { homeRow, light, room, signIn, thermo, times } from './flows';

/** Cases 15–33: the rooms' lights, plugs and thermostat. */
export const roomsWalks: Walk[] = [
  {
    name: 'Back from a room returns to Home with updated row',
    steps: [signIn, room('bedroom', 'Bedroom'), [tap('light-bd-bedside'), on('light-bd-bedside')], [back]],
    assertions: [[screen('Home')], [homeRow('bedroom', '2 devices · 1 light on')]],
  },
  {
    name: 'Living Room initial state',
    steps: [signIn, room('living', 'Living Room')],
    assertions: [
      [screen('Living Room'), shows('room-summary', '4 devices · 2 lights on')],
      light('lr-ceiling', true, 80),
      light('lr-floor', true, 40),
      [...light('lr-tv', false, 60), enabled('light-lr-tv-minus', false), enabled('light-lr-tv-plus', false)],
      [shows('thermo-heading', 'Thermostat'), ...thermo('21°C', 'Heating to 21°C')],
    ],
  },
  {
    name: 'Brighten a light up to 100% and it stops there',
    steps: [
      signIn,
      [...room('living', 'Living Room'), present('light-lr-ceiling')],
      [
        ...times(2, 'light-lr-ceiling-plus'),
        shows('light-lr-ceiling-level', 'Brightness 100%'),
        tap('light-lr-ceiling-plus'),
      ],
    ],
    assertions: [
      [shows('light-lr-ceiling-level', 'Brightness 100%')],
      [shows('light-lr-ceiling-level', 'Brightness 100%')],
    ],
  },
  {
    name: 'Dim a light down to the 10% minimum',
    steps: [
      signIn,
      room('living', 'Living Room'),
      [...times(3, 'light-lr-floor-minus'), shows('light-lr-floor-level', 'Brightness 10%')],
      [tap('light-lr-floor-minus')],
    ],
    assertions: [[shows('light-lr-floor-level', 'Brightness 10%')], [on('light-lr-floor')]],
  },
  {
    name: 'Switch on TV backlight updates the room line',
    steps: [signIn, room('living', 'Living Room'), [tap('light-lr-tv'), on('light-lr-tv')]],
    assertions: [
      [shows('room-summary', '4 devices · 3 lights on')],
      [enabled('light-lr-tv-minus'), enabled('light-lr-tv-plus'), shows('light-lr-tv-level', 'Brightness 60%')],
    ],
  },
  {
    name: 'Switching a light off greys out dim/brighten',
    steps: [signIn, room('living', 'Living Room'), [tap('light-lr-ceiling'), off('light-lr-ceiling')]],
    assertions: [
      [enabled('light-lr-ceiling-minus', false), enabled('light-lr-ceiling-plus', false)],
      [shows('room-summary', '4 devices · 1 light on')],
    ],
  },
  {
    name: 'Light keeps its brightness when switched back on',
    steps: [
      signIn,
      [...room('living', 'Living Room'), tap('light-lr-floor-plus'), shows('light-lr-floor-level', 'Brightness 50%')],
      [tap('light-lr-floor'), off('light-lr-floor')],
      [tap('light-lr-floor'), on('light-lr-floor')],
    ],
    assertions: [[shows('light-lr-floor-level', 'Brightness 50%')]],
  },
  {
    name: 'Turning off all living room lights',
    steps: [
      signIn,
      [
        ...room('living', 'Living Room'),
        tap('light-lr-ceiling'),
        tap('light-lr-floor'),
        off('light-lr-ceiling'),
        off('light-lr-floor'),
        shows('room-summary', '4 devices · All lights off'),
      ],
      [back, screen('Home')],
    ],
    assertions: [[], [homeRow('living', '4 devices · All lights off')]],
  },
  {
    name: 'Bedroom lights',
    steps: [
      signIn,
      room('bedroom', 'Bedroom'),
      // The room as it opens (A1–A3), then each switch and the line after it (A5).
      [
        shows('room-summary', '2 devices · All lights off'),
        ...light('bd-bedside', false, 30),
        ...light('bd-ceiling', false, 70),
        tap('light-bd-bedside'),
        shows('room-summary', '2 devices · 1 light on'),
        tap('light-bd-ceiling'),
        shows('room-summary', '2 devices · 2 lights on'),
      ],
    ],
    assertions: [
      [],
      [shows('light-bd-bedside-level', 'Brightness 30%')],
      [shows('light-bd-ceiling-level', 'Brightness 70%')],
      [absent('plugs-heading'), absent('thermo-heading')],
      [shows('room-summary', '2 devices · 2 lights on')],
    ],
  },
  {
    name: 'Kitchen initial state',
    steps: [signIn, room('kitchen', 'Kitchen')],
    assertions: [
      [shows('room-summary', '3 devices · 2 lights on')],
      [...light('k-pendant', true, 100), ...light('k-cabinet', true, 70)],
      [shows('plugs-heading', 'Plugs'), off('plug-k-coffee'), shows('plug-k-coffee-status', 'Smart plug · off')],
    ],
  },
  {
    name: 'Switch on the coffee maker plug',
    steps: [signIn, [...room('kitchen', 'Kitchen'), tap('plug-k-coffee'), on('plug-k-coffee')]],
    assertions: [
      [shows('plug-k-coffee-status', 'Smart plug · on · 1,200 W now')],
      [shows('room-summary', '3 devices · 2 lights on')],
    ],
  },
  {
    name: 'Office: printer plug and desk lamp',
    steps: [signIn, room('office', 'Office')],
    assertions: [
      [shows('room-summary', '2 devices · 1 light on')],
      light('of-desk', true, 90),
      [shows('plug-of-printer-status', 'Smart plug · on · 35 W now')],
    ],
  },
  {
    name: 'Switch off the printer plug',
    steps: [
      signIn,
      [...room('office', 'Office'), tap('plug-of-printer'), off('plug-of-printer')],
      [back, screen('Home')],
    ],
    assertions: [
      [...room('office', 'Office'), shows('plug-of-printer-status', 'Smart plug · off'), back],
      [screen('Home'), homeRow('office', '2 devices · 1 light on')],
    ],
  },
  {
    name: 'Thermostat maximum is 28°C',
    steps: [
      signIn,
      [
        ...room('living', 'Living Room'),
        ...times(7, 'thermo-plus'),
        shows('thermo-target', '28°C'),
        tap('thermo-plus'),
      ],
    ],
    assertions: [
      [shows('thermo-target', '28°C'), shows('thermo-status', 'Heating to 28°C')],
      [tap('thermo-plus'), shows('thermo-target', '28°C')],
    ],
  },
  {
    name: 'Thermostat minimum is 16°C',
    steps: [
      signIn,
      [
        ...room('living', 'Living Room'),
        // The whole thermostat on screen first: − alone is revealed at the very foot, where a tap misses.
        present('thermo-status'),
        ...times(5, 'thermo-minus'),
        shows('thermo-target', '16°C'),
        tap('thermo-minus'),
      ],
    ],
    assertions: [[shows('thermo-target', '16°C')], [shows('thermo-status', 'Heating to 16°C')]],
  },
  {
    name: 'Switch thermostat to Cool',
    steps: [signIn, room('living', 'Living Room'), [tap('mode-cool')]],
    assertions: [[shows('thermo-status', 'Cooling to 21°C')], [shows('thermo-target', '21°C')]],
  },
  {
    name: 'Switch thermostat Off',
    steps: [signIn, [...room('living', 'Living Room'), tap('mode-off')]],
    assertions: [
      [shows('thermo-status', 'Thermostat is off')],
      [enabled('thermo-minus', false), enabled('thermo-plus', false)],
    ],
  },
  {
    name: 'Thermostat back on from Off',
    steps: [signIn, [...room('living', 'Living Room'), tap('mode-off')], [tap('mode-heat')]],
    assertions: [[shows('thermo-status', 'Heating to 21°C')], [enabled('thermo-minus'), enabled('thermo-plus')]],
  },
  {
    name: 'Scene with temperature sets mode to Heat',
    steps: [
      signIn,
      [...room('living', 'Living Room'), tap('mode-cool'), shows('thermo-status', 'Cooling to 21°C')],
      [back, screen('Home'), tap('scene-chip-night')],
      room('living', 'Living Room'),
    ],
    assertions: [[shows('thermo-status', 'Heating to 18°C')]],
  },
];
