import { z } from 'zod';
import { ApiTimestamp } from '../../http/api-time';
import { PathId } from './catalogue.schemas';

export const BaselineFileParams = z.object({
  case_id: PathId,
  file: z.string().regex(/^step_\d{1,6}\.jpg$/, 'must be step_<index>.jpg'),
});

export const BaselineResponse = z.object({
  step_index: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  device_name: z.string().nullable(),
  source_run_id: z.string().nullable().meta({ description: 'Public id of the run that wrote the baseline' }),
  image_url: z.string(),
  created_at: ApiTimestamp,
  updated_at: ApiTimestamp,
});
export type BaselineResponse = z.infer<typeof BaselineResponse>;

export const BaselineHistoryEntry = z.object({
  step_index: z.number().int(),
  change: z.enum(['written_by_passed_run', 'approved', 'deleted']).meta({
    description:
      "written_by_passed_run: a passed run wrote the missing baseline; approved: a developer approved a run's screenshot; deleted: removed",
  }),
  source_run_id: z
    .string()
    .nullable()
    .meta({ description: 'Public id of the run whose screenshot became the baseline' }),
  by: z.string().meta({ description: 'Who made the change (an email, or "system" for a run)' }),
  at: ApiTimestamp,
});
export type BaselineHistoryEntry = z.infer<typeof BaselineHistoryEntry>;

export const ApproveBaselinesBody = z
  .object({
    step_indexes: z.array(z.number().int().min(0).max(100_000)).min(1).max(5000).optional().meta({
      description: 'Steps (0-based) whose screenshots become baselines; all steps with a screenshot when omitted',
    }),
  })
  .strict();
export type ApproveBaselinesBody = z.infer<typeof ApproveBaselinesBody>;

export const ApprovedBaselines = z.object({
  step_indexes: z.array(z.number().int()).meta({ description: 'The steps whose baselines were replaced' }),
});
