import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts';
import { apps } from './apps';
import { createdAt, ts, updatedAt } from './columns';

// The test catalogue (suites, tags, cases, baselines) and the test runs and suite runs recorded
// against it. Table names keep their `test_` prefix.

export const RESET_STRATEGIES = ['relaunch', 'clear_data', 'reinstall'] as const;
/** Whether a test run keeps its screen recording: always, only when it did not pass, or never records. */
export const RECORD_VIDEO = ['always', 'on_failure', 'never'] as const;
export type RecordVideo = (typeof RECORD_VIDEO)[number];
/** Whether a test run checks each step's screen for accessibility, and whether findings fail it (docs/accessibility.md). */
export const ACCESSIBILITY_SETTINGS = ['off', 'warn', 'fail'] as const;
export type AccessibilitySetting = (typeof ACCESSIBILITY_SETTINGS)[number];
export type ResetStrategy = (typeof RESET_STRATEGIES)[number];
export const CASE_MODES = ['ai', 'recorded'] as const;
export type CaseMode = (typeof CASE_MODES)[number];
export const SOURCE_PLATFORMS = ['ios', 'android', 'tvos', 'androidtv'] as const;
export type SourcePlatform = (typeof SOURCE_PLATFORMS)[number];
export const TEST_RUN_STATUSES = ['pending', 'running', 'passed', 'failed', 'error'] as const;
export type TestRunStatus = (typeof TEST_RUN_STATUSES)[number];
export const SUITE_RUN_STATUSES = ['pending', 'running', 'passed', 'failed', 'cancelled', 'error'] as const;
export type SuiteRunStatus = (typeof SUITE_RUN_STATUSES)[number];

/** How a run settles steps (docs/design/0016-execution.md). */
export const RUN_MODES = ['hybrid', 'ai', 'replay'] as const;
export type RunMode = (typeof RUN_MODES)[number];
export const VISUAL_VERDICTS = ['ok', 'warn', 'fail'] as const;
export type VisualVerdict = (typeof VISUAL_VERDICTS)[number];

export const DEFAULT_VISUAL_WARN_PCT = 10;
export const DEFAULT_VISUAL_FAIL_PCT = 25;

/**
 * What an executed run (test or suite) was asked for and how it is doing; null on runs that were
 * only recorded (POST /tests/cases/{id}/run, PATCH).
 */
function executionColumns() {
  return {
    mode: text('mode', { enum: RUN_MODES }),
    /** Per-run override of the cases' fuzzy_match. */
    fuzzyMatch: boolean('fuzzy_match'),
    buildId: integer('build_id'),
    model: text('model'),
    provider: text('provider'),
    /** Touched by the executor while it works; a stale one means the run was interrupted. */
    heartbeatAt: ts('heartbeat_at'),
    visualRegressionStatus: text('visual_regression_status', { enum: VISUAL_VERDICTS }),
    /** The accessibility findings' roll-up: ok, warn, fail; null when the check was off. */
    accessibilityStatus: text('accessibility_status', { enum: VISUAL_VERDICTS }),
    /** Passed through unchanged into the run's events (CI metadata). */
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    /** A step without a baseline gets one from this run; false for runs a viewer started (they compare only). */
    writesBaselines: boolean('writes_baselines').notNull().default(true),
  };
}

