import { z } from 'zod';
import { KEY_HELP, keyCodeOf } from '../../worker/key-names';
import type { AgentAction, Direction } from '../engine';
import { InstallBuildBody, LaunchAppBody } from '../sessions';
import type { ScreenView } from './screen-view';

const DIRECTIONS = ['up', 'down', 'left', 'right'] as const;
const ORIENTATIONS = ['portrait', 'landscape', 'portrait_upside_down', 'landscape_flipped'] as const;
/** The rotation in degrees of each orientation `set_orientation` takes. */
export const ORIENTATION_DEGREES: Record<(typeof ORIENTATIONS)[number], 0 | 90 | 180 | 270> = {
  portrait: 0,
  landscape: 90,
  portrait_upside_down: 180,
  landscape_flipped: 270,
};
const MAX_WAIT_SECONDS = 10;
const ref = z.string().max(20).describe('an element ref from the element list, e.g. e12');

/**
 * The device tools, one definition for every caller: the engine's agent (the acting tools, as its
 * step tools), `/sessions/{id}/agent/tools` over HTTP, and through that the `simdeck mcp` server.
 * Points are in pixels of the screenshot the caller was shown; refs name elements of the element
 * list (`ui_tree`) of the current screen.
 */
export const DEVICE_TOOLS = {
  tap: {
    description: 'Tap an element by its ref, or a point (x, y) in pixels of the screenshot.',
    input: z.object({ ref: ref.optional(), x: z.number().optional(), y: z.number().optional() }),
  },
  double_tap: {
    description: 'Double-tap an element by its ref, or a point (x, y) in pixels of the screenshot.',
    input: z.object({ ref: ref.optional(), x: z.number().optional(), y: z.number().optional() }),
  },
  long_press: {
    description: 'Press and hold an element by its ref, or a point (x, y) in pixels of the screenshot.',
    input: z.object({ ref: ref.optional(), x: z.number().optional(), y: z.number().optional() }),
  },
  set_orientation: {
    description:
      'Turn the device: portrait, landscape (turned 90° clockwise), portrait_upside_down or landscape_flipped (270°).',
    input: z.object({ orientation: z.enum(ORIENTATIONS) }),
  },
  type: {
    description:
      'Type text. With a ref, the field is focused and its current text replaced; without, the text goes to the focused field.',
    input: z.object({ text: z.string().max(10_000), ref: ref.optional() }),
  },
  swipe: {
    description:
      'Swipe the finger in a direction across the screen (or across the element ref). Swipe up to see what is below.',
    input: z.object({ direction: z.enum(DIRECTIONS), ref: ref.optional() }),
  },
  scroll_until: {
    description:
      'Scroll until an element with this text is on screen. direction is where the content comes from: down (default) reveals what is below.',
    input: z.object({ text: z.string().min(1).max(500), direction: z.enum(DIRECTIONS).optional() }),
  },
  press_key: {
    description: `Press a key: ${KEY_HELP}.`,
    input: z.object({ key: z.string().min(1).max(40) }),
  },
  go_back: { description: 'Go back to the previous screen.', input: z.object({}) },
  wait: {
    description: `Wait for the app (at most ${MAX_WAIT_SECONDS} seconds).`,
    input: z.object({ seconds: z.number().min(0).max(MAX_WAIT_SECONDS) }),
  },
  screenshot: {
    description: 'A PNG screenshot of the settled screen; points for tap are in its pixels.',
    input: z.object({}),
  },
  ui_tree: {
    description:
      'The settled screen as a compact element list, one line per element: ref, role, text, the label of a field (label "Username"), #id, [x,y wxh] in screenshot pixels, and flags.',
    input: z.object({}),
  },
  launch_app: {
    description: 'Launch an installed app by its package name (bundle id on iOS); activity_name is Android only.',
    input: LaunchAppBody,
  },
  list_apps: { description: 'The apps installed on the device.', input: z.object({}) },
  install_build: {
    description:
      "Install a build of one of the organization's apps (its id from the app's builds), and launch it unless launch_after_install is false.",
    input: InstallBuildBody.pick({ build_id: true, launch_after_install: true }),
  },
} as const;

export type DeviceToolName = keyof typeof DEVICE_TOOLS;

