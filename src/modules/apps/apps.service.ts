import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { actorIdentity, requireRole, withTransaction, type Ctx, type OrgScope } from '../../context';
import { newPublicId } from '../../db/public-id';
import type { Platform } from '../../db/schema';
import { apiTime, apiTimeOrNull } from '../../http/api-time';
import { AppError, badRequest, notFound } from '../../errors';
import type { ObjectStorage } from '../../storage/storage';
import { recordAudit } from '../audit/audit.recorder';
import { emitEvent } from '../events/events';
import * as repo from './apps.repository';
import type { AppRow, BuildRow } from './apps.repository';
import {
  UploadAppFields,
  UploadBuildFields,
  type AppDetail,
  type AppListEntry,
  type Build,
  type ListAppsQuery,
  type UploadAppResponse,
  type UploadBuildResponse,
} from './apps.schemas';
import { placeholderIcon } from '../../packages/app-icon';
import { fileExtension } from '../../packages/package-formats';
import type { PackageInfo, PackageReaderPool } from '../../packages/package-reader-pool';
import type { FileHasher } from '../../uploads/file-hasher';
import type { ReceivedUpload, UploadSource } from '../../uploads/upload-receiver';

export interface AppsServiceDeps {
  storage: ObjectStorage;
  /** Where uploads are spooled and packages unpacked; best on the same filesystem as local storage. */
  tempDir: string;
  /** Hashes uploads on a worker thread while they are written. */
  hasher: FileHasher;
  /** Reads the uploaded packages, off the event loop. */
  packages: PackageReaderPool;
}

/** What installing a build needs: the rows and where the package lives. */
export interface InstallableBuild {
  app: AppRow;
  build: BuildRow;
  storageKey: string;
}

export const iconUrl = (app: Pick<AppRow, 'publicId'>) => `/api/v1/apps/${app.publicId}/icon.png`;

const CONTENT_TYPES: Record<string, string> = {
  apk: 'application/vnd.android.package-archive',
  apks: 'application/zip',
  zip: 'application/zip',
  'tar.gz': 'application/gzip',
  tgz: 'application/gzip',
};

export class AppsService {
  constructor(private readonly deps: AppsServiceDeps) {}

