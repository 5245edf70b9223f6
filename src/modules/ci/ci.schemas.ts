import { z } from 'zod';
import {
  CI_RUN_PHASES,
  CI_RUN_STATUSES,
  CI_RUN_TYPES,
  DEVICE_CATEGORIES,
  RUN_MODES,
  TEST_RUN_STATUSES,
  VISUAL_VERDICTS,
} from '../../db/schema';
import { ApiTimestamp } from '../../http/api-time';

const exclusiveDevice = (b: { device_id?: string; device_category?: string }) =>
  b.device_id === undefined || b.device_category === undefined;
const EXCLUSIVE = { message: 'give device_id or device_category, not both', path: ['device_id'] };
/** One pinned device cannot hold several shards. */
const onePinned = (b: { device_id?: string; parallelism?: number }) =>
  b.device_id === undefined || (b.parallelism ?? 1) === 1;
const ONE_PINNED = { message: 'a pinned device_id runs one shard: leave parallelism at 1', path: ['parallelism'] };

/** What every CI start takes besides its target. */
const RunOptions = {
  commit_sha: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{7,64}$/, 'must be a hexadecimal commit hash')
    .optional(),
  model: z.string().min(1).max(200).optional(),
  provider: z.string().min(1).max(50).optional(),
  mode: z.enum(RUN_MODES).default('hybrid'),
  device_category: z
    .enum(DEVICE_CATEGORIES)
    .optional()
    .meta({ description: 'phone when neither this nor device_id is given' }),
  device_id: z.string().min(1).max(100).optional().meta({ description: 'Pins a device (its string device_id)' }),
  metadata: z.record(z.string(), z.unknown()).optional().meta({
    description:
      'Passed through unchanged into the webhook payloads of the run (at most 16 KB of JSON, nested at most 8 levels)',
  }),
  build_id: z.number().int().positive().max(2_147_483_647).optional(),
};
export type CiRunOptions = z.infer<z.ZodObject<typeof RunOptions>>;

/** A device matrix target: the whole suite runs once on a device of this kind. */
export const DeviceTarget = z
  .object({
    device_type: z.enum(['ios', 'android']),
    category: z.enum(DEVICE_CATEGORIES).optional().meta({ description: 'phone or tablet when not given' }),
    model: z.string().trim().min(1).max(100).optional().meta({ description: 'a model as GET /devices names it' }),
    os_version: z.string().trim().min(1).max(50).optional(),
  })
  .strict();
export type DeviceTarget = z.infer<typeof DeviceTarget>;

/** A matrix picks its own devices: no device_id or device_category besides it. */
const matrixAlone = (b: { devices?: unknown; device_id?: string; device_category?: string }) =>
  b.devices === undefined || (b.device_id === undefined && b.device_category === undefined);
const MATRIX_ALONE = {
  message: 'devices names every target: leave out device_id and device_category',
  path: ['devices'],
};

/** What a suite run takes beyond a test run (additive). */
const SuiteOptions = {
  retries: z
    .number()
    .int()
    .min(0)
    .max(3)
    .optional()
    .meta({ description: "Runs a failed or errored case again up to this often (default: the suite's setting)" }),
  parallelism: z.number().int().min(1).max(32).optional().meta({
    description:
      'Spreads the cases over this many sessions, allocated through the queue and plan caps (default 1); run-suites also runs the suites side by side',
  }),
  devices: z.array(DeviceTarget).min(1, 'give 1 to 10 targets').max(10, 'give 1 to 10 targets').optional().meta({
    description:
      'A device matrix: the whole suite runs once per target (each with parallelism), results grouped per target. A target no device of the fleet can serve is refused up front (409).',
  }),
};
export type CiSuiteOptions = z.infer<z.ZodObject<typeof SuiteOptions>>;

export const RunSuiteBody = z
  .object({
    suite_id: z.string().min(1).max(64).meta({ description: 'Suite public id' }),
    ...RunOptions,
    ...SuiteOptions,
  })
  .refine(exclusiveDevice, EXCLUSIVE)
  .refine(onePinned, ONE_PINNED)
  .refine(matrixAlone, MATRIX_ALONE);
