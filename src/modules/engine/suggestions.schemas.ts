import { z } from 'zod';
import { PathId } from '../catalogue';

export const SuggestionParams = z.object({ run_id: PathId, index: z.coerce.number().int().min(0).max(10_000) });

export const AcceptedSuggestion = z.object({
  status: z.literal('accepted'),
  test_case_id: z.string().meta({ description: 'the case public id' }),
  step_index: z.number().int(),
  action_indices: z
    .array(z.number().int())
    .meta({ description: "the step's new action_indices into source_recording" }),
});
export type AcceptedSuggestion = z.infer<typeof AcceptedSuggestion>;
