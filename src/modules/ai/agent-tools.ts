import { tool } from './model-call';
import { z } from 'zod';
import type { AgentAction, Direction } from '../engine/step-agent';
import type { ScreenView } from './screen-view';

const DIRECTIONS = ['up', 'down', 'left', 'right'] as const;
const MAX_WAIT_SECONDS = 10;
const reasoning = z.string().max(2000).describe('why, in one or two sentences');
const ref = z.string().max(20).describe('an element ref from the element list, e.g. e12');

/** The tools of a step: acting on the device, then saying whether the step is done. */
export const STEP_TOOLS = {
  tap: tool({
    description: 'Tap an element by its ref, or a point (x, y) in pixels of the screenshot.',
    inputSchema: z.object({ ref: ref.optional(), x: z.number().optional(), y: z.number().optional() }),
  }),
  type: tool({
    description: 'Type text. With a ref, the field is focused and its current text replaced; without, the text goes to the focused field.',
    inputSchema: z.object({ text: z.string().max(10_000), ref: ref.optional() }),
  }),
  swipe: tool({
    description: 'Swipe the finger in a direction across the screen (or across the element ref). Swipe up to see what is below.',
    inputSchema: z.object({ direction: z.enum(DIRECTIONS), ref: ref.optional() }),
  }),
  scroll_until: tool({
    description: 'Scroll until an element with this text is on screen. direction is where the content comes from: down (default) reveals what is below.',
    inputSchema: z.object({ text: z.string().min(1).max(500), direction: z.enum(DIRECTIONS).optional() }),
  }),
  press_key: tool({
    description: 'Press a key: ENTER, TAB, DEL, ESCAPE, SPACE, BACK, HOME, MENU, DPAD_UP/DOWN/LEFT/RIGHT/CENTER, or a letter or digit.',
    inputSchema: z.object({ key: z.string().min(1).max(40) }),
  }),
  go_back: tool({ description: 'Go back to the previous screen.', inputSchema: z.object({}) }),
  wait: tool({ description: `Wait for the app (at most ${MAX_WAIT_SECONDS} seconds).`, inputSchema: z.object({ seconds: z.number().min(0).max(MAX_WAIT_SECONDS) }) }),
  step_done: tool({ description: 'The step is carried out: the screen shows its result.', inputSchema: z.object({ reasoning }) }),
  step_failed: tool({ description: 'The step cannot be carried out on this app.', inputSchema: z.object({ reasoning }) }),
};

/** The one tool of an assertion: the verdict on the current screen. */
export const ASSERTION_TOOLS = {
  assert_result: tool({ description: 'Whether the assertion holds on the current screen.', inputSchema: z.object({ passed: z.boolean(), reasoning }) }),
};

export type StepToolName = keyof typeof STEP_TOOLS;

/** What a tool call means for the step. */
export type StepMove = { kind: 'act'; action: AgentAction } | { kind: 'done'; reasoning: string } | { kind: 'failed'; reasoning: string } | { kind: 'invalid'; problem: string };

const KEY_ALIASES: Record<string, string> = { RETURN: 'ENTER', BACKSPACE: 'DEL', DELETE: 'DEL', ESC: 'ESCAPE', UP: 'DPAD_UP', DOWN: 'DPAD_DOWN', LEFT: 'DPAD_LEFT', RIGHT: 'DPAD_RIGHT' };

function keyName(raw: string): string | null {
  const k = raw.trim().toUpperCase().replace(/^KEYCODE_/, '').replace(/[\s-]+/g, '_');
  const name = KEY_ALIASES[k] ?? k;
  return /^[A-Z0-9_]{1,40}$/.test(name) ? name : null;
}

/**
 * A step tool call as a device action: refs must be on the listed screen, points inside the
 * screenshot (mapped to device pixels). Anything else is `invalid` with a reason the model is told.
 */
export function stepMove(call: { name: string; input: unknown }, view: ScreenView): StepMove {
  // Inputs were validated against the tools' schemas by the SDK before they get here.
  const input = (call.input ?? {}) as Record<string, unknown>;
  const knownRef = (r: unknown): string | null | { problem: string } => {
    if (r === undefined) return null;
    return view.refs.has(String(r)) ? String(r) : { problem: `there is no element ${String(r)} on this screen; use a ref from the element list` };
  };
  switch (call.name as StepToolName) {
    case 'tap': {
      const r = knownRef(input.ref);
      if (r !== null) return typeof r === 'string' ? { kind: 'act', action: { kind: 'tap', ref: r } } : { kind: 'invalid', ...r };
      const x = input.x as number | undefined;
      const y = input.y as number | undefined;
      if (x === undefined || y === undefined) return { kind: 'invalid', problem: 'tap needs a ref, or both x and y' };
      if (x < 0 || y < 0 || x >= view.width || y >= view.height) return { kind: 'invalid', problem: `(${x}, ${y}) is outside the ${view.width}x${view.height} screenshot` };
      return { kind: 'act', action: { kind: 'tap_point', x: Math.round(x / view.scale), y: Math.round(y / view.scale) } };
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
      return { kind: 'act', action: { kind: 'scroll_until', text: String(input.text), direction: (input.direction as Direction | undefined) ?? 'down' } };
    case 'press_key': {
      const key = keyName(String(input.key));
      return key ? { kind: 'act', action: { kind: 'press_key', key } } : { kind: 'invalid', problem: `${String(input.key)} is not a key name` };
    }
    case 'go_back':
      return { kind: 'act', action: { kind: 'go_back' } };
    case 'wait':
      return { kind: 'act', action: { kind: 'wait', ms: Math.round(Number(input.seconds) * 1000) } };
    case 'step_done':
      return { kind: 'done', reasoning: String(input.reasoning) };
    case 'step_failed':
      return { kind: 'failed', reasoning: String(input.reasoning) };
    default:
      return { kind: 'invalid', problem: `there is no tool ${call.name}` };
  }
}
