import { z } from 'zod';
import { ApiTimestamp } from '../../http/api-time';
import { QueryCount } from '../../http/schemas';
import { CASE_MODES, RESET_STRATEGIES, SOURCE_PLATFORMS, SUITE_RUN_STATUSES, TEST_RUN_STATUSES } from '../../db/schema';

const Name = z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');
const Pct = z.number().int().min(0).max(100).nullable();
// Each name is checked against the tag pattern by the service: an invalid one is the spec's 422.
const TagList = z.array(z.string()).max(50);
/** Validated in the service so that errors name the element (`source_recording[3].x: ...`). */
const Loose = (description: string) => z.array(z.unknown()).meta({ description });

export const SuiteIdParams = z.object({ suite_id: z.string().min(1).max(64) });
export const CaseIdParams = z.object({ case_id: z.string().min(1).max(64) });
export const SuiteCaseParams = z.object({ suite_id: z.string().min(1).max(64), case_id: z.string().min(1).max(64) });
export const RunIdParams = z.object({ run_id: z.string().min(1).max(64) });
export const SuiteRunIdParams = z.object({ suite_run_id: z.string().min(1).max(64) });
export const BaselineParams = z.object({ case_id: z.string().min(1).max(64), step_index: z.coerce.number().int().min(0).max(100000) });

export const ListSuitesQuery = z.object({
  app_id: z.string().max(64).optional().meta({ description: 'App public id' }),
  tags: z.string().max(2000).optional().meta({ description: 'Comma-separated tag names' }),
  match: z.enum(['any', 'all']).default('any'),
});
export type ListSuitesQuery = z.infer<typeof ListSuitesQuery>;

export const CreateSuiteBody = z.object({
  name: Name,
  description: z.string().max(5000).nullish(),
  app_public_id: z.string().max(64).nullish(),
  app_id: z.number().int().positive().nullish().meta({ description: 'Legacy numeric app id; app_public_id is preferred' }),
  platform: z.enum(['ios', 'android']).nullish(),
  tags: TagList.optional(),
});
export type CreateSuiteBody = z.infer<typeof CreateSuiteBody>;

export const UpdateSuiteBody = z.object({
  name: Name.optional(),
  description: z.string().max(5000).nullable().optional(),
  reset_strategy: z.enum(RESET_STRATEGIES).optional(),
  context: z.string().max(20000).nullable().optional(),
  variables: z.record(z.string().max(100), z.unknown()).optional(),
  visual_regression_warn_pct: Pct.optional(),
  visual_regression_fail_pct: Pct.optional(),
  tags: TagList.optional(),
});
export type UpdateSuiteBody = z.infer<typeof UpdateSuiteBody>;

const CaseContentFields = {
  steps: Loose('Steps: strings or {text, action_indices?, visual?}'),
  assertions: Loose('Assertions: strings or {text}').optional(),
  mode: z.enum(CASE_MODES).default('recorded'),
  context: z.string().max(20000).nullish(),
  source_recording: Loose('Recorded actions {type, t_ms, x?, y?, ...}').nullish(),
  source_device_width: z.number().int().min(1).max(10000).nullish(),
  source_device_height: z.number().int().min(1).max(10000).nullish(),
};

export const CreateSuiteCaseBody = z.object({ name: Name, ...CaseContentFields, fuzzy_match: z.boolean().default(true) });
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

export const ImportYamlQuery = z.object({ app_id: z.string().max(64).optional() });

export const UpdateRunQuery = z.object({
  status: z.enum(TEST_RUN_STATUSES),
  result_json: z.string().max(5 * 1024 * 1024).optional(),
  error_message: z.string().max(10000).optional(),
  duration_ms: QueryCount.optional(),
});
export type UpdateRunQuery = z.infer<typeof UpdateRunQuery>;

// ---- responses ----

export const TagRef = z.object({ name: z.string(), display_name: z.string() });

export const SuiteResponse = z.object({
  id: z.number().int(),
  public_id: z.string(),
  name: z.string(),
  description: z.string(),
  app_id: z.number().int().nullable(),
  app_public_id: z.string().nullable(),
  app_name: z.string().nullable(),
  platform: z.string().nullable(),
  case_count: z.number().int(),
  reset_strategy: z.enum(RESET_STRATEGIES),
  context: z.string().nullable(),
  variables: z.record(z.string(), z.unknown()),
  last_run_status: z.string().nullable(),
  last_run_at: ApiTimestamp.nullable(),
  created_at: ApiTimestamp,
  updated_at: ApiTimestamp,
  tags: z.array(TagRef),
  visual_regression_warn_pct: z.number().int().nullable(),
  visual_regression_fail_pct: z.number().int().nullable(),
});
export type SuiteResponse = z.infer<typeof SuiteResponse>;

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
  source_recording_summary: z.object({ total_actions: z.number().int(), gesture_counts: z.record(z.string(), z.number().int()) }),
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
});
export type CaseResponse = z.infer<typeof CaseResponse>;

export const SuiteWithCasesResponse = SuiteResponse.extend({ cases: z.array(CaseResponse) });

export const TagResponse = z.object({ name: z.string(), display_name: z.string(), suite_count: z.number().int() });

export const RunResponse = z.object({
  id: z.number().int(),
  public_id: z.string(),
  test_case_id: z.number().int(),
  test_case_public_id: z.string(),
  suite_run_id: z.number().int().nullable(),
  status: z.enum(TEST_RUN_STATUSES),
  started_at: ApiTimestamp,
  finished_at: ApiTimestamp.nullable(),
  result: z.unknown().nullable(),
  reasoning_log: z.unknown().nullable(),
  error_message: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  model_used: z.string().nullable(),
  tokens_used: z.number().int().nullable(),
  cost_micro: z.number().int().nullable(),
  cancel_requested_at: ApiTimestamp.nullable(),
});
export type RunResponse = z.infer<typeof RunResponse>;

export const SuiteRunResponse = z.object({
  id: z.number().int(),
  public_id: z.string(),
  suite_id: z.number().int(),
  suite_public_id: z.string(),
  session_id: z.string().nullable(),
  status: z.enum(SUITE_RUN_STATUSES),
  reset_strategy: z.enum(RESET_STRATEGIES),
  started_at: ApiTimestamp,
  finished_at: ApiTimestamp.nullable(),
  duration_ms: z.number().int().nullable(),
  error_message: z.string().nullable(),
  cancel_requested_at: ApiTimestamp.nullable(),
  test_runs: z.array(
    z.object({
      id: z.number().int(),
      public_id: z.string(),
      test_case_id: z.number().int(),
      test_case_public_id: z.string(),
      status: z.enum(TEST_RUN_STATUSES),
      duration_ms: z.number().int().nullable(),
      error_message: z.string().nullable(),
    }),
  ),
});
export type SuiteRunResponse = z.infer<typeof SuiteRunResponse>;

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

export const StatusResponse = z.object({ status: z.string() });
export const ImportResponse = z.object({ public_id: z.string(), name: z.string(), case_count: z.number().int() });
