import { randomUUID } from 'node:crypto';
import { actorIdentity, requireRole, withTransaction, type Ctx, type OrgScope } from '../../context';
import { newPublicId } from '../../db/public-id';
import { apiTime } from '../../http/api-time';
import { badRequest } from '../../errors';
import type { ObjectStorage } from '../../storage/storage';
import { placeholderIcon } from '../../packages/app-icon';
import { fileExtension } from '../../packages/package-formats';
import type { PackageInfo, PackageReaderPool } from '../../packages/package-reader-pool';
import type { StorageQuota } from '../plans';
import type { ReceivedUpload, UploadSource, UploadSpool } from '../../uploads/upload-receiver';
import { recordAudit } from '../audit';
import { emitEvent } from '../events';
import * as repo from './apps.repository';
import type { AppRow, BuildRow } from './apps.repository';
import { UploadAppFields, UploadBuildFields, type UploadAppResponse, type UploadBuildResponse } from './apps.schemas';
import { loadOrgApp, toListEntry } from './apps.service';

export interface AppUploadsDeps {
  storage: ObjectStorage;
  /** Where uploads are spooled (and hashed while they are written). */
  spool: UploadSpool;
  /** Reads the uploaded packages, off the event loop. */
  packages: PackageReaderPool;
  /** The organization's storage quota, checked before a package is stored. */
  quota: StorageQuota;
}

const CONTENT_TYPES: Record<string, string> = {
  apk: 'application/vnd.android.package-archive',
  apks: 'application/zip',
  zip: 'application/zip',
  'tar.gz': 'application/gzip',
  tgz: 'application/gzip',
};

/**
 * App and build uploads: the package is spooled, read by the bounded package reader, stored, and
 * recorded with its audit row and event.
 */
export class AppUploadsService {
  constructor(private readonly deps: AppUploadsDeps) {}

  /**
   * POST /apps/upload: a package becomes a new app, or a new build of the organization's app with
   * the same package name on the same platform. Form fields override what the package says.
   */
  async uploadApp({ ctx, input }: { ctx: Ctx; input: { source: UploadSource } }): Promise<UploadAppResponse> {
    const org = requireRole(ctx, 'developer');
    const upload = await input.source(this.deps.spool);
    try {
      const fields = parseFields(UploadAppFields, upload.fields);
      const info = await this.inspect(upload, fields.platform);
      const packageName = fields.package_name ?? info.packageName;
      const existing = await repo.findAppByPackage(ctx.db, org.id, info.platform, packageName);
      const result = await this.store(ctx, org, upload, info, {
        app: existing,
        packageName,
        name: fields.name,
        version: fields.version,
        buildNumber: fields.build_number,
        note: fields.note,
      });
      const { app, build, created } = result;
      const { last_started_at: _started, updated_at: _updated, ...entry } = toListEntry(app);
      return {
        ...entry,
        build_id: build.id,
        version: build.version,
        build_number: build.buildNumber,
        created,
        warnings: info.warnings,
      };
    } finally {
      await upload.discard();
    }
  }

  /** POST /apps/{app_id}/builds: the package must be the same app (package name and platform). */
  async uploadBuild({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { appId: string; source: UploadSource };
  }): Promise<UploadBuildResponse> {
    const org = requireRole(ctx, 'developer');
    const app = await loadOrgApp(ctx, org, input.appId);
    const upload = await input.source(this.deps.spool);
    try {
      const fields = parseFields(UploadBuildFields, upload.fields);
      const info = await this.inspect(upload, fields.platform ?? app.platform);
      // The app's package, or the detected one of its builds when the app was named otherwise at upload.
      if (
        info.packageName !== app.packageName &&
        !(await repo.hasBuildOfDetectedPackage(ctx.db, app.id, info.packageName))
      ) {
        throw badRequest(
          `The package is ${info.packageName}, but this app is ${app.packageName}: upload it with POST /apps/upload instead`,
        );
      }
      const { build } = await this.store(ctx, org, upload, info, {
        app,
        packageName: app.packageName,
        version: fields.version,
        buildNumber: fields.build_number,
        note: fields.note,
      });
      return {
        id: build.id,
        app_id: app.publicId,
        version: build.version,
        build_number: build.buildNumber,
        file_size: build.fileSize,
        uploaded_at: apiTime(build.uploadedAt),
        note: build.note,
        warnings: info.warnings,
      };
    } finally {
      await upload.discard();
    }
  }

  private async inspect(upload: ReceivedUpload, givenPlatform: string | undefined): Promise<PackageInfo> {
    const info = await this.deps.packages.inspectUpload({ filePath: upload.tempPath, fileName: upload.fileName });
    if (givenPlatform && givenPlatform !== info.platform) {
      throw badRequest(`platform: the file is an ${info.platform} package, not ${givenPlatform}`);
    }
    info.metadata.sha256 = upload.sha256;
    // What the package itself says, even when the form overrides the app's package_name.
    info.metadata.package_name = info.packageName;
    return info;
  }

