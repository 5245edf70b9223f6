import { z } from 'zod';
import { PLATFORMS } from '../../db/schema';
import { ApiTimestamp } from '../../http/api-time';

export const NOTE_MAX = 500;

/** `{app_id}`: the app's public id (`app_…`); a numeric id is accepted too. */
export const AppIdParams = z.object({ app_id: z.string().min(1).max(64) });
export type AppIdParams = z.infer<typeof AppIdParams>;

export const ListAppsQuery = z.object({ platform: z.enum(PLATFORMS).optional() });
export type ListAppsQuery = z.infer<typeof ListAppsQuery>;

/** Text fields of POST /apps/upload; every one overrides what the package says. */
export const UploadAppFields = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  package_name: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .regex(/^[A-Za-z0-9._-]+$/, 'must be a package name or bundle id')
    .optional(),
  platform: z.enum(PLATFORMS).optional(),
  note: z.string().max(NOTE_MAX, `must be at most ${NOTE_MAX} characters`).optional(),
  version: z.string().trim().min(1).max(100).optional(),
  build_number: z.string().trim().min(1).max(100).optional(),
});
export type UploadAppFields = z.infer<typeof UploadAppFields>;

/** Text fields of POST /apps/{app_id}/builds. */
export const UploadBuildFields = UploadAppFields.pick({
  note: true,
  version: true,
  build_number: true,
  platform: true,
});
export type UploadBuildFields = z.infer<typeof UploadBuildFields>;

const Warnings = z
  .array(z.string())
  .meta({ description: 'Additive: things that make the build unusable on some devices' });

export const AppListEntry = z.object({
  id: z.number().int(),
  public_id: z.string(),
  name: z.string(),
  package_name: z.string(),
  platform: z.enum(PLATFORMS),
  icon_url: z.string(),
  last_started_at: ApiTimestamp.nullable(),
  updated_at: ApiTimestamp,
  created_at: ApiTimestamp,
});
export type AppListEntry = z.infer<typeof AppListEntry>;

export const Build = z.object({
  id: z.number().int(),
  version: z.string(),
  build_number: z.string(),
  file_size: z.number().int(),
  file_name: z.string(),
  uploaded_by: z.string(),
  uploaded_at: ApiTimestamp,
  tags: z.array(z.string()),
  min_sdk_version: z.string(),
  target_sdk_version: z.string(),
  permissions: z.array(z.string()),
  metadata: z.record(z.string(), z.unknown()),
  note: z.string().nullable(),
});
export type Build = z.infer<typeof Build>;

export const AppDetail = AppListEntry.extend({
  latest_version: z.string().nullable(),
  latest_build_number: z.string().nullable(),
  latest_uploaded_at: ApiTimestamp.nullable(),
  builds: z.array(Build),
});
export type AppDetail = z.infer<typeof AppDetail>;

export const UploadAppResponse = AppListEntry.pick({
  id: true,
  public_id: true,
  name: true,
  package_name: true,
  platform: true,
  icon_url: true,
  created_at: true,
}).extend({
  build_id: z.number().int(),
  version: z.string(),
  build_number: z.string(),
  created: z.boolean().meta({ description: 'Additive: false when the upload became a new build of an existing app' }),
  warnings: Warnings,
});
export type UploadAppResponse = z.infer<typeof UploadAppResponse>;

export const UploadBuildResponse = z.object({
  id: z.number().int(),
  app_id: z.string(),
  version: z.string(),
  build_number: z.string(),
  file_size: z.number().int(),
  uploaded_at: ApiTimestamp,
  note: z.string().nullable(),
  warnings: Warnings,
});
export type UploadBuildResponse = z.infer<typeof UploadBuildResponse>;

export const DeletedResponse = z.object({ status: z.literal('deleted') });
