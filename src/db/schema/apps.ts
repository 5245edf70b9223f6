import { bigint, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts';
import { createdAt, ts, updatedAt } from './columns';

export const PLATFORMS = ['ios', 'android'] as const;
export type Platform = (typeof PLATFORMS)[number];

export const apps = pgTable(
  'apps',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    packageName: text('package_name').notNull(),
    platform: text('platform', { enum: PLATFORMS }).notNull(),
    /** Storage key of the app's PNG icon, when the package carried one. */
    iconKey: text('icon_key'),
    lastStartedAt: ts('last_started_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('apps_public_id_idx').on(t.publicId),
    uniqueIndex('apps_org_platform_package_idx').on(t.organizationId, t.platform, t.packageName),
  ],
);

export const builds = pgTable(
  'builds',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    buildNumber: text('build_number').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    fileName: text('file_name').notNull(),
    /** Storage key of the uploaded package. */
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    uploadedByEmail: text('uploaded_by_email').notNull(),
    note: text('note'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    minSdkVersion: text('min_sdk_version').notNull().default(''),
    targetSdkVersion: text('target_sdk_version').notNull().default(''),
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    uploadedAt: ts('uploaded_at').defaultNow().notNull(),
  },
  (t) => [index('builds_app_idx').on(t.appId, t.uploadedAt.desc()), index('builds_org_idx').on(t.organizationId)],
);
