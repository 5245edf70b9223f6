import { z } from 'zod';

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

export const CheckStepsResponse = z.object({
  test_case_id: z.string(),
  screens_used: z.number().int().meta({
    description: 'recorded screens the steps were read against (runs keep screenshots, not UI trees: 0 for now)',
  }),
  understood: z.number().int(),
  total: z.number().int(),
  steps: z.array(StepCheck),
});
export type CheckStepsResponse = z.infer<typeof CheckStepsResponse>;
