import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts';
import { DEVICE_CATEGORIES } from './sessions';
import { RUN_MODES, testSuites, VISUAL_VERDICTS } from './catalogue';
import { createdAt, ts } from './columns';

// CI runs: a suite or a case run headlessly on a device allocated for it (docs/design/0020-ci-runs.md),
// and multi-suite runs that group the CI runs of suites matched by tags.

export const CI_RUN_TYPES = ['suite_run', 'test_run'] as const;
export type CiRunType = (typeof CI_RUN_TYPES)[number];
export const CI_RUN_STATUSES = ['pending', 'running', 'passed', 'failed', 'cancelled', 'error'] as const;
export type CiRunStatus = (typeof CI_RUN_STATUSES)[number];
/**
 * Where the orchestration of a CI run stands: `waiting_turn` (a multi-suite child whose earlier
 * siblings still run), `allocating`, `queued` (waiting for a device), `starting` (booting),
 * `running` (the engine run executes), `finished`.
 */
export const CI_RUN_PHASES = ['waiting_turn', 'allocating', 'queued', 'starting', 'running', 'finished'] as const;
export type CiRunPhase = (typeof CI_RUN_PHASES)[number];

/** One target of a device matrix: the whole suite runs once on a device of this kind. */
export interface CiMatrixTarget {
  device_type: 'ios' | 'android';
  category: (typeof DEVICE_CATEGORIES)[number] | null;
  model: string | null;
  os_version: string | null;
}

export interface CiProgressEntry {
  at: string;
  message: string;
}

/** Who asked for the CI run: its session and engine run act on their behalf. */
export type CiActor =
  | { kind: 'user'; userId: number; email: string }
  | { kind: 'api_token'; tokenId: number; userId: number | null; email: string };

export const multiSuiteRuns = pgTable(
  'multi_suite_runs',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    tags: jsonb('tags').$type<string[]>().notNull(),
    match: text('match', { enum: ['any', 'all'] }).notNull(),
    commitSha: text('commit_sha'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('multi_suite_runs_public_id_idx').on(t.publicId),
    index('multi_suite_runs_org_idx').on(t.organizationId, t.id),
  ],
);

export const ciRuns = pgTable(
  'ci_runs',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    type: text('type', { enum: CI_RUN_TYPES }).notNull(),
    /** The suite (suite_run) or case (test_run): internal id, public id and name when the run was asked for. */
    targetId: integer('target_id').notNull(),
    targetPublicId: text('target_public_id').notNull(),
    targetName: text('target_name').notNull(),
    suiteId: integer('suite_id').references(() => testSuites.id, { onDelete: 'set null' }),
    multiSuiteRunId: integer('multi_suite_run_id').references(() => multiSuiteRuns.id, { onDelete: 'cascade' }),
    /** Order within the multi-suite run. */
    position: integer('position').notNull().default(0),
    status: text('status', { enum: CI_RUN_STATUSES }).notNull().default('pending'),
    phase: text('phase', { enum: CI_RUN_PHASES }).notNull().default('allocating'),
    commitSha: text('commit_sha'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    mode: text('mode', { enum: RUN_MODES }).notNull(),
    model: text('model'),
    provider: text('provider'),
    /** The device wanted: a platform and a category, or one pinned device. */
    deviceType: text('device_type', { enum: ['ios', 'android'] }).notNull(),
    deviceCategory: text('device_category', { enum: DEVICE_CATEGORIES }),
    pinnedDeviceId: text('pinned_device_id'),
    /** A device matrix target's model and OS version (null: any). */
    deviceModel: text('device_model'),
    osVersion: text('os_version'),
    /**
     * A device matrix (its targets) on the run that groups one child CI run per target; the
     * children point at it and say which target they run.
     */
    matrix: jsonb('matrix').$type<CiMatrixTarget[]>(),
    matrixParentId: integer('matrix_parent_id'),
    matrixIndex: integer('matrix_index'),
    buildId: integer('build_id'),
    /** The run's override of the suite's retries (0–3); null keeps the suite's setting. */
    retries: integer('retries'),
    /** Sessions the suite's cases are spread over (1–32). */
    parallelism: integer('parallelism').notNull().default(1),
    actor: jsonb('actor').$type<CiActor>().notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The session allocated for the run (UUID), once created. */
    sessionId: text('session_id'),
    /** The engine's suite run or test run (internal ids), once started. */
    suiteRunId: integer('suite_run_id'),
    testRunId: integer('test_run_id'),
    engineRunPublicId: text('engine_run_public_id'),
    errorMessage: text('error_message'),
    visualRegressionStatus: text('visual_regression_status', { enum: VISUAL_VERDICTS }),
    /** What the orchestration did, in order; the engine's progress is read from its run rows. */
    progress: jsonb('progress').$type<CiProgressEntry[]>().notNull().default([]),
    cancelRequestedAt: ts('cancel_requested_at'),
    /** The executor that owns the orchestration now, and when it last said so. */
    executorToken: text('executor_token'),
    heartbeatAt: ts('heartbeat_at'),
    createdAt: createdAt(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    durationMs: integer('duration_ms'),
  },
  (t) => [
    uniqueIndex('ci_runs_public_id_idx').on(t.publicId),
    index('ci_runs_org_idx').on(t.organizationId, t.id),
    index('ci_runs_multi_idx').on(t.multiSuiteRunId, t.position),
    index('ci_runs_matrix_idx').on(t.matrixParentId, t.matrixIndex),
    index('ci_runs_unfinished_idx').on(t.id).where(sql`status IN ('pending', 'running')`),
  ],
);