  /**
   * Moves the package (and icon) into storage first, then writes app, build, audit and event rows
   * in one transaction; when the transaction fails the stored objects are removed again.
   */
  private async store(
    ctx: Ctx,
    org: OrgScope,
    upload: ReceivedUpload,
    info: PackageInfo,
    opts: {
      app: AppRow | null;
      packageName: string;
      name?: string;
      version?: string;
      buildNumber?: string;
      note?: string;
    },
  ): Promise<{ app: AppRow; build: BuildRow; created: boolean }> {
    const { storage } = this.deps;
    const prefix = `apps/${opts.app?.publicId ?? newPublicId('app')}`;
    const objectId = randomUUID();
    const ext = fileExtension(info.format, upload.fileName);
    const storageKey = `${prefix}/builds/${objectId}.${ext}`;
    const iconPng = info.iconPng ?? (opts.app?.iconKey ? null : await placeholderIcon(info.platform));
    const iconKey = iconPng ? `${prefix}/icons/${objectId}.png` : null;
    // Checked before anything is written: a refused upload leaves nothing behind.
    await this.deps.quota.assertRoom(ctx, org.id, upload.size + (iconPng?.length ?? 0));
    const written: string[] = [];
    try {
      const contentType = CONTENT_TYPES[ext];
      await storage.putFile(storageKey, upload.tempPath, { contentType });
      written.push(storageKey);
      if (iconKey && iconPng) {
        await storage.put(iconKey, iconPng, { contentType: 'image/png' });
        written.push(iconKey);
      }
      const now = ctx.clock.now();
      const who = actorIdentity(ctx);
      return await withTransaction(ctx, async (tx) => {
        let app = opts.app;
        let created = false;
        if (!app) {
          app = await repo.insertAppIfAbsent(tx.db, {
            publicId: prefix.slice('apps/'.length),
            organizationId: org.id,
            name: opts.name ?? info.name,
            packageName: opts.packageName,
            platform: info.platform,
            iconKey,
            createdAt: now,
            updatedAt: now,
          });
          created = app !== null;
          // Lost a race with a concurrent first upload of the same package: add a build to its app.
          app ??= (await repo.findAppByPackage(tx.db, org.id, info.platform, opts.packageName))!;
        }
        const previousIcon = app.iconKey;
        if (!created) {
          app = await repo.updateApp(tx.db, app.id, {
            updatedAt: now,
            ...(iconKey ? { iconKey } : {}),
            ...(opts.name ? { name: opts.name } : {}),
          });
          if (iconKey && previousIcon && previousIcon !== iconKey) tx.afterCommit(() => storage.delete(previousIcon));
        }
        const build = await repo.insertBuild(tx.db, {
          appId: app.id,
          organizationId: org.id,
          version: opts.version ?? info.version,
          buildNumber: opts.buildNumber ?? info.buildNumber,
          fileSize: upload.size,
          fileName: upload.fileName,
          storageKey,
          sha256: upload.sha256,
          uploadedByUserId: who.userId,
          uploadedByEmail: who.email,
          note: opts.note ?? null,
          minSdkVersion: info.minSdkVersion,
          targetSdkVersion: info.targetSdkVersion,
          permissions: info.permissions,
          metadata: info.metadata,
          uploadedAt: now,
        });
        const eventData = {
          app_id: app.publicId,
          name: app.name,
          package_name: app.packageName,
          platform: app.platform,
          build_id: build.id,
          version: build.version,
          build_number: build.buildNumber,
          file_size: build.fileSize,
          uploaded_by: build.uploadedByEmail,
        };
        if (created) {
          await recordAudit(tx, {
            action: 'app.created',
            resourceType: 'app',
            resourceId: app.publicId,
            details: { name: app.name, package_name: app.packageName, platform: app.platform },
          });
          await emitEvent(tx, { type: 'app.uploaded', data: eventData });
        }
        await recordAudit(tx, {
          action: 'build.uploaded',
          resourceType: 'build',
          resourceId: build.id,
          details: {
            app_id: app.publicId,
            version: build.version,
            build_number: build.buildNumber,
            file_size: build.fileSize,
            sha256: build.sha256,
          },
        });
        await emitEvent(tx, { type: 'build.uploaded', data: eventData });
        return { app, build, created };
      });
    } catch (err) {
      for (const key of written) await storage.delete(key).catch(() => {});
      throw err;
    }
  }
}

function parseFields<T>(
  schema: {
    safeParse(
      v: unknown,
    ):
      | { success: true; data: T }
      | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } };
  },
  fields: Record<string, string>,
): T {
  // Empty form fields mean "not given", as browsers send every input of a form.
  const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== ''));
  const parsed = schema.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(`${issue.path.map(String).join('.') || 'body'}: ${issue.message}`);
  }
  return parsed.data;
}
