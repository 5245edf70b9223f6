import type { Gesture, RecordingAction } from '../../catalogue';
import { GESTURES } from '../../catalogue';
import type { PerformedAction } from './device-actions';
import { scalePoint } from './selectors';

/**
 * Hybrid healing: a step the language model settled is offered back as a reviewable change of
 * the case (`result.suggestions`): the concrete actions it took, with the selectors of their
 * elements. Accepting it writes them into the case's recording, so the next run replays the step
 * for free.
 */
export interface HealingSuggestion {
  index: number;
  step_index: number;
  /** The step as the case has it (variables not substituted), to tell whether the case changed since. */
  step_text: string;
  status: 'offered' | 'accepted';
  actions: PerformedAction[];
  /** The screen the actions' points are on. */
  screen: { width: number; height: number };
  accepted_at?: string;
}

const RECORDABLE = new Set<string>(GESTURES);
/** Recorded coordinates are 0 to 10000 (the recording schema's bound). */
const MAX_COORD = 10_000;
/** Time between the actions written into the recording. */
const ACTION_GAP_MS = 500;

/** Whether every action can be written into a recording (taps, swipes, text, keys…; not raw touch phases). */
export function isRecordable(actions: PerformedAction[]): boolean {
  return actions.length > 0 && actions.every((a) => RECORDABLE.has(a.type));
}

/**
 * The suggestion's actions as recording actions (docs/design/0015-recordings-steps-assertions.md): points scaled
 * from the run's screen to the case's recording device (`source`), times following `startMs`.
 */
export function recordingActionsOf(
  s: HealingSuggestion,
  source: { width: number; height: number },
  startMs: number,
): RecordingAction[] {
  const clamp = (v: number) => Math.min(Math.max(0, v), MAX_COORD);
  const point = (x: number | undefined, y: number | undefined) => {
    if (x === undefined || y === undefined) return {};
    const p = scalePoint({ x, y }, s.screen, source);
    return { x: clamp(p.x), y: clamp(p.y) };
  };
  return s.actions.map((a, i): RecordingAction => {
    const end = point(a.x2, a.y2);
    const selector = a.selector
      ? Object.fromEntries(Object.entries(a.selector).filter(([, v]) => v !== undefined))
      : undefined;
    return {
      type: a.type as Gesture,
      t_ms: startMs + i * ACTION_GAP_MS,
      ...point(a.x, a.y),
      ...(end.x !== undefined ? { x2: end.x, y2: end.y } : {}),
      ...(a.duration_ms !== undefined ? { duration_ms: a.duration_ms } : {}),
      ...(a.text !== undefined ? { text: a.text } : {}),
      ...(a.key !== undefined ? { key: a.key } : {}),
      ...(a.button !== undefined ? { button: a.button } : {}),
      ...(a.rotation !== undefined ? { rotation: a.rotation as 0 | 90 | 180 | 270 } : {}),
      ...(a.package_name !== undefined ? { package_name: a.package_name } : {}),
      ...(selector && Object.keys(selector).length ? { selector } : {}),
    };
  });
}