export type RunSuiteBody = z.infer<typeof RunSuiteBody>;

export const RunTestBody = z
  .object({ test_id: z.string().min(1).max(64).meta({ description: 'Case public id' }), ...RunOptions })
  .refine(exclusiveDevice, EXCLUSIVE);
export type RunTestBody = z.infer<typeof RunTestBody>;

export const RunStarted = z.object({
  run_id: z.string(),
  status: z.literal('pending'),
  status_url: z.string().meta({ description: 'additive: the path to poll' }),
});

export const CiRunParams = z.object({ run_id: z.string().min(1).max(64) });
export const MultiSuiteRunParams = z.object({ public_id: z.string().min(1).max(64) });

export const ListCiSuitesQuery = z.object({
  tags: z.string().max(2000).optional(),
  match: z.enum(['any', 'all']).default('any'),
});
export type ListCiSuitesQuery = z.infer<typeof ListCiSuitesQuery>;

const Tag = z.object({ name: z.string(), display_name: z.string() });
export const CiSuite = z.object({
  id: z.string(),
  name: z.string(),
  platform: z.string().nullable(),
  case_count: z.number().int(),
  description: z.string().nullable(),
  tags: z.array(Tag),
});
export type CiSuite = z.infer<typeof CiSuite>;

export const RunSuitesBody = z
  .object({
    tags: z.array(z.string().max(200)).min(1, 'give 1 to 20 tags').max(20, 'give 1 to 20 tags'),
    match: z.enum(['any', 'all']).default('any'),
    ...RunOptions,
    ...SuiteOptions,
  })
  .refine(exclusiveDevice, EXCLUSIVE)
  .refine(onePinned, ONE_PINNED)
  .refine(matrixAlone, MATRIX_ALONE);
export type RunSuitesBody = z.infer<typeof RunSuitesBody>;

export const RunSuitesStarted = z.object({
  aggregate_id: z.string(),
  matched_suite_ids: z.array(z.string()),
  status_url: z.string(),
});

const Visual = z.enum(VISUAL_VERDICTS).nullable();

/** A case of a suite run, in the poll payload once the run is terminal. */
export const CaseResult = z.object({
  case_id: z.string(),
  case_name: z.string(),
  run_id: z.string(),
  status: z.enum(TEST_RUN_STATUSES),
  duration_ms: z.number().int().nullable(),
  error_message: z.string().nullable(),
  visual_regression_status: Visual,
  url: z.string(),
  /** Passed on a retry after a failed attempt (counts as passed). */
  flaky: z.boolean(),
  /** Quarantined when it ran: its failure did not fail the run. */
  quarantined: z.boolean(),
  attempts: z.array(
    z.object({
      attempt: z.number().int(),
      run_id: z.string(),
      status: z.enum(TEST_RUN_STATUSES),
      duration_ms: z.number().int().nullable(),
      error_message: z.string().nullable(),
    }),
  ),
  /** The shard (session) and device that ran the case's last attempt. */
  shard: z.number().int().nullable(),
  device_id: z.string().nullable(),
  device_name: z.string().nullable(),
  /** The device matrix target (its index in `devices`) the case ran for; null without a matrix. */
  target: z.number().int().nullable(),
});
export type CaseResult = z.infer<typeof CaseResult>;

/** A step of a test run, in the poll payload once the run is terminal. */
export const StepResult = z.object({
  index: z.number().int(),
  text: z.string(),
  status: z.string(),
  resolved_by: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  error: z.string().nullable(),
  visual: z.object({ diff_pct: z.number(), verdict: z.enum(VISUAL_VERDICTS) }).nullable(),
  screenshot: z.string().nullable(),
});
export type StepResult = z.infer<typeof StepResult>;

export const ProgressEntry = z.object({ at: ApiTimestamp, message: z.string() });

const Shard = z.object({
  index: z.number().int(),
  session_id: z.string(),
  device_id: z.string().nullable(),
  device_name: z.string().nullable(),
  cases: z.number().int(),
  status: z.enum(['waiting', 'starting', 'running', 'finished', 'unused', 'lost']),
});

