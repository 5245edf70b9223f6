import { z } from 'zod';
import { ApiTimestamp } from '../../http/api-time';
import { ACCESSIBILITY_SETTINGS, RECORD_VIDEO, RESET_STRATEGIES } from '../../db/schema';
import { CaseResponse } from './cases.schemas';
import { Name, PathId } from './catalogue.schemas';

const Pct = z.number().int().min(0).max(100).nullable();
// Each name is checked against the tag pattern by the service: an invalid one is the spec's 422.
const TagList = z.array(z.string()).max(50);

export const SuiteIdParams = z.object({ suite_id: PathId });

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
  app_id: z
    .number()
    .int()
    .positive()
    .nullish()
    .meta({ description: 'Legacy numeric app id; app_public_id is preferred' }),
  platform: z.enum(['ios', 'android']).nullish(),
  tags: TagList.optional(),
  accessibility: z
    .enum(ACCESSIBILITY_SETTINGS)
    .optional()
    .meta({ description: "Check every step's screen for accessibility findings (default warn)" }),
});
export type CreateSuiteBody = z.infer<typeof CreateSuiteBody>;

export const UpdateSuiteBody = z.object({
  name: Name.optional(),
  description: z.string().max(5000).nullable().optional(),
  reset_strategy: z.enum(RESET_STRATEGIES).optional(),
  /** How often a failed or errored case runs again in a suite run (0–3). */
  retries: z.number().int().min(0).max(3).optional(),
  record_video: z
    .enum(RECORD_VIDEO)
    .optional()
    .meta({ description: "Keep each run's screen recording always, only when it did not pass, or never record" }),
  accessibility: z.enum(ACCESSIBILITY_SETTINGS).optional().meta({
    description:
      "Check every step's screen for accessibility findings: off, warn (reported), fail (findings fail the run)",
  }),
  context: z.string().max(20000).nullable().optional(),
  variables: z.record(z.string().max(100), z.unknown()).optional(),
  visual_regression_warn_pct: Pct.optional(),
  visual_regression_fail_pct: Pct.optional(),
  tags: TagList.optional(),
});
export type UpdateSuiteBody = z.infer<typeof UpdateSuiteBody>;

export const ImportYamlQuery = z.object({ app_id: z.string().max(64).optional() });

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
  retries: z.number().int(),
  record_video: z.enum(RECORD_VIDEO),
  accessibility: z.enum(ACCESSIBILITY_SETTINGS),
});
export type SuiteResponse = z.infer<typeof SuiteResponse>;

export const SuiteWithCasesResponse = SuiteResponse.extend({ cases: z.array(CaseResponse) });
export type SuiteWithCasesResponse = z.infer<typeof SuiteWithCasesResponse>;

export const TagResponse = z.object({ name: z.string(), display_name: z.string(), suite_count: z.number().int() });
export type TagResponse = z.infer<typeof TagResponse>;

export const ImportResponse = z.object({ public_id: z.string(), name: z.string(), case_count: z.number().int() });
export type ImportResponse = z.infer<typeof ImportResponse>;
