import type { Action, Screen } from '../../src/virtual/app-model';
import { any, back, button, each, go, input, is, notice, set, text, toggle, validate } from '../model-parts';
import { DEVICES, ROOMS, SCENES } from './data';
import { recount, runScene, tabBar } from './parts';

/** Scenes: the list, one scene with Run, and creating a scene of your own. */

const dash = (id: string) => id.replace(/_/g, '-');
const roomOf = (id: string) => ROOMS.find((r) => [...r.lights, ...r.plugs].some((d) => d.id === id))!;
const deviceLabel = (id: string) => `${roomOf(id).name} · ${DEVICES.find((d) => d.id === id)!.name}`;

const openScene = (id: string, name: string): Action[] => [
  set({ sc: id, sc_name: name, scene_msg: '', scenes_msg: '' }),
  go('scene'),
];

const scenes: Screen = {
  title: 'Scenes',
  elements: [
    notice('scenes-message', 'scenes_msg', 'success'),
    text('scenes-count', '{{scene_count}} scenes', 'caption'),
    {
      type: 'list',
      id: 'scene-list',
      items: SCENES.map((s) => ({
        id: `scene-${s.id}`,
        title: s.name,
        subtitle: s.about,
        action: openScene(s.id, s.name),
      })),
    },
    {
      type: 'list',
      id: 'custom-scene-list',
      visibleIf: is('c1_used', true),
      items: [
        {
          id: 'scene-custom',
          title: '{{c1_name}}',
          subtitle: '{{c1_about}}',
          action: openScene('custom', '{{c1_name}}'),
        },
      ],
    },
    button(
      'new-scene',
      'New scene',
      [
        set({
          ns_name: '',
          ns_error: '',
          scenes_msg: '',
          ...Object.fromEntries(DEVICES.map((d) => [`pick_${d.id}`, false])),
        }),
        go('new-scene'),
      ],
      'primary',
    ),
    ...tabBar(),
  ],
};

const runCustom: Action[] = [
  ...DEVICES.map((d): Action => ({ if: is(`c1_${d.id}`, true), then: [set({ [`on_${d.id}`]: true })] })),
  ...ROOMS.flatMap(recount),
  set({ last_event: '{{c1_name}} ran', scene_msg: '{{c1_name}} is on' }),
];

/** Runs a built-in scene from its own screen (the same as its chip on Home). */
const sceneRun = (id: string) => runScene(SCENES.find((s) => s.id === id)!, 'scene_msg');

const scene: Screen = {
  title: '{{sc_name}}',
  elements: [
    notice('scene-message', 'scene_msg', 'success'),
    ...SCENES.map((s) => ({ ...text('scene-about', s.about, 'body'), visibleIf: is('sc', s.id) })),
    ...SCENES.map((s) => ({
      ...text(
        'scene-devices',
        `Changes ${Object.keys(s.lights).length + Object.keys(s.plugs).length} devices${s.target ? ' and the thermostat' : ''}`,
        'caption',
      ),
      visibleIf: is('sc', s.id),
    })),
    { ...text('scene-about', '{{c1_about}}', 'body'), visibleIf: is('sc', 'custom') },
    ...SCENES.map((s) =>
      button('run-scene', 'Run scene', [{ alert: runAlert(s.name, sceneRun(s.id)) }], 'primary', {
        visibleIf: is('sc', s.id),
      }),
    ),
    button('run-scene', 'Run scene', [{ alert: runAlert('{{c1_name}}', runCustom) }], 'primary', {
      visibleIf: is('sc', 'custom'),
    }),
  ],
};

function runAlert(name: string, then: Action[]) {
  return {
    title: `Run ${name}?`,
    message: 'Devices in this scene will change right away.',
    buttons: [
      { label: 'Cancel', id: 'alert-cancel', style: 'cancel' as const },
      { label: 'Run', id: 'alert-run', action: then },
    ],
  };
}

const COUNTS = Array.from({ length: DEVICES.length + 1 }, (_, k) => k);
const countPicks: Action[] = [
  set({ ns_count: 0 }),
  ...DEVICES.flatMap((d): Action[] => [
    {
      if: is(`pick_${d.id}`, true),
      then: [
        set({ key_c: '{{ns_count}}' }),
        ...each(COUNTS.slice(0, -1).map((k) => [is('key_c', String(k)), [set({ ns_count: k + 1 })]])),
      ],
    },
  ]),
];
const nameTaken = any(...SCENES.flatMap((s) => [is('ns_name', s.name), is('ns_name', s.name.toLowerCase())]));

const saveScene: Action[] = [
  ...countPicks,
  ...validate(
    'ns_error',
    [
      [is('ns_name', ''), 'Give your scene a name'],
      [nameTaken, 'You already have a scene called “{{ns_name}}”'],
      [is('ns_count', 0), 'Pick at least one device'],
      [is('c1_used', true), 'You can save one custom scene on the Homely Free plan'],
    ],
    [
      set({
        c1_used: true,
        c1_name: '{{ns_name}}',
        scene_count: SCENES.length + 1,
        scenes_msg: 'Scene “{{ns_name}}” saved',
      }),
      ...DEVICES.map(
        (d): Action => ({
          if: is(`pick_${d.id}`, true),
          then: [set({ [`c1_${d.id}`]: true })],
          else: [set({ [`c1_${d.id}`]: false })],
        }),
      ),
      {
        if: is('ns_count', 1),
        then: [set({ c1_about: 'Turns on 1 device' })],
        else: [set({ c1_about: 'Turns on {{ns_count}} devices' })],
      },
      back,
    ],
  ),
];

const newScene: Screen = {
  title: 'New scene',
  elements: [
    input('scene-name', 'ns_name', 'Scene name', { placeholder: 'e.g. Dinner time', maxLength: 30 }),
    text('pick-heading', 'Turn on these devices', 'headline'),
    ...DEVICES.map((d) => toggle(`pick-${dash(d.id)}`, `pick_${d.id}`, deviceLabel(d.id))),
    notice('scene-error', 'ns_error', 'error'),
    button('save-scene', 'Save scene', saveScene, 'primary'),
  ],
};

export const sceneScreens: Record<string, Screen> = { scenes, scene, 'new-scene': newScene };
