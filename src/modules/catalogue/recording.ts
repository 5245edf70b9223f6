import { z } from 'zod';
import { AppError } from '../../errors';
import {
  CAPABILITY_FIELDS,
  CAPABILITY_GESTURES,
  CAPABILITY_REQUIRED,
  capabilityTextProblem,
} from './recording-capabilities';

/** Gesture names are the recording action types (docs/design/0015-recordings-steps-assertions.md). */
export const GESTURES = [
  'tap',
  'double_tap',
  'long_press',
  'swipe',
  'type_text',
  'key',
  'button',
  'rotate',
  'launch_app',
  'wait',
  ...CAPABILITY_GESTURES,
] as const;
export type Gesture = (typeof GESTURES)[number];

export const MAX_RECORDING_ACTIONS = 5000;
export const MAX_STEPS = 500;
export const MAX_ASSERTIONS = 200;
const MAX_TEXT = 10_000;
/** The longest step or assertion sentence. */
export const MAX_STEP_TEXT = 2000;
const MAX_SCREENSHOT_CHARS = 4 * 1024 * 1024;

const coord = z
  .number({ error: 'must be a number' })
  .min(0, 'must be between 0 and 10000')
  .max(10000, 'must be between 0 and 10000');
const shortText = (max: number) =>
  z.string({ error: 'must be a string' }).max(max, `must be at most ${max} characters`);

const Selector = z.strictObject({
  text: shortText(1000).optional(),
  id: shortText(500).optional(),
  accessibility_id: shortText(500).optional(),
  class: shortText(500).optional(),
  /** What a person calls the element when its text is its value: a field's visible label. Read by step text, not by replay. */
  label: shortText(1000).optional(),
  index: z
    .number()
    .int('must be an integer')
    .min(0, 'must be 0 or more')
    .max(100000, 'must be at most 100000')
    .optional(),
});

const REQUIRED_BY_TYPE: Record<Gesture, string[]> = {
  tap: ['x', 'y'],
  double_tap: ['x', 'y'],
  long_press: ['x', 'y'],
  swipe: ['x', 'y', 'x2', 'y2'],
  type_text: ['text'],
  key: ['key'],
  button: ['button'],
  rotate: ['rotation'],
  launch_app: ['package_name'],
  wait: ['duration_ms'],
  ...CAPABILITY_REQUIRED,
};

export const RecordingAction = z
  .strictObject({
    type: z.enum(GESTURES, { error: `must be one of ${GESTURES.join(', ')}` }),
    t_ms: z.number({ error: 'must be a number' }).int('must be an integer').min(0, 'must be 0 or more'),
    x: coord.optional(),
    y: coord.optional(),
    x2: coord.optional(),
    y2: coord.optional(),
    duration_ms: z
      .number({ error: 'must be a number' })
      .int('must be an integer')
      .min(0, 'must be between 0 and 600000')
      .max(600_000, 'must be between 0 and 600000')
      .optional(),
    text: shortText(MAX_TEXT).optional(),
    key: shortText(100).optional(),
    button: shortText(50).optional(),
    rotation: z
      .union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)], { error: 'must be 0, 90, 180 or 270' })
      .optional(),
    package_name: shortText(255).optional(),
    ...CAPABILITY_FIELDS,
    selector: Selector.optional(),
    screenshot: shortText(MAX_SCREENSHOT_CHARS)
      .regex(/^data:image\/[a-z+.-]+;base64,/, 'must be a data:image/...;base64, URL')
      .optional(),
  })
  .superRefine((action, ctx) => {
    for (const field of REQUIRED_BY_TYPE[action.type] ?? []) {
      if ((action as Record<string, unknown>)[field] === undefined)
        ctx.addIssue({ code: 'custom', path: [field], message: `required for ${action.type}` });
    }
    const textProblem = capabilityTextProblem(action.type, action.text);
    if (textProblem) ctx.addIssue({ code: 'custom', path: ['text'], message: textProblem });
  });
export type RecordingAction = z.infer<typeof RecordingAction>;

const StepVisual = z
  .strictObject({
    mode: z.enum(['default', 'skip', 'custom'], { error: 'must be default, skip or custom' }),
    warn_pct: z
      .number()
      .int('must be an integer')
      .min(0, 'must be between 0 and 100')
      .max(100, 'must be between 0 and 100')
      .nullable()
      .optional(),
    fail_pct: z
      .number()
      .int('must be an integer')
      .min(0, 'must be between 0 and 100')
      .max(100, 'must be between 0 and 100')
      .nullable()
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.warn_pct != null && v.fail_pct != null && v.warn_pct >= v.fail_pct)
      ctx.addIssue({ code: 'custom', path: ['warn_pct'], message: 'must be below fail_pct' });
  });