export const testSuites = pgTable(
  'test_suites',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Deleting the app keeps the suite and its cases; only the link goes. */
    appId: integer('app_id').references(() => apps.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description'),
    platform: text('platform', { enum: ['ios', 'android'] }),
    resetStrategy: text('reset_strategy', { enum: RESET_STRATEGIES }).notNull().default('relaunch'),
    context: text('context'),
    variables: jsonb('variables').$type<Record<string, unknown>>().notNull().default({}),
    /** null disables the tier; when both are set warn < fail. */
    visualWarnPct: integer('visual_warn_pct').default(DEFAULT_VISUAL_WARN_PCT),
    visualFailPct: integer('visual_fail_pct').default(DEFAULT_VISUAL_FAIL_PCT),
    /** How many times a failed or errored case runs again in a suite run (0–3; a run may override). */
    retries: integer('retries').notNull().default(0),
    recordVideo: text('record_video', { enum: RECORD_VIDEO }).notNull().default('always'),
    accessibility: text('accessibility', { enum: ACCESSIBILITY_SETTINGS }).notNull().default('warn'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('test_suites_public_id_idx').on(t.publicId),
    index('test_suites_org_idx').on(t.organizationId, t.id),
    index('test_suites_app_idx').on(t.appId),
  ],
);

/** Tags per organization: `name` is the lower-cased key, `displayName` the first-seen casing. */
export const testTags = pgTable(
  'test_tags',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    displayName: text('display_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('test_tags_org_name_idx').on(t.organizationId, t.name)],
);

export const testSuiteTags = pgTable(
  'test_suite_tags',
  {
    suiteId: integer('suite_id')
      .notNull()
      .references(() => testSuites.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => testTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.suiteId, t.tagId] }), index('test_suite_tags_tag_idx').on(t.tagId)],
);

