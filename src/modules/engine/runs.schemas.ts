import { z } from 'zod';
import { ApiTimestamp } from '../../http/api-time';
import { QueryCount } from '../../http/schemas';
import { RESET_STRATEGIES, SUITE_RUN_STATUSES, TEST_RUN_STATUSES } from '../../db/schema';
import { PathId } from '../catalogue';

export const RunIdParams = z.object({ run_id: PathId });
export const SuiteRunIdParams = z.object({ suite_run_id: PathId });

export const UpdateRunQuery = z.object({
  status: z.enum(TEST_RUN_STATUSES),
  result_json: z
    .string()
    .max(5 * 1024 * 1024)
    .optional(),
  error_message: z.string().max(10000).optional(),
  duration_ms: QueryCount.optional(),
});
export type UpdateRunQuery = z.infer<typeof UpdateRunQuery>;

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

export const CaseAttempt = z.object({
  attempt: z.number().int(),
  run_id: z.string(),
  status: z.enum(TEST_RUN_STATUSES),
  duration_ms: z.number().int().nullable(),
  error_message: z.string().nullable(),
});
export type CaseAttempt = z.infer<typeof CaseAttempt>;

/** A session a suite run spread its cases over. */
export const SuiteShard = z.object({
  index: z.number().int(),
  session_id: z.string(),
  device_id: z.string().nullable(),
  device_name: z.string().nullable(),
  cases: z.number().int(),
  status: z.enum(['waiting', 'starting', 'running', 'finished', 'unused', 'lost']),
});

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
      /** Passed on a retry after a failed attempt. */
      flaky: z.boolean(),
      /** The case was quarantined when it ran: its failure did not fail the suite run. */
      quarantined: z.boolean(),
      /** Every attempt of the case in this run, the last one included. */
      attempts: z.array(CaseAttempt),
      /** The shard that ran the last attempt, and its device. */
      shard: z.number().int().nullable(),
      device_id: z.string().nullable(),
      device_name: z.string().nullable(),
    }),
  ),
  retries: z.number().int(),
  parallelism: z.number().int(),
  shards: z.array(SuiteShard),
});
export type SuiteRunResponse = z.infer<typeof SuiteRunResponse>;