  /**
   * POST /apps/upload: a package becomes a new app, or a new build of the organization's app with
   * the same package name on the same platform. Form fields override what the package says.
   */
  async uploadApp({ ctx, input }: { ctx: Ctx; input: { source: UploadSource } }): Promise<UploadAppResponse> {
    const org = requireRole(ctx, 'developer');
    const upload = await input.source(this.spool());
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
  async uploadBuild({ ctx, input }: { ctx: Ctx; input: { appId: string; source: UploadSource } }): Promise<UploadBuildResponse> {
    const org = requireRole(ctx, 'developer');
    const app = await this.loadApp(ctx, org, input.appId);
    const upload = await input.source(this.spool());
    try {
      const fields = parseFields(UploadBuildFields, upload.fields);
      const info = await this.inspect(upload, fields.platform ?? app.platform);
      // The app's package, or the detected one of its builds when the app was named otherwise at upload.
      if (info.packageName !== app.packageName && !(await repo.hasBuildOfDetectedPackage(ctx.db, app.id, info.packageName))) {
        throw badRequest(`The package is ${info.packageName}, but this app is ${app.packageName}: upload it with POST /apps/upload instead`);
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

  async listApps({ ctx, input }: { ctx: Ctx; input: ListAppsQuery }): Promise<AppListEntry[]> {
    const org = requireRole(ctx, 'viewer');
    const rows = await repo.listApps(ctx.db, org.id, input.platform);
    return rows.map(toListEntry);
  }

  async getApp({ ctx, input }: { ctx: Ctx; input: { appId: string } }): Promise<AppDetail> {
    const org = requireRole(ctx, 'viewer');
    const app = await this.loadApp(ctx, org, input.appId);
    const builds = await repo.listBuilds(ctx.db, app.id);
    const latest = builds[0];
    return {
      ...toListEntry(app),
      latest_version: latest?.version ?? null,
      latest_build_number: latest?.buildNumber ?? null,
      latest_uploaded_at: apiTimeOrNull(latest?.uploadedAt),
      builds: builds.map(toBuild),
    };
  }

  /**
   * Deletes the app, its builds, their files and the icon. Suites keep their cases: their link to
   * the app is a foreign key with ON DELETE SET NULL. Files go after the commit, so a rollback
   * never leaves rows pointing at deleted files.
   */
  async deleteApp({ ctx, input }: { ctx: Ctx; input: { appId: string } }): Promise<{ status: 'deleted' }> {
    const org = requireRole(ctx, 'developer');
    await withTransaction(ctx, async (tx) => {
      const app = await this.loadApp(tx, org, input.appId);
      const builds = await repo.listBuilds(tx.db, app.id);
      await repo.deleteApp(tx.db, app.id);
      await recordAudit(tx, {
        action: 'app.deleted',
        resourceType: 'app',
        resourceId: app.publicId,
        details: { name: app.name, package_name: app.packageName, platform: app.platform, builds: builds.length },
      });
      const keys = [...builds.map((b) => b.storageKey), ...(app.iconKey ? [app.iconKey] : [])];
      tx.afterCommit(async () => {
        for (const key of keys) await this.deps.storage.delete(key);
        await this.deps.storage.deletePrefix(`apps/${app.publicId}`);
      });
    });
    return { status: 'deleted' };
  }

  /** The app's icon as PNG bytes; 404 for apps of other organizations. */
  async getIcon({ ctx, input }: { ctx: Ctx; input: { appId: string } }): Promise<Buffer> {
    const org = requireRole(ctx, 'viewer');
    const app = await this.loadApp(ctx, org, input.appId);
    const png = app.iconKey ? await this.deps.storage.getBuffer(app.iconKey) : null;
    if (!png) throw notFound('Icon');
    return png;
  }

  /** An app of the caller's organization by public id; 404 otherwise. For other modules. */
  async resolveApp({ ctx, input }: { ctx: Ctx; input: { appId: string } }): Promise<AppRow> {
    const org = requireRole(ctx, 'viewer');
    // Body references take the public id only (DECISIONS: numeric only where the spec says legacy).
    const app = await repo.findAppByPublicId(ctx.db, org.id, input.appId);
    if (!app) throw notFound('App');
    return app;
  }

  /**
   * The build to install, with the spec's build_id rules: 404 when no such build exists, 403 when
   * it belongs to another organization or (given `appId`) to another app.
   */
  async resolveBuildForInstall({ ctx, input }: { ctx: Ctx; input: { buildId: number; appId?: string | number } }): Promise<InstallableBuild> {
    const org = requireRole(ctx, 'viewer');
    const build = await repo.findBuildAnyOrg(ctx.db, input.buildId);
    if (!build) throw notFound('Build');
    if (build.organizationId !== org.id) throw new AppError('FORBIDDEN', 'The build belongs to another organization');
    const app = (await repo.findAppById(ctx.db, org.id, build.appId))!;
    if (input.appId !== undefined) {
      const wanted = typeof input.appId === 'number' ? input.appId : (await this.loadApp(ctx, org, input.appId)).id;
      if (wanted !== app.id) throw new AppError('FORBIDDEN', 'The build belongs to another app');
    }
    return { app, build, storageKey: build.storageKey };
  }

  /** The newest build of an app (for a session's pinned app); 404 when the app has none. */
  async latestBuild({ ctx, input }: { ctx: Ctx; input: { appId: string } }): Promise<InstallableBuild> {
    const org = requireRole(ctx, 'viewer');
    const app = await this.loadApp(ctx, org, input.appId);
    const build = (await repo.listBuilds(ctx.db, app.id))[0];
    if (!build) throw notFound('Build');
    return { app, build, storageKey: build.storageKey };
  }

  /** Sets the app's last_started_at (sessions call it when they launch the app). */
  async recordAppStarted({ ctx, input }: { ctx: Ctx; input: { appId: number } }): Promise<void> {
    const org = requireRole(ctx, 'viewer');
    const app = await repo.findAppById(ctx.db, org.id, input.appId);
    if (!app) throw notFound('App');
    await repo.updateApp(ctx.db, app.id, { lastStartedAt: ctx.clock.now() });
  }

  /**
   * An app was launched by its package name in a session: when the organization has that app for
   * the platform, it was started now. Packages that are not the organization's are ignored.
   */
  async recordPackageStarted({ ctx, input }: { ctx: Ctx; input: { platform: Platform; packageName: string } }): Promise<void> {
    const org = requireRole(ctx, 'viewer');
    const app = await repo.findAppByPackage(ctx.db, org.id, input.platform, input.packageName);
    if (app) await repo.updateApp(ctx.db, app.id, { lastStartedAt: ctx.clock.now() });
  }

  /** Opens a build's package for streaming (to a device worker); 404 when the file is gone. */
  async openBuildFile(build: Pick<BuildRow, 'storageKey' | 'fileName' | 'fileSize'>): Promise<{ stream: Readable; fileName: string; size: number }> {
    const stream = await this.deps.storage.get(build.storageKey);
    if (!stream) throw notFound('Build file');
    return { stream, fileName: build.fileName, size: build.fileSize };
  }

  /**
   * Removes spooled uploads left by a crash mid-request (a live upload writes to its file
   * continuously, so anything untouched for `olderThanMs` is abandoned). Returns how many went.
   */
  async sweepStaleUploads(now: Date, olderThanMs = 6 * 60 * 60 * 1000): Promise<number> {
    let names: string[];
    try {
      names = await fs.readdir(this.deps.tempDir);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names) {
      const file = path.join(this.deps.tempDir, name);
      const stat = await fs.stat(file).catch(() => null);
      if (stat?.isFile() && now.getTime() - stat.mtimeMs > olderThanMs) {
        await fs.rm(file, { force: true });
        removed++;
      }
    }
    return removed;
  }

  private spool() {
    return { tempDir: this.deps.tempDir, hasher: this.deps.hasher };
  }

  private async loadApp(ctx: Ctx, org: OrgScope, appId: string): Promise<AppRow> {
    const app = /^\d{1,9}$/.test(appId) ? await repo.findAppById(ctx.db, org.id, Number(appId)) : await repo.findAppByPublicId(ctx.db, org.id, appId);
    if (!app) throw notFound('App');
    return app;
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
    opts: { app: AppRow | null; packageName: string; name?: string; version?: string; buildNumber?: string; note?: string },
  ): Promise<{ app: AppRow; build: BuildRow; created: boolean }> {
    const { storage } = this.deps;
    const prefix = `apps/${opts.app?.publicId ?? newPublicId('app')}`;
    const objectId = randomUUID();
    const ext = fileExtension(info.format, upload.fileName);
    const storageKey = `${prefix}/builds/${objectId}.${ext}`;
    const iconPng = info.iconPng ?? (opts.app?.iconKey ? null : await placeholderIcon(info.platform));
    const iconKey = iconPng ? `${prefix}/icons/${objectId}.png` : null;
    const written: string[] = [];
    try {
      const contentType = CONTENT_TYPES[ext];
      if (storage.putFile) await storage.putFile(storageKey, upload.tempPath, { contentType });
      else await storage.put(storageKey, createReadStream(upload.tempPath), { contentType });
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
          app = await repo.updateApp(tx.db, app.id, { updatedAt: now, ...(iconKey ? { iconKey } : {}), ...(opts.name ? { name: opts.name } : {}) });
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
          await recordAudit(tx, { action: 'app.created', resourceType: 'app', resourceId: app.publicId, details: { name: app.name, package_name: app.packageName, platform: app.platform } });
          await emitEvent(tx, { type: 'app.uploaded', data: eventData });
        }
        await recordAudit(tx, {
          action: 'build.uploaded',
          resourceType: 'build',
          resourceId: build.id,
          details: { app_id: app.publicId, version: build.version, build_number: build.buildNumber, file_size: build.fileSize, sha256: build.sha256 },
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

function parseFields<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } } }, fields: Record<string, string>): T {
  // Empty form fields mean "not given", as browsers send every input of a form.
  const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== ''));
  const parsed = schema.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(`${issue.path.map(String).join('.') || 'body'}: ${issue.message}`);
  }
  return parsed.data;
}

function toListEntry(app: AppRow): AppListEntry {
  return {
    id: app.id,
    public_id: app.publicId,
    name: app.name,
    package_name: app.packageName,
    platform: app.platform,
    icon_url: iconUrl(app),
    last_started_at: apiTimeOrNull(app.lastStartedAt),
    updated_at: apiTime(app.updatedAt),
    created_at: apiTime(app.createdAt),
  };
}

function toBuild(b: BuildRow): Build {
  return {
    id: b.id,
    version: b.version,
    build_number: b.buildNumber,
    file_size: b.fileSize,
    file_name: b.fileName,
    uploaded_by: b.uploadedByEmail,
    uploaded_at: apiTime(b.uploadedAt),
    tags: b.tags,
    min_sdk_version: b.minSdkVersion,
    target_sdk_version: b.targetSdkVersion,
    permissions: b.permissions,
    metadata: b.metadata,
    note: b.note,
  };
}

export const uploadTempDir = (dataDir: string) => path.join(dataDir, 'tmp', 'uploads');