export const testCases = pgTable(
  'test_cases',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** null for a standalone case. */
    suiteId: integer('suite_id').references(() => testSuites.id, { onDelete: 'cascade' }),
    /** Set on standalone cases; a suite case uses its suite's app. */
    appId: integer('app_id').references(() => apps.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    mode: text('mode', { enum: CASE_MODES }).notNull().default('recorded'),
    steps: jsonb('steps').$type<unknown[]>().notNull().default([]),
    assertions: jsonb('assertions').$type<unknown[]>().notNull().default([]),
    context: text('context'),
    sourceRecording: jsonb('source_recording').$type<unknown[] | null>(),
    sourceDeviceWidth: integer('source_device_width'),
    sourceDeviceHeight: integer('source_device_height'),
    sourcePlatform: text('source_platform', { enum: SOURCE_PLATFORMS }),
    fuzzyMatch: boolean('fuzzy_match').notNull().default(true),
    isReusable: boolean('is_reusable').notNull().default(false),
    /** Internal ids of reusable cases run before this case's steps, in order. */
    subFlowIds: jsonb('sub_flow_ids').$type<number[]>().notNull().default([]),
    /** A Maestro flow kept verbatim: its file and the files it reaches (docs/maestro.md); null for other cases. */
    maestroFlow: jsonb('maestro_flow').$type<{
      file: string;
      files: Record<string, { source: string; flow: unknown; encoding?: 'base64' }>;
    } | null>(),
    /** Set while the case is quarantined: it still runs, but its failure fails nothing. */
    quarantinedAt: ts('quarantined_at'),
    quarantineReason: text('quarantine_reason'),
    quarantinedByUserId: integer('quarantined_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('test_cases_public_id_idx').on(t.publicId),
    index('test_cases_suite_idx').on(t.suiteId, t.id),
    index('test_cases_org_idx').on(t.organizationId, t.id),
    // Creating a standalone case whose name exists for the same app updates it in place.
    uniqueIndex('test_cases_standalone_name_idx').on(t.organizationId, t.appId, t.name).where(sql`suite_id IS NULL`),
  ],
);

export const suiteRuns = pgTable(
  'suite_runs',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    suiteId: integer('suite_id')
      .notNull()
      .references(() => testSuites.id, { onDelete: 'cascade' }),
    sessionId: text('session_id'),
    status: text('status', { enum: SUITE_RUN_STATUSES }).notNull().default('pending'),
    resetStrategy: text('reset_strategy', { enum: RESET_STRATEGIES }).notNull(),
    startedAt: ts('started_at').defaultNow().notNull(),
    finishedAt: ts('finished_at'),
    durationMs: integer('duration_ms'),
    errorMessage: text('error_message'),
    /** Set by a cancel request; the engine stops after the current case when it sees it. */
    cancelRequestedAt: ts('cancel_requested_at'),
    ...executionColumns(),
    /** Extra attempts a failed or errored case gets (the suite's setting or the run's override). */
    retries: integer('retries').notNull().default(0),
    /** How many sessions (shards) the cases are spread over; shard 0 is the run's own session. */
    parallelism: integer('parallelism').notNull().default(1),
    /** The session of each shard, by shard index, as they were created. */
    shardSessionIds: jsonb('shard_session_ids').$type<string[]>().notNull().default([]),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The API token that started it, when one did (its owner for the role rules; no reference: it may be deleted). */
    createdByApiTokenId: integer('created_by_api_token_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('suite_runs_public_id_idx').on(t.publicId),
    index('suite_runs_suite_idx').on(t.suiteId, t.id.desc()),
  ],
);

export const testRuns = pgTable(
  'test_runs',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    testCaseId: integer('test_case_id')
      .notNull()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    suiteRunId: integer('suite_run_id').references(() => suiteRuns.id, { onDelete: 'cascade' }),
    status: text('status', { enum: TEST_RUN_STATUSES }).notNull().default('pending'),
    startedAt: ts('started_at').defaultNow().notNull(),
    finishedAt: ts('finished_at'),
    result: jsonb('result'),
    reasoningLog: jsonb('reasoning_log'),
    errorMessage: text('error_message'),
    durationMs: integer('duration_ms'),
    modelUsed: text('model_used'),
    tokensUsed: integer('tokens_used'),
    costMicro: bigint('cost_micro', { mode: 'number' }),
    /** Bytes of the run's stored screenshots and diff images, counted against the storage quota. */
    artifactBytes: bigint('artifact_bytes', { mode: 'number' }).notNull().default(0),
    /** Set by a cancel request on a running run; the engine ends the run as error "Cancelled". */
    cancelRequestedAt: ts('cancel_requested_at'),
    ...executionColumns(),
    /** The session the run drives. */
    sessionId: text('session_id'),
    /** Human-readable warnings given when the run started (usage thresholds...). */
    warnings: jsonb('warnings').$type<string[]>(),
    /** 1 for a case's first run in a suite run, 2… for its retries. */
    attempt: integer('attempt').notNull().default(1),
    /** The attempts this case may take in its suite run (1 + retries). */
    maxAttempts: integer('max_attempts').notNull().default(1),
    /** The next attempt of the same case, once this one failed and was retried. */
    retriedByRunId: integer('retried_by_run_id'),
    /** A final attempt that passed after a failed one. */
    flaky: boolean('flaky').notNull().default(false),
    /** The case was quarantined when this run started: its failure fails nothing. */
    quarantined: boolean('quarantined').notNull().default(false),
    /** The shard of its suite run that ran it, and the device (suite runs only). */
    shard: integer('shard'),
    deviceId: text('device_id'),
    deviceName: text('device_name'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The API token that started it, when one did (its owner for the role rules; no reference: it may be deleted). */
    createdByApiTokenId: integer('created_by_api_token_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('test_runs_public_id_idx').on(t.publicId),
    index('test_runs_case_idx').on(t.testCaseId, t.id.desc()),
    index('test_runs_suite_run_idx').on(t.suiteRunId, t.id),
    // Runs in flight, whose cost is not settled yet: usage credit counts them as spent.
    index('test_runs_active_org_idx').on(t.organizationId).where(sql`status IN ('pending', 'running')`),
  ],
);

/** One baseline screenshot per case step; the JPEG lives in storage at `storageKey`. */
export const testBaselines = pgTable(
  'test_baselines',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    testCaseId: integer('test_case_id')
      .notNull()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    stepIndex: integer('step_index').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    deviceName: text('device_name'),
    sourceRunId: integer('source_run_id').references(() => testRuns.id, { onDelete: 'set null' }),
    storageKey: text('storage_key').notNull(),
    /** Bytes of the stored JPEG, counted against the organization's storage quota. */
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('test_baselines_case_step_idx').on(t.testCaseId, t.stepIndex)],
);

/**
 * The screens a finished run read its case's steps and assertions on (compacted and capped UI trees,
 * `RunScreens` of the engine's recorded-screens), one row per run that kept any: the case editor's
 * check reads each line against the screen it ran on. Its bytes count in the run's `artifact_bytes`.
 */
export const testRunScreens = pgTable(
  'test_run_screens',
  {
    runId: integer('run_id')
      .primaryKey()
      .references(() => testRuns.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    testCaseId: integer('test_case_id')
      .notNull()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    screens: jsonb('screens').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('test_run_screens_case_idx').on(t.testCaseId, t.runId.desc())],
);
