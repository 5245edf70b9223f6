import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts';
import { createdAt, ts, updatedAt } from './columns';

export const DEVICE_TYPES = ['ios', 'android'] as const;
export const DEVICE_CATEGORIES = ['phone', 'tablet', 'tv'] as const;
/** `offline`: its worker is gone; such devices are not listed and never allocated. */
export const DEVICE_STATUSES = ['available', 'busy', 'offline'] as const;
export const SESSION_STATUSES = ['pending', 'starting', 'active', 'stopped', 'failed'] as const;
export const END_REASONS = [
  'user',
  'idle_timeout',
  'never_used',
  'plan_limit',
  'credit_exhausted',
  'worker_lost',
  'ci_cleanup',
  'boot_failed',
] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];
export type EndReason = (typeof END_REASONS)[number];

/** Connected device workers; heartbeats touch only this row, never the device rows. */
export const workers = pgTable('workers', {
  workerId: text('worker_id').primaryKey(),
  driver: text('driver'),
  /** Which credential the live connection presented (`shared`, or `token:<id>`). */
  credential: text('credential'),
  lastSeenAt: ts('last_seen_at').notNull(),
  connectedAt: ts('connected_at').notNull(),
});

/**
 * Credentials of worker hosts, created and revoked by the operator (`simdeck worker-token`).
 * Each is bound to one worker id; only its SHA-256 is stored.
 */
export const workerTokens = pgTable(
  'worker_tokens',
  {
    id: serial('id').primaryKey(),
    workerId: text('worker_id').notNull(),
    label: text('label'),
    tokenHash: text('token_hash').notNull(),
    tokenPrefix: text('token_prefix').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('worker_tokens_hash_idx').on(t.tokenHash), index('worker_tokens_worker_idx').on(t.workerId)],
);

/** Mirror of the devices that workers register; the lease (`session_id`) lives here. */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    deviceId: text('device_id').notNull(),
    workerId: text('worker_id').notNull(),
    name: text('name').notNull(),
    model: text('model').notNull(),
    type: text('type', { enum: DEVICE_TYPES }).notNull(),
    category: text('category', { enum: DEVICE_CATEGORIES }).notNull(),
    osVersion: text('os_version').notNull(),
    status: text('status', { enum: DEVICE_STATUSES }).notNull().default('available'),
    /** The session (UUID) that holds the device, or null when free. */
    leasedSessionId: text('leased_session_id'),
    /**
     * The session whose end is still being carried out on the device (its last log lines, its
     * recording, the shutdown), on whichever replica ended it; the next boot waits for it to clear,
     * or for `tear_down_until` (a replica that died mid-way does not hold the device for good).
     */
    tearDownSessionId: text('tear_down_session_id'),
    tearDownUntil: ts('tear_down_until'),
    lastSeenAt: ts('last_seen_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('devices_device_id_idx').on(t.deviceId),
    index('devices_worker_idx').on(t.workerId),
    index('devices_group_idx').on(t.type, t.category, t.status),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The API token that created it, when one did (its owner for the role rules; no reference: it may be deleted). */
    createdByApiTokenId: integer('created_by_api_token_id'),
    userEmail: text('user_email'),
    deviceType: text('device_type', { enum: DEVICE_TYPES }).notNull(),
    /** Requested category; null means any handheld (phone or tablet). */
    deviceCategory: text('device_category', { enum: DEVICE_CATEGORIES }),
    specificDeviceId: text('specific_device_id'),
    /** A wanted model and OS version (a device matrix target); null: any. */
    wantedModel: text('wanted_model'),
    wantedOsVersion: text('wanted_os_version'),
    status: text('status', { enum: SESSION_STATUSES }).notNull().default('pending'),
    endReason: text('end_reason', { enum: END_REASONS }),
    errorMessage: text('error_message'),
    deviceId: text('device_id'),
    deviceName: text('device_name'),
    deviceModel: text('device_model'),
    assignedCategory: text('assigned_category', { enum: DEVICE_CATEGORIES }),
    osVersion: text('os_version'),
    workerId: text('worker_id'),
    /** Pinned app (public id), build and launch parameters. */
    appPublicId: text('app_public_id'),
    buildId: integer('build_id'),
    launchParams: jsonb('launch_params').$type<Record<string, string | number | boolean>>(),
    screenWidth: integer('screen_width'),
    screenHeight: integer('screen_height'),
    rotation: integer('rotation'),
    startTime: ts('start_time'),
    activeAt: ts('active_at'),
    endTime: ts('end_time'),
    /** Last use that counts (control, installs, launches, agent tools, connected viewers). */
    lastUsedAt: ts('last_used_at'),
    /** When the pending `session.ending` warning was sent (cleared by use). */
    endingNotifiedAt: ts('ending_notified_at'),
    /** The run (or suite run) public id executing on the session: one at a time. */
    runLease: text('run_lease'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sessions_session_id_idx').on(t.sessionId),
    index('sessions_org_created_idx').on(t.organizationId, t.createdAt.desc()),
    index('sessions_status_idx').on(t.status),
  ],
);

/** Sessions waiting for a device (and a plan slot), first in first out. */
export const sessionQueue = pgTable(
  'session_queue',
  {
    id: serial('id').primaryKey(),
    sessionPk: integer('session_pk')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id'),
    deviceType: text('device_type', { enum: DEVICE_TYPES }).notNull(),
    deviceCategory: text('device_category', { enum: DEVICE_CATEGORIES }),
    specificDeviceId: text('specific_device_id'),
    /** A wanted model and OS version (a device matrix target); null: any. */
    wantedModel: text('wanted_model'),
    wantedOsVersion: text('wanted_os_version'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('session_queue_session_idx').on(t.sessionPk),
    index('session_queue_type_idx').on(t.deviceType, t.id),
  ],
);
