import { requireRole, withTransaction, type Ctx, type OrgScope } from '../../context';
import type { Platform } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { apiTime, apiTimeOrNull } from '../../http/api-time';
import { AppError, notFound } from '../../errors';
import type { ObjectStorage } from '../../storage/storage';
import { recordAudit } from '../audit';
import * as repo from './apps.repository';
import type { AppRow, BuildRow } from './apps.repository';
import type { AppDetail, AppListEntry, Build, ListAppsQuery } from './apps.schemas';

export interface AppsServiceDeps {
  storage: ObjectStorage;
}

/** What installing a build needs: the rows and where the package lives. */
export interface InstallableBuild {
  app: AppRow;
  build: BuildRow;
  storageKey: string;
}

export const iconUrl = (app: Pick<AppRow, 'publicId'>) => `/api/v1/apps/${app.publicId}/icon.png`;

export class AppsService {
  constructor(private readonly deps: AppsServiceDeps) {}

  async listApps({ ctx, input }: { ctx: Ctx; input: ListAppsQuery }): Promise<AppListEntry[]> {
    const org = requireRole(ctx, 'viewer');
    const rows = await repo.listApps(ctx.db, org.id, input.platform);
    return rows.map(toListEntry);
  }

  async getApp({ ctx, input }: { ctx: Ctx; input: { appId: string } }): Promise<AppDetail> {
    const org = requireRole(ctx, 'viewer');
    const app = await loadOrgApp(ctx, org, input.appId);
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
      const app = await loadOrgApp(tx, org, input.appId);
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
    const app = await loadOrgApp(ctx, org, input.appId);
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
  async resolveBuildForInstall({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { buildId: number; appId?: string | number };
  }): Promise<InstallableBuild> {
    const org = requireRole(ctx, 'viewer');
    const build = await repo.findBuildAnyOrg(ctx.db, input.buildId);
    if (!build) throw notFound('Build');
    if (build.organizationId !== org.id) throw new AppError('FORBIDDEN', 'The build belongs to another organization');
    const app = (await repo.findAppById(ctx.db, org.id, build.appId))!;
    if (input.appId !== undefined) {
      const wanted = typeof input.appId === 'number' ? input.appId : (await loadOrgApp(ctx, org, input.appId)).id;
      if (wanted !== app.id) throw new AppError('FORBIDDEN', 'The build belongs to another app');
    }
    return { app, build, storageKey: build.storageKey };
  }

  /** The newest build of an app (for a session's pinned app); 404 when the app has none. */
  async latestBuild({ ctx, input }: { ctx: Ctx; input: { appId: string } }): Promise<InstallableBuild> {
    const org = requireRole(ctx, 'viewer');
    const app = await loadOrgApp(ctx, org, input.appId);
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
  async recordPackageStarted({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { platform: Platform; packageName: string };
  }): Promise<void> {
    const org = requireRole(ctx, 'viewer');
    const app = await repo.findAppByPackage(ctx.db, org.id, input.platform, input.packageName);
    if (app) await repo.updateApp(ctx.db, app.id, { lastStartedAt: ctx.clock.now() });
  }
}

export function toListEntry(app: AppRow): AppListEntry {
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

/** An app of the organization by public id, or by the legacy numeric id; 404 otherwise. */
export async function loadOrgApp(ctx: Ctx, org: OrgScope, appId: string): Promise<AppRow> {
  const app = /^\d{1,9}$/.test(appId)
    ? await repo.findAppById(ctx.db, org.id, Number(appId))
    : await repo.findAppByPublicId(ctx.db, org.id, appId);
  if (!app) throw notFound('App');
  return app;
}

/** The storage folders of an organization's apps (packages and icons), for purging its files. */
export async function appStoragePrefixesOfOrg(db: DbOrTx, orgId: number): Promise<string[]> {
  return (await repo.appPublicIdsOfOrg(db, orgId)).map((id) => `apps/${id}`);
}
