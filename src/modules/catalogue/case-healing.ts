import type { DbOrTx } from '../../db/client';
import type { Clock } from '../../clock';
import { conflict, notFound } from '../../errors';
import { lockCase, updateCase, type CaseRow } from './cases.repository';
import { validateCaseContent, type RecordingAction } from './recording';

/** The size of the device a case's recording was made on. */
export type RecordingScreen = { width: number; height: number };

/**
 * Writes actions a run settled for one step into the case (hybrid healing): they are appended to
 * the case's recording and become the step's `action_indices`, so that the next run replays them.
 * `actionsFor` turns them into recording actions on the recording's device, starting at `startMs`.
 * 409 when the step's text changed since the run (the actions belong to other words).
 */
export async function attachActionsToStep(
  db: DbOrTx,
  clock: Clock,
  input: {
    caseId: number;
    stepIndex: number;
    stepText: string;
    /** The run's screen, for a case recorded without one. */
    screen: RecordingScreen;
    actionsFor(source: RecordingScreen, startMs: number): RecordingAction[];
  },
): Promise<{ testCase: CaseRow; actionIndices: number[] }> {
  const c = await lockCase(db, input.caseId);
  if (!c) throw notFound('Test case');
  const steps = [...c.steps];
  const step = steps[input.stepIndex];
  if (step === undefined || stepTextOf(step) !== input.stepText) {
    throw conflict(
      `Step ${input.stepIndex + 1} of the case changed since the run; run the case again for a fresh suggestion`,
    );
  }
  const recording = (c.sourceRecording ?? []) as RecordingAction[];
  const recorded = c.sourceDeviceWidth && c.sourceDeviceHeight;
  const source = recorded ? { width: c.sourceDeviceWidth!, height: c.sourceDeviceHeight! } : input.screen;
  const startMs = recording.length ? Math.max(...recording.map((a) => a.t_ms)) + GAP_AFTER_RECORDING_MS : 0;
  const added = input.actionsFor(source, startMs);
  const indices = added.map((_, i) => recording.length + i);
  steps[input.stepIndex] =
    typeof step === 'string'
      ? { text: step, action_indices: indices }
      : { ...(step as Record<string, unknown>), action_indices: indices };
  const content = validateCaseContent({ steps, assertions: c.assertions, sourceRecording: [...recording, ...added] });
  await updateCase(db, c.id, {
    steps: content.steps,
    sourceRecording: content.sourceRecording,
    ...(recorded ? {} : { sourceDeviceWidth: source.width, sourceDeviceHeight: source.height }),
    updatedAt: clock.now(),
  });
  return { testCase: c, actionIndices: indices };
}

/** Recorded actions that follow the recording's last one by this much. */
const GAP_AFTER_RECORDING_MS = 1000;

function stepTextOf(step: unknown): string {
  if (typeof step === 'string') return step;
  const text = (step as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
}
