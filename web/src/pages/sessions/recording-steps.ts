import type { RecordedAction } from '../../api/types';

/** A step written from recorded actions: its text and the actions it stands for. */
export interface PlainStep {
  text: string;
  action_indices: number[];
}

function quoted(name: string): string {
  return name.includes('"') ? `'${name}'` : `"${name}"`;
}

/** What a step calls the touched element: a field's label, its text, accessibility id, or id. */
function nameOf(a: RecordedAction): string | null {
  const s = a.selector;
  return s?.label?.trim() || s?.text?.trim() || s?.accessibility_id?.trim() || s?.id?.trim() || null;
}

function swipeDirection(a: RecordedAction): string {
  const dx = (a.x2 ?? 0) - (a.x ?? 0);
  const dy = (a.y2 ?? 0) - (a.y ?? 0);
  if (Math.abs(dy) >= Math.abs(dx)) return dy < 0 ? 'up' : 'down';
  return dx < 0 ? 'left' : 'right';
}

/** One action as a readable step: `Tap "Sign in"`, by the element it touched (its point only when it touched none). */
export function describeAction(a: RecordedAction): string {
  const name = nameOf(a);
  const at = `at (${Math.round(a.x ?? 0)}, ${Math.round(a.y ?? 0)})`;
  switch (a.type) {
    case 'tap':
      return name ? `Tap ${quoted(name)}` : `Tap ${at}`;
    case 'double_tap':
      return name ? `Double tap ${quoted(name)}` : `Double tap ${at}`;
    case 'long_press':
      return name ? `Long press ${quoted(name)}` : `Long press ${at}`;
    case 'swipe':
      return `Swipe ${swipeDirection(a)}`;
    case 'type_text':
      return `Type ${quoted(a.text ?? '')}`;
    case 'key': {
      const key = (a.key ?? '').toUpperCase().replace(/^KEYCODE_/, '');
      return key === 'BACK' ? 'Go back' : key === 'HOME' ? 'Go home' : `Press key ${key}`;
    }
    case 'button':
      return (a.button ?? '').toUpperCase() === 'HOME' ? 'Go home' : `Press the ${a.button} button`;
    case 'rotate':
      return `Rotate to ${a.rotation ?? 0} degrees`;
    case 'launch_app':
      return 'Open the app';
    case 'wait':
      return `Wait ${a.duration_ms ?? 0} ms`;
    case 'open_url':
      return `Open the link ${a.url ?? ''}`;
    case 'set_location':
      return `Set the location to ${a.latitude ?? 0}, ${a.longitude ?? 0}`;
    case 'set_permission':
      return a.state === 'reset'
        ? `Reset the ${a.permission} permission`
        : `${a.state === 'granted' ? 'Allow' : 'Deny'} ${a.permission} access`;
    case 'set_appearance':
      return `Switch to ${a.mode} mode`;
    case 'set_network':
      return `Go ${a.mode}`;
    case 'set_clipboard':
      return `Set the clipboard to ${quoted(a.text ?? '')}`;
  }
}

/**
 * The steps the server's interpreter grammar writes from a recording (as `platform/interpreter`
 * does): one per action, except a tap on a named element followed by typing, which becomes
 * `Type "demo" into "Username"` holding both actions.
 */
export function plainSteps(actions: RecordedAction[]): PlainStep[] {
  const steps: PlainStep[] = [];
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i]!;
    const next = actions[i + 1];
    const name = nameOf(a);
    if (a.type === 'tap' && name && next?.type === 'type_text') {
      steps.push({ text: `Type ${quoted(next.text ?? '')} into ${quoted(name)}`, action_indices: [i, i + 1] });
      i++;
    } else steps.push({ text: describeAction(a), action_indices: [i] });
  }
  return steps;
}

/**
 * Generated steps name the first action each stands for; a step holds every action up to the
 * next step's first, so no recorded action is left out of replay.
 */
export function withActionRanges(
  firsts: Array<{ text: string; source_action_index: number }>,
  total: number,
): PlainStep[] {
  return firsts.map((s, i) => {
    const end = i + 1 < firsts.length ? firsts[i + 1]!.source_action_index : total;
    const from = Math.min(s.source_action_index, total - 1);
    const indices = Array.from({ length: Math.max(1, end - from) }, (_, k) => from + k);
    return { text: s.text, action_indices: indices };
  });
}
