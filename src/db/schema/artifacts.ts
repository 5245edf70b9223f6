import { bigint, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './accounts';
import { ts } from './columns';
import { sessions } from './sessions';

export const LOG_LINE_LEVELS = ['debug', 'info', 'warn', 'error', 'fatal'] as const;
export type LogLineLevel = (typeof LOG_LINE_LEVELS)[number];

/**
 * A session's device log as the control plane keeps it (docs/design/0035-run-artifacts.md): the
 * lines read from the device host's bounded log, numbered as the device numbered them. They go
 * with their session (and organization), and after the artifact retention by the sweep.
 */
export const sessionLogLines = pgTable(
  'session_log_lines',
  {
    id: serial('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.sessionId, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    at: ts('at').notNull(),
    level: text('level', { enum: LOG_LINE_LEVELS }).notNull(),
    source: text('source', { enum: ['app', 'system'] }).notNull(),
    tag: text('tag').notNull(),
    message: text('message').notNull(),
  },
  (t) => [uniqueIndex('session_log_lines_seq_idx').on(t.sessionId, t.seq), index('session_log_lines_at_idx').on(t.at)],
);

export const RECORDING_STATUSES = ['recording', 'ready', 'failed'] as const;
export type RecordingStatus = (typeof RECORDING_STATUSES)[number];

/**
 * Screen recordings of live sessions, made on request (`/sessions/{id}/recording/start|stop`): the
 * MP4 is in object storage under `storageKey`; its bytes count towards the organization's storage.
 */
export const sessionRecordings = pgTable(
  'session_recordings',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.sessionId, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdByUserId: integer('created_by_user_id'),
    status: text('status', { enum: RECORDING_STATUSES }).notNull().default('recording'),
    storageKey: text('storage_key').notNull(),
    startedAt: ts('started_at').notNull(),
    endedAt: ts('ended_at'),
    durationMs: integer('duration_ms'),
    width: integer('width'),
    height: integer('height'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    errorMessage: text('error_message'),
  },
  (t) => [
    uniqueIndex('session_recordings_public_id_idx').on(t.publicId),
    index('session_recordings_session_idx').on(t.sessionId),
    index('session_recordings_started_idx').on(t.startedAt),
  ],
);
