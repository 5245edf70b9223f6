import { tool } from './model-call';
import { z } from 'zod';
import { DEVICE_TOOLS, isActingTool, toolAction, type ToolAction } from './device-tools';
import type { ScreenView } from './screen-view';

const reasoning = z.string().max(2000).describe('why, in one or two sentences');
const T = DEVICE_TOOLS;

/** The tools of a step: the device tools that act on the screen (device-tools.ts), then saying whether the step is done. */
export const STEP_TOOLS = {
  tap: tool({ description: T.tap.description, inputSchema: T.tap.input }),
  type: tool({ description: T.type.description, inputSchema: T.type.input }),
  swipe: tool({ description: T.swipe.description, inputSchema: T.swipe.input }),
  scroll_until: tool({ description: T.scroll_until.description, inputSchema: T.scroll_until.input }),
  press_key: tool({ description: T.press_key.description, inputSchema: T.press_key.input }),
  go_back: tool({ description: T.go_back.description, inputSchema: T.go_back.input }),
  wait: tool({ description: T.wait.description, inputSchema: T.wait.input }),
  step_done: tool({
    description: 'The step is carried out: the screen shows its result.',
    inputSchema: z.object({ reasoning }),
  }),
  step_failed: tool({
    description: 'The step cannot be carried out on this app.',
    inputSchema: z.object({ reasoning }),
  }),
};

/** The one tool of an assertion: the verdict on the current screen. */
export const ASSERTION_TOOLS = {
  assert_result: tool({
    description: 'Whether the assertion holds on the current screen.',
    inputSchema: z.object({ passed: z.boolean(), reasoning }),
  }),
};

export type StepToolName = keyof typeof STEP_TOOLS;

/** What a tool call means for the step. */
export type StepMove = ToolAction | { kind: 'done'; reasoning: string } | { kind: 'failed'; reasoning: string };

/**
 * A step tool call as a device action: refs must be on the listed screen, points inside the
 * screenshot (mapped to device pixels). Anything else is `invalid` with a reason the model is told.
 */
export function stepMove(call: { name: string; input: unknown }, view: ScreenView): StepMove {
  // Inputs were validated against the tools' schemas by the SDK before they get here.
  const input = (call.input ?? {}) as Record<string, unknown>;
  if (call.name === 'step_done') return { kind: 'done', reasoning: String(input.reasoning) };
  if (call.name === 'step_failed') return { kind: 'failed', reasoning: String(input.reasoning) };
  if (isActingTool(call.name)) return toolAction(call.name, input, view);
  return { kind: 'invalid', problem: `there is no tool ${call.name}` };
}