/** The tools that act on the screen the caller saw: the engine's agent steps with exactly these. */
export const ACTING_TOOLS = [
  'tap',
  'type',
  'swipe',
  'scroll_until',
  'press_key',
  'go_back',
  'wait',
] as const satisfies readonly DeviceToolName[];
export type ActingToolName = (typeof ACTING_TOOLS)[number];

/** Touches beyond a tap: acting tools of the HTTP and MCP callers, not of the engine's agent. */
export const GESTURE_TOOLS = ['double_tap', 'long_press'] as const satisfies readonly DeviceToolName[];
export type GestureToolName = (typeof GESTURE_TOOLS)[number];
export const isGestureTool = (name: string): name is GestureToolName =>
  (GESTURE_TOOLS as readonly string[]).includes(name);

/** The tools that only look at the device: any member may call them, also on a session they only watch. */
export const LOOKING_TOOLS = ['screenshot', 'ui_tree', 'list_apps'] as const satisfies readonly DeviceToolName[];

export const isDeviceTool = (name: string): name is DeviceToolName => Object.hasOwn(DEVICE_TOOLS, name);
export const isLookingTool = (name: DeviceToolName): boolean => (LOOKING_TOOLS as readonly string[]).includes(name);
export const isActingTool = (name: string): name is ActingToolName =>
  (ACTING_TOOLS as readonly string[]).includes(name);

/** A tool call of an acting tool as a device action, or why it cannot be carried out on this screen. */
export type ToolAction = { kind: 'act'; action: AgentAction } | { kind: 'invalid'; problem: string };

/**
 * An acting tool's (already schema-checked) input as a device action: refs must be on the listed
 * screen, points inside the screenshot (mapped to device pixels).
 */
export function toolAction(
  name: ActingToolName | GestureToolName,
  input: Record<string, unknown>,
  view: ScreenView,
): ToolAction {
  const knownRef = (r: unknown): string | null | { problem: string } => {
    if (r === undefined) return null;
    return view.refs.has(String(r))
      ? String(r)
      : { problem: `there is no element ${String(r)} on this screen; use a ref from the element list` };
  };
  switch (name) {
    case 'tap':
    case 'double_tap':
    case 'long_press': {
      const r = knownRef(input.ref);
      if (r !== null && typeof r !== 'string') return { kind: 'invalid', ...r };
      let point = { x: 0, y: 0 };
      if (r === null) {
        const x = input.x as number | undefined;
        const y = input.y as number | undefined;
        if (x === undefined || y === undefined)
          return { kind: 'invalid', problem: `${name} needs a ref, or both x and y` };
        if (x < 0 || y < 0 || x >= view.width || y >= view.height)
          return { kind: 'invalid', problem: `(${x}, ${y}) is outside the ${view.width}x${view.height} screenshot` };
        point = { x: Math.round(x / view.scale), y: Math.round(y / view.scale) };
      }
      if (name !== 'tap') return { kind: 'act', action: { kind: 'gesture', gesture: name, ref: r, ...point } };
      return { kind: 'act', action: r === null ? { kind: 'tap_point', ...point } : { kind: 'tap', ref: r } };
    }
    case 'type': {
      const r = knownRef(input.ref);
      if (r !== null && typeof r !== 'string') return { kind: 'invalid', ...r };
      return { kind: 'act', action: { kind: 'type', text: String(input.text), ref: r } };
    }
    case 'swipe': {
      const r = knownRef(input.ref);
      if (r !== null && typeof r !== 'string') return { kind: 'invalid', ...r };
      return { kind: 'act', action: { kind: 'swipe', direction: input.direction as Direction, ref: r } };
    }
    case 'scroll_until':
      return {
        kind: 'act',
        action: {
          kind: 'scroll_until',
          text: String(input.text),
          direction: (input.direction as Direction | undefined) ?? 'down',
        },
      };
    case 'press_key': {
      const key = keyCodeOf(String(input.key));
      return key
        ? { kind: 'act', action: { kind: 'press_key', key } }
        : { kind: 'invalid', problem: `${String(input.key)} is not a key name` };
    }
    case 'go_back':
      return { kind: 'act', action: { kind: 'go_back' } };
    case 'wait':
      return { kind: 'act', action: { kind: 'wait', ms: Math.round(Number(input.seconds) * 1000) } };
  }
}
