import { z } from 'zod';
import { ApiTimestamp } from '../../http/api-time';
import { CASE_MODES, SOURCE_PLATFORMS } from '../../db/schema';
import { Name, PathId } from './catalogue.schemas';

/** Validated in the service so that errors name the element (`source_recording[3].x: ...`). */
const Loose = (description: string) => z.array(z.unknown()).meta({ description });

export const CaseIdParams = z.object({ case_id: PathId });
export const SuiteCaseParams = z.object({ suite_id: PathId, case_id: PathId });

const CaseContentFields = {
  steps: Loose('Steps: strings or {text, action_indices?, visual?}'),
  assertions: Loose('Assertions: strings or {text}').optional(),
  mode: z.enum(CASE_MODES).default('recorded'),
  context: z.string().max(20000).nullish(),
  source_recording: Loose('Recorded actions {type, t_ms, x?, y?, ...}').nullish(),
  source_device_width: z.number().int().min(1).max(10000).nullish(),
  source_device_height: z.number().int().min(1).max(10000).nullish(),
};

export const CreateSuiteCaseBody = z.object({
  name: Name,
  ...CaseContentFields,
  fuzzy_match: z.boolean().default(true),
});
export type CreateSuiteCaseBody = z.infer<typeof CreateSuiteCaseBody>;

export const CreateStandaloneCaseBody = z.object({
  name: Name,
  app_id: z.string().min(1).max(64).meta({ description: 'App public id' }),
  ...CaseContentFields,
  source_platform: z.enum(SOURCE_PLATFORMS).nullish(),
  fuzzy_match: z.boolean().default(true),
});
export type CreateStandaloneCaseBody = z.infer<typeof CreateStandaloneCaseBody>;

export const UpdateCaseBody = z.object({
  name: Name.optional(),
  steps: Loose('Steps').optional(),
  assertions: Loose('Assertions').optional(),
  context: z.string().max(20000).nullable().optional(),
  app_id: z.string().min(1).max(64).optional().meta({ description: 'App public id (standalone cases only)' }),
  sub_flow_ids: z.array(z.string().min(1).max(64)).max(50).optional(),
  source_recording: Loose('Recorded actions').nullable().optional(),
  source_device_width: z.number().int().min(1).max(10000).nullable().optional(),
  source_device_height: z.number().int().min(1).max(10000).nullable().optional(),
  fuzzy_match: z.boolean().optional(),
  is_reusable: z.boolean().optional(),
  mode: z.enum(CASE_MODES).optional(),
});
export type UpdateCaseBody = z.infer<typeof UpdateCaseBody>;

export const CopyCaseBody = z.object({ target_suite_id: z.string().min(1).max(64) });

export const ListCasesQuery = z.object({
  reusable: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
});

export const CaseResponse = z.object({
  id: z.number().int(),
  public_id: z.string(),
  suite_id: z.number().int().nullable(),
  suite_public_id: z.string().nullable(),
  app_id: z.number().int().nullable(),
  app_public_id: z.string().nullable(),
  name: z.string(),
  mode: z.enum(CASE_MODES),
  steps: z.array(z.unknown()),
  assertions: z.array(z.unknown()),
  step_count: z.number().int(),
  has_source_recording: z.boolean(),
  source_recording_summary: z.object({
    total_actions: z.number().int(),
    gesture_counts: z.record(z.string(), z.number().int()),
  }),
  source_gesture_list: z.array(z.string()),
  step_gesture_groups: z.array(z.array(z.number().int())),
  source_recording: z.array(z.unknown()).nullable(),
  source_device_width: z.number().int().nullable(),
  source_device_height: z.number().int().nullable(),
  source_platform: z.enum(SOURCE_PLATFORMS).nullable(),
  context: z.string().nullable(),
  fuzzy_match: z.boolean(),
  is_reusable: z.boolean(),
  sub_flow_ids: z.array(z.string()),
  created_at: ApiTimestamp,
  updated_at: ApiTimestamp,
  recent_run_statuses: z.array(z.string()).optional(),
  /** Set while the case is quarantined: it runs and is reported, but its failure fails nothing. */
  quarantine: z
    .object({ reason: z.string(), quarantined_at: ApiTimestamp, quarantined_by_user_id: z.number().int().nullable() })
    .nullable(),
  /** On GET of one case: how flaky its recent runs were. */
  flakiness: z
    .object({
      score: z.number(),
      runs: z.number().int(),
      flaky_runs: z.number().int(),
      alternations: z.number().int(),
    })
    .optional(),
});
export type CaseResponse = z.infer<typeof CaseResponse>;

export const QuarantineBody = z.object({ reason: z.string().trim().min(1).max(500) });
export const ReleaseQuarantineQuery = z.object({ reason: z.string().trim().min(1).max(500).optional() });
