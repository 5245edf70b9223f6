import { z } from 'zod';
import { MAX_ASSERTIONS, MAX_STEP_TEXT, MAX_STEPS } from '../catalogue';

const Text = z.string().max(MAX_STEP_TEXT, `must be at most ${MAX_STEP_TEXT} characters`);
const Steps = z
  .array(Text)
  .max(MAX_STEPS, `must have at most ${MAX_STEPS} steps`)
  .meta({ description: 'Step sentences, bounded like a case: an empty one reads as not understood' });
const Assertions = z
  .array(Text)
  .max(MAX_ASSERTIONS, `must have at most ${MAX_ASSERTIONS} assertions`)
  .meta({ description: 'Assertion sentences, bounded like a case' });

/** Unsaved text from an editor, read instead of the saved case (each list that is given). */
export const CheckCaseStepsBody = z
  .strictObject({ steps: Steps.optional(), assertions: Assertions.optional() })
  .nullish()
  .meta({ description: 'Unsaved steps and/or assertions to read instead of the saved ones; omit to read the case' });
export type CheckCaseStepsBody = z.infer<typeof CheckCaseStepsBody>;

/** A new case's editor: text read before a case exists. */
export const CheckDraftStepsBody = z.strictObject({
  app_id: z.string().min(1).max(64).optional().meta({ description: 'App public id the steps are for (checked)' }),
  steps: Steps,
  assertions: Assertions.optional(),
});
export type CheckDraftStepsBody = z.infer<typeof CheckDraftStepsBody>;

export const StepCheck = z.object({
  kind: z.enum(['step', 'assertion']),
  index: z.number().int().meta({ description: '0-based position among the case steps (or assertions)' }),
  text: z.string(),
  status: z.enum(['understood', 'needs_model', 'not_understood']).meta({
    description:
      'understood: the free interpreter reads it (with `intent`); needs_model: it names an action or check the interpreter cannot settle alone, a model run can; not_understood: no known verb or check',
  }),
  intent: z
    .string()
    .nullable()
    .meta({ description: 'the intent class read (tap, type, navigate, check_value, composite, …)' }),
  reason: z.string().nullable(),
  suggestions: z.array(z.string()).meta({ description: 'forms the interpreter would read, closest first' }),
});
export type StepCheck = z.infer<typeof StepCheck>;

export const CheckStepsResponse = z.object({
  test_case_id: z
    .string()
    .nullable()
    .meta({ description: 'the case read; null for text checked before a case exists' }),
  screens_used: z.number().int().meta({
    description:
      "lines read against the screen the case's most recent run that kept screens recorded for them (a line edited since that run, or without a recorded screen, is read by its text alone); 0 for text checked before a case exists",
  }),
  understood: z.number().int(),
  total: z.number().int(),
  steps: z.array(StepCheck),
});
export type CheckStepsResponse = z.infer<typeof CheckStepsResponse>;