const StepText = z
  .string({ error: 'must be a string' })
  .trim()
  .min(1, 'must not be empty')
  .max(MAX_STEP_TEXT, `must be at most ${MAX_STEP_TEXT} characters`);

export const StepObject = z.strictObject({
  text: StepText,
  action_indices: z
    .array(z.number({ error: 'must be an integer' }).int('must be an integer').min(0, 'must be 0 or more'), {
      error: 'must be an array of integers',
    })
    .optional(),
  visual: StepVisual.optional(),
});
export const Step = z.union([StepText, StepObject], { error: 'must be a string or {text, action_indices?, visual?}' });
export type Step = string | z.infer<typeof StepObject>;

export const Assertion = z.union([StepText, z.strictObject({ text: StepText })], {
  error: 'must be a string or {text}',
});
export type Assertion = string | { text: string };

function valueAt(root: unknown, path: PropertyKey[]): unknown {
  let cur = root;
  for (const p of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[p];
  }
  return cur;
}

/** `source_recording[3].x` from a zod path. */
export function formatPath(root: string, path: ReadonlyArray<PropertyKey>): string {
  let out = root;
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out;
}

/** Parses `value` with `schema`, or throws 400 naming the first bad element (`steps[2].text: must not be empty`). */
export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown, root: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  let message = issue.message;
  let path: PropertyKey[] = [...issue.path];
  if (issue.code === 'unrecognized_keys') {
    path = [...path, issue.keys[0]!];
    message = 'unknown key';
  } else if (issue.code === 'invalid_type' && valueAt(value, path) === undefined) message = 'required';
  throw new AppError('BAD_REQUEST', `${formatPath(root, path) || 'document'}: ${message}`);
}

export interface CaseContent {
  steps: Step[];
  assertions: Assertion[];
  sourceRecording: RecordingAction[] | null;
}

/**
 * Validates steps, assertions and the recording together: a step's action_indices must point
 * into the recording. Empty action_indices are dropped so that equal cases store equal JSON.
 */
export function validateCaseContent(input: {
  steps: unknown;
  assertions: unknown;
  sourceRecording: unknown;
}): CaseContent {
  const sourceRecording =
    input.sourceRecording == null
      ? null
      : parseOrThrow(
          z
            .array(RecordingAction, { error: 'must be an array' })
            .max(MAX_RECORDING_ACTIONS, `must have at most ${MAX_RECORDING_ACTIONS} actions`),
          input.sourceRecording,
          'source_recording',
        );
  const steps = parseOrThrow(
    z.array(Step, { error: 'must be an array' }).max(MAX_STEPS, `must have at most ${MAX_STEPS} steps`),
    input.steps,
    'steps',
  );
  const assertions = parseOrThrow(
    z
      .array(Assertion, { error: 'must be an array' })
      .max(MAX_ASSERTIONS, `must have at most ${MAX_ASSERTIONS} assertions`),
    input.assertions ?? [],
    'assertions',
  );
  const actions = sourceRecording?.length ?? 0;
  const normalised = steps.map((step, i): Step => {
    if (typeof step === 'string') return step;
    step.action_indices?.forEach((idx, j) => {
      if (idx >= actions)
        throw new AppError(
          'BAD_REQUEST',
          `steps[${i}].action_indices[${j}]: no action ${idx} in source_recording (${actions} actions)`,
        );
    });
    const { action_indices, ...rest } = step;
    return action_indices && action_indices.length > 0 ? { ...rest, action_indices } : rest;
  });
  return { steps: normalised, assertions, sourceRecording };
}

export interface RecordingDerived {
  step_count: number;
  has_source_recording: boolean;
  source_recording_summary: { total_actions: number; gesture_counts: Record<string, number> };
  source_gesture_list: string[];
  step_gesture_groups: number[][];
}

/** The derived case fields of the API, computed from the stored recording and steps. */
export function deriveRecordingFields(steps: unknown[], recording: unknown[] | null): RecordingDerived {
  const actions = (recording ?? []) as Array<{ type: string }>;
  const gestureCounts: Record<string, number> = {};
  for (const a of actions) gestureCounts[a.type] = (gestureCounts[a.type] ?? 0) + 1;
  return {
    step_count: steps.length,
    has_source_recording: actions.length > 0,
    source_recording_summary: { total_actions: actions.length, gesture_counts: gestureCounts },
    source_gesture_list: actions.map((a) => a.type),
    step_gesture_groups: steps.map((s) =>
      typeof s === 'object' && s !== null && Array.isArray((s as { action_indices?: unknown }).action_indices)
        ? [...(s as { action_indices: number[] }).action_indices]
        : [],
    ),
  };
}