export const CiRunPayload = z.object({
  run_id: z.string(),
  type: z.enum(CI_RUN_TYPES),
  status: z.enum(CI_RUN_STATUSES),
  run_url: z.string(),
  commit_sha: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  created_at: ApiTimestamp,
  started_at: ApiTimestamp.nullable(),
  finished_at: ApiTimestamp.nullable(),
  duration_ms: z.number().int().nullable(),
  error_message: z.string().nullable(),
  queue: z.object({ position: z.number().int() }).nullable(),
  progress: z.array(ProgressEntry),
  results: z.union([z.array(CaseResult), z.array(StepResult)]).nullable(),
  /** A suite run's sessions (shards) with their devices; null for a test run or before the suite run started. */
  shards: z.array(Shard).nullable(),
  /** A device matrix run: one entry per target with its own CI run, roll-up and shards; null without `devices`. */
  targets: z
    .array(
      z.object({
        index: z.number().int(),
        device_type: z.enum(['ios', 'android']),
        category: z.enum(DEVICE_CATEGORIES).nullable(),
        model: z.string().nullable(),
        os_version: z.string().nullable(),
        run_id: z.string().meta({ description: 'The CI run of this target (GET /ci/runs/{run_id})' }),
        status: z.enum(CI_RUN_STATUSES),
        engine_run_id: z.string().nullable(),
        session_id: z.string().nullable(),
        passed: z.number().int(),
        failed: z.number().int(),
        flaky: z.number().int(),
        quarantined: z.number().int(),
        duration_ms: z.number().int().nullable(),
        error_message: z.string().nullable(),
        shards: z.array(Shard).nullable(),
      }),
    )
    .nullable()
    .meta({ description: 'additive' }),
  /** The matrix run this run is one target of. */
  matrix_run_id: z.string().nullable().meta({ description: 'additive' }),
  phase: z.enum(CI_RUN_PHASES).meta({ description: 'additive' }),
  suite_id: z.string().nullable().meta({ description: 'additive: the suite (suite_run)' }),
  test_id: z.string().nullable().meta({ description: 'additive: the case (test_run)' }),
  name: z.string().meta({ description: "additive: the suite's or case's name" }),
  session_id: z.string().nullable().meta({ description: 'additive' }),
  engine_run_id: z
    .string()
    .nullable()
    .meta({ description: 'additive: the suite run (srun_…) or test run (run_…) executing' }),
  visual_regression_status: Visual.meta({ description: 'additive' }),
  multi_suite_run_id: z.string().nullable().meta({ description: 'additive' }),
});
export type CiRunPayload = z.infer<typeof CiRunPayload>;

export const MultiSuiteRun = z.object({
  id: z.string(),
  status: z.enum(CI_RUN_STATUSES),
  visual_regression_status: Visual,
  suite_runs: z.array(
    z.object({
      suite_id: z.string(),
      suite_name: z.string(),
      run_id: z.string(),
      status: z.enum(CI_RUN_STATUSES),
      passed: z.number().int(),
      failed: z.number().int(),
      visual_regression_status: Visual,
      case_runs: z.array(
        z.object({
          case_name: z.string(),
          run_id: z.string(),
          status: z.enum(TEST_RUN_STATUSES),
          visual_regression_status: Visual,
          duration_ms: z.number().int().nullable(),
          url: z.string(),
        }),
      ),
      suite_run_id: z.string().nullable().meta({ description: 'additive: the engine suite run (srun_…)' }),
      error_message: z.string().nullable().meta({ description: 'additive' }),
    }),
  ),
  started_at: ApiTimestamp,
  completed_at: ApiTimestamp.nullable(),
  commit_sha: z.string().nullable(),
  tags: z.array(z.string()).meta({ description: 'additive' }),
  match: z.enum(['any', 'all']).meta({ description: 'additive' }),
  metadata: z.record(z.string(), z.unknown()).nullable().meta({ description: 'additive' }),
});
export type MultiSuiteRun = z.infer<typeof MultiSuiteRun>;

export const CancellationRequested = z.object({ status: z.literal('cancellation_requested') });
