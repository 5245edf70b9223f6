import type { ModelMessage, UserModelMessage } from 'ai';
import type { AgentDevice } from '../engine';
import type { ScreenView } from './screen-view';

/** Text the organization writes (context, steps) is bounded before it reaches a prompt. */
const MAX_CONTEXT = 4000;

function deviceLine(d: Pick<AgentDevice, 'platform' | 'category' | 'deviceName'>): string {
  return `The device is ${d.deviceName}, an ${d.platform === 'ios' ? 'iOS' : 'Android'} ${d.category}.`;
}

function contextLines(context: string | null): string {
  return context?.trim()
    ? `\nWhat the test's author says about the app:\n${context.trim().slice(0, MAX_CONTEXT)}\n`
    : '';
}

const SCREEN_FORMAT =
  'Each turn shows a screenshot and the list of its elements, one per line: ref, role, "text", #id, [x,y widthxheight] in screenshot pixels, and states (disabled, focused, on/off). Only listed refs exist on that screen.';

export function stepSystem(device: AgentDevice, context: string | null): string {
  return [
    'You carry out one step of a mobile UI test on a real app.',
    deviceLine(device),
    SCREEN_FORMAT,
    'Call exactly one tool per turn. Prefer tapping by ref. Do only what the step asks, nothing more.',
    'When the screen shows that the step is done, call step_done. If the step cannot be done on this app, call step_failed.',
    contextLines(context),
  ].join('\n');
}

export function assertionSystem(device: AgentDevice, context: string | null): string {
  return [
    'You check one assertion of a mobile UI test against the current screen of the app.',
    deviceLine(device),
    SCREEN_FORMAT,
    'Judge only from what the screen shows, and call assert_result once.',
    contextLines(context),
  ].join('\n');
}

export function stepTask(text: string, hint: string): UserModelMessage {
  return {
    role: 'user',
    content: `Step: ${JSON.stringify(text)}\nThe built-in step interpreter could not do it: ${hint}`,
  };
}

export function assertionTask(text: string, hint: string): UserModelMessage {
  return {
    role: 'user',
    content: `Assertion: ${JSON.stringify(text)}\nThe built-in checker could not judge it: ${hint}`,
  };
}

/** The current screen: its element list and the image. Only the latest screen is ever sent. */
export function screenMessage(view: ScreenView, lead = 'The screen now'): UserModelMessage {
  return {
    role: 'user',
    content: [
      { type: 'text', text: `${lead} (${view.width}x${view.height} px):\n${view.elements || '(no elements)'}` },
      { type: 'image', image: view.jpeg, mediaType: 'image/jpeg' },
    ],
  };
}

/** One turn of the model, kept in the conversation: its tool call and what came of it. */
export function toolTurn(
  call: { id: string; name: string; input: unknown },
  outcome: string,
  text: string,
): ModelMessage[] {
  return [
    {
      role: 'assistant',
      content: [
        ...(text.trim() ? [{ type: 'text' as const, text }] : []),
        { type: 'tool-call', toolCallId: call.id, toolName: call.name, input: call.input },
      ],
    },
    {
      role: 'tool',
      content: [
        { type: 'tool-result', toolCallId: call.id, toolName: call.name, output: { type: 'text', value: outcome } },
      ],
    },
  ];
}

/** A turn that did not produce a usable tool call: what the model said, and what it must do instead. */
export function correctionTurn(text: string, correction: string): ModelMessage[] {
  return [
    ...(text.trim() ? [{ role: 'assistant' as const, content: text }] : []),
    { role: 'user', content: correction },
  ];
}
