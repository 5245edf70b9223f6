import { sharp } from '../../lazy-modules';
import type { RecordingAction } from '../catalogue';
import { keyStep } from '../../worker/key-names';

/** A step written from a recording: its text and the recorded actions it stands for. */
export interface RecordedStep {
  text: string;
  source_action_index: number;
  action_indices: number[];
}

/** A target as written in a step: quoted, with single quotes when the name holds double ones. */
function quoted(name: string): string {
  return name.includes('"') ? `'${name}'` : `"${name}"`;
}

/** What a step calls the recorded element: a field's label, its text, accessibility id, or id. */
function nameOf(a: RecordingAction): string | null {
  const s = a.selector;
  const name = s?.label?.trim() || s?.text?.trim() || s?.accessibility_id?.trim() || s?.id?.trim();
  return name || null;
}

function at(a: RecordingAction): string {
  return `at (${Math.round(a.x ?? 0)}, ${Math.round(a.y ?? 0)})`;
}

function swipeDirection(a: RecordingAction): string {
  const dx = (a.x2 ?? 0) - (a.x ?? 0);
  const dy = (a.y2 ?? 0) - (a.y ?? 0);
  if (Math.abs(dy) >= Math.abs(dx)) return dy < 0 ? 'up' : 'down';
  return dx < 0 ? 'left' : 'right';
}

function seconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Number((ms / 1000).toFixed(1))} s`;
}

function textOf(a: RecordingAction): string {
  const name = nameOf(a);
  switch (a.type) {
    case 'tap':
      return name ? `Tap ${quoted(name)}` : `Tap ${at(a)}`;
    case 'double_tap':
      return name ? `Double tap ${quoted(name)}` : `Double tap ${at(a)}`;
    case 'long_press':
      return name ? `Long press ${quoted(name)}` : `Long press ${at(a)}`;
    case 'swipe':
      return `Swipe ${swipeDirection(a)}`;
    case 'type_text':
      return `Type ${quoted(a.text ?? '')}`;
    case 'key':
      return keyStep(a.key ?? '');
    case 'button':
      return (a.button ?? '').toUpperCase() === 'HOME' ? 'Go home' : `Press the ${a.button} button`;
    case 'rotate':
      return `Rotate to ${a.rotation ?? 0} degrees`;
    case 'launch_app':
      return 'Open the app';
    case 'wait':
      return `Wait ${seconds(a.duration_ms ?? 0)}`;
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
 * Steps in the interpreter's grammar from a recording's selectors, without a model: one step per
 * action, except a tap on a named element followed by typed text, which becomes
 * `Type "demo" into "Username"`. Actions without a selector are written by their coordinates
 * (replay plays those; the interpreter cannot).
 */
export function stepsFromRecording(recording: RecordingAction[]): RecordedStep[] {
  const steps: RecordedStep[] = [];
  for (let i = 0; i < recording.length; i++) {
    const a = recording[i]!;
    const next = recording[i + 1];
    const name = nameOf(a);
    if (a.type === 'tap' && name && next?.type === 'type_text') {
      steps.push({
        text: `Type ${quoted(next.text ?? '')} into ${quoted(name)}`,
        source_action_index: i,
        action_indices: [i, i + 1],
      });
      i++;
      continue;
    }
    steps.push({ text: textOf(a), source_action_index: i, action_indices: [i] });
  }
  return steps;
}

let placeholder: Promise<string> | null = null;

/** A plain grey image, for steps of a recording that carries no screenshots. */
function placeholderImage(): Promise<string> {
  placeholder ??= sharp({ create: { width: 8, height: 16, channels: 3, background: { r: 200, g: 200, b: 200 } } })
    .jpeg()
    .toBuffer()
    .then((b) => `data:image/jpeg;base64,${b.toString('base64')}`);
  return placeholder;
}

/** The screenshot of a step: its action's, else the closest one recorded before it, else after it, else a placeholder. */
export async function screenshotFor(recording: RecordingAction[], index: number): Promise<string> {
  for (let i = index; i >= 0; i--) if (recording[i]?.screenshot) return recording[i]!.screenshot!;
  for (let i = index + 1; i < recording.length; i++) if (recording[i]?.screenshot) return recording[i]!.screenshot!;
  return placeholderImage();
}

/** One line per recorded action, as the model reads them. */
export function describeRecording(recording: RecordingAction[]): string {
  return recording
    .map((a, i) => {
      const s = a.selector;
      const target = s
        ? ` on ${s.class ?? 'element'}${s.text ? ` ${JSON.stringify(s.text)}` : ''}${s.id ? ` #${s.id}` : ''}${s.accessibility_id ? ` @${s.accessibility_id}` : ''}`
        : '';
      const where = a.x !== undefined ? ` ${at(a)}` : '';
      const extra =
        a.type === 'type_text'
          ? ` ${JSON.stringify(a.text)}`
          : a.type === 'key'
            ? ` ${a.key}`
            : a.type === 'wait'
              ? ` ${a.duration_ms} ms`
              : a.type === 'rotate'
                ? ` ${a.rotation}`
                : '';
      return `#${i} ${a.type}${extra}${target}${where}${a.screenshot ? ' [screenshot]' : ''}`;
    })
    .join('\n');
}
