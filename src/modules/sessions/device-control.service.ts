import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { requireRole, type Ctx } from '../../context';
import { AppError, badRequest } from '../../errors';
import type { ScreenInfo } from '../../worker/driver';
import { keyInputEvent, keyCodeOf } from '../../worker/key-names';
import type { AppsService } from '../apps';
import { recordAudit } from '../audit';
import type { RealtimeHub } from '../realtime';
import type { PackageReaderPool } from '../../packages/package-reader-pool';
import type { ObjectStorage } from '../../storage/storage';
import type { UploadSource, UploadSpool } from '../../uploads/upload-receiver';
import type { DeviceHandle } from './device-handle';
import { getOrgSessionPermissions, markUsed, recordScreen } from './sessions.repository';
import { assertActive, requireSessionControl, type SessionsService } from './sessions.service';
import type { ControlBody, InstallBuildBody, LaunchAppBody } from './sessions.schemas';

export interface DeviceControlDeps {
  sessions: SessionsService;
  /** Where install-app uploads are spooled, and the reader that checks them. */
  spool: UploadSpool;
  packages: Pick<PackageReaderPool, 'checkInstallable'>;
  apps: AppsService;
  realtime: RealtimeHub;
  storage: ObjectStorage;
  log: FastifyBaseLogger;
}

/**
 * The API verbs that act on a session's device: input, installs, launches and the app list. Each
 * goes through the session's device handle and counts as use of the session. Who controls the
 * session (its owner, developers, admins) may act; any member may look (screenshot, app list).
 */
const MARK_USED_EVERY_MS = 1000;

export class DeviceControlService {
  /** Background device work (the app list), so tests and shutdown can wait for it. */
  private readonly inFlight = new Set<Promise<unknown>>();

  /** When each session's use was last written (bounded: sessions come and go). */
  private readonly lastMarked = new LRUCache<string, number>({ max: 10_000 });

  constructor(private readonly deps: DeviceControlDeps) {}

  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  async controlSession({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { sessionId: string; control: ControlBody };
  }): Promise<{ status: 'ok' }> {
    const c = input.control;
    // A screenshot only looks: any member may take one; every other action controls the device.
    const device = await this.deps.sessions.attach({
      ctx,
      input: { sessionId: input.sessionId, watch: c.action === 'screenshot' },
    });
    const need = (...fields: Array<keyof ControlBody>) => {
      for (const f of fields) if (c[f] === undefined) throw badRequest(`${f}: required for ${c.action}`);
    };
    switch (c.action) {
      case 'tap':
      case 'touch_start':
      case 'touch_move':
      case 'touch_end': {
        need('x', 'y');
        const [x, y] = clampToScreen(await device.screen(), c.x!, c.y!);
        await device.input(
          c.action === 'tap' ? { kind: 'tap', x, y } : { kind: 'touch', phase: c.action.slice(6) as 'start', x, y },
        );
        break;
      }
      case 'swipe': {
        need('x', 'y', 'x2', 'y2');
        const screen = await device.screen();
        const [x, y] = clampToScreen(screen, c.x!, c.y!);
        const [x2, y2] = clampToScreen(screen, c.x2!, c.y2!);
        await device.input({ kind: 'swipe', x, y, x2, y2, durationMs: c.duration });
        break;
      }
      case 'button':
        need('button');
        await device.input({ kind: 'button', button: c.button!.toUpperCase() });
        break;
      case 'key': {
        need('keycode');
        await device.input(keyInputEvent(keyCodeOf(c.keycode!) ?? c.keycode!));
        break;
      }
      case 'text':
        need('text');
        await device.input({ kind: 'text', text: c.text! });
        break;
      case 'rotate': {
        need('rotation');
        const screen = await device.rotate(c.rotation!);
        await recordScreen(ctx.db, device.sessionId, screen, ctx.clock.now());
        break;
      }
      case 'screenshot': {
        const shot = await device.screenshot();
        this.deps.realtime.publish(device.sessionId, {
          type: 'session.screenshot',
          session_id: device.sessionId,
          image: `data:image/jpeg;base64,${shot.jpeg.toString('base64')}`,
        });
        break;
      }
    }
    // Touch phases stream at pointer rate; the gesture is audited by its other actions.
    if (!c.action.startsWith('touch_'))
      await recordAudit(ctx, {
        action: 'session.control',
        resourceType: 'session',
        resourceId: device.sessionId,
        details: { action: c.action },
      });
    await this.markUsed(ctx, device);
    return { status: 'ok' };
  }

  /**
   * Installs a package uploaded for this session only (install-app). Before the body is read:
   * 404 unknown session, 403 for a caller who may only watch the session or when the
   * organization allows only its apps' builds, 400 when the session is not active. The file is then spooled, parsed as untrusted input by the bounded
   * package reader (400/413 for anything crafted or of the wrong platform), staged in storage for
   * the worker, installed, and removed.
   */
  async installApp({ ctx, input }: { ctx: Ctx; input: { sessionId: string; source: UploadSource } }) {
    const org = requireRole(ctx, 'viewer');
    const row = await this.deps.sessions.loadSession({ ctx, input });
    requireSessionControl(ctx, row);
    if ((await getOrgSessionPermissions(ctx.db, org.id)) === 'app_only')
      throw new AppError(
        'FORBIDDEN',
        'This organization allows only builds of its apps in sessions (session_permissions is app_only)',
      );
    assertActive(row);
    const upload = await input.source(this.deps.spool);
    const key = `session-uploads/${row.sessionId}/${randomUUID()}`;
    try {
      const lower = upload.fileName.toLowerCase();
      if (!['.apk', '.zip', '.tar.gz', '.tgz'].some((ext) => lower.endsWith(ext)))
        throw badRequest('file: must be an Android .apk or an iOS simulator bundle as .zip, .tar.gz or .tgz');
      await this.deps.packages.checkInstallable({
        filePath: upload.tempPath,
        fileName: upload.fileName,
        platform: row.deviceType,
      });
      await this.deps.storage.putFile(key, upload.tempPath);
      const launch = ['true', '1', 'yes', 'on'].includes(
        String(upload.fields.launch_after_install ?? '').toLowerCase(),
      );
      const device = await this.deps.sessions.attach({ ctx, input });
      const app = await device.install({ storageKey: key, fileName: upload.fileName });
      if (launch) await device.launch(app.packageName);
      await recordAudit(ctx, {
        action: 'session.app_installed',
        resourceType: 'session',
        resourceId: device.sessionId,
        details: { package_name: app.packageName, file_name: upload.fileName },
      });
      await this.markUsed(ctx, device);
      return {
        status: 'ok' as const,
        package_name: app.packageName,
        name: app.name,
        version: app.version,
        launched: launch,
      };
    } finally {
      await upload.discard();
      await this.deps.storage.delete(key).catch(() => {});
    }
  }

  async installBuild({ ctx, input }: { ctx: Ctx; input: { sessionId: string } & InstallBuildBody }) {
    // The session first: an unknown session is 404 whatever the build.
    const row = await this.deps.sessions.loadSession({ ctx, input });
    requireSessionControl(ctx, row);
    const found = await this.deps.apps.resolveBuildForInstall({ ctx, input: { buildId: input.build_id } });
    assertActive(row);
    if (found.app.platform !== row.deviceType)
      throw badRequest(`build_id: the build is for ${found.app.platform}, this session runs ${row.deviceType}`);
    const device = await this.deps.sessions.attach({ ctx, input });
    const app = await device.install(
      { storageKey: found.build.storageKey, fileName: found.build.fileName },
      { grantPermissions: input.grant_permissions },
    );
    if (input.launch_after_install) {
      await device.launch(app.packageName, { params: input.params });
      await this.deps.apps.recordAppStarted({ ctx, input: { appId: found.app.id } });
    }
    await recordAudit(ctx, {
      action: 'session.build_installed',
      resourceType: 'session',
      resourceId: row.sessionId,
      details: { build_id: found.build.id, app_id: found.app.publicId, package_name: app.packageName },
    });
    await this.markUsed(ctx, device);
    return {
      status: 'ok' as const,
      package_name: app.packageName,
      name: app.name,
      version: app.version,
      launched: input.launch_after_install,
    };
  }

  async launchApp({ ctx, input }: { ctx: Ctx; input: { sessionId: string } & LaunchAppBody }) {
    const device = await this.deps.sessions.attach({ ctx, input });
    await device.launch(input.package_name, { activity: input.activity_name, params: input.params });
    await this.deps.apps.recordPackageStarted({
      ctx,
      input: { platform: device.platform, packageName: input.package_name },
    });
    await recordAudit(ctx, {
      action: 'session.app_launched',
      resourceType: 'session',
      resourceId: device.sessionId,
      details: { package_name: input.package_name },
    });
    await this.markUsed(ctx, device);
    return { status: 'ok' as const, message: `Launched ${input.package_name}` };
  }

  /** The list goes out as `session.apps` on /api/v1/ws once the device answers. */
  async listInstalledApps({ ctx, input }: { ctx: Ctx; input: { sessionId: string } }) {
    const device = await this.deps.sessions.attach({ ctx, input: { ...input, watch: true } });
    const work = device
      .listApps()
      .then((list) =>
        this.deps.realtime.publish(device.sessionId, {
          type: 'session.apps',
          session_id: device.sessionId,
          apps: list.map((a) => ({ package_name: a.packageName, name: a.name, version: a.version })),
        }),
      )
      .catch((err) => this.deps.log.warn({ err, sessionId: device.sessionId }, 'list_apps failed'));
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
    return { status: 'ok' as const, message: 'The installed apps are delivered over the WebSocket as session.apps' };
  }

  async uninstallApp({ ctx, input }: { ctx: Ctx; input: { sessionId: string; packageName: string } }) {
    const device = await this.deps.sessions.attach({ ctx, input });
    await device.uninstall(input.packageName);
    await recordAudit(ctx, {
      action: 'session.app_uninstalled',
      resourceType: 'session',
      resourceId: device.sessionId,
      details: { package_name: input.packageName },
    });
    await this.markUsed(ctx, device);
    return { status: 'ok' as const, message: `Uninstalling ${input.packageName}` };
  }

  /**
   * Records use for the idle timeout (minutes): at most once a second per session, so that a
   * drag sending 30+ touch moves a second is not 30 row writes (and WAL flushes) a second.
   */
  private async markUsed(ctx: Ctx, device: DeviceHandle): Promise<void> {
    const now = ctx.clock.now();
    const last = this.lastMarked.get(device.sessionId);
    if (last !== undefined && now.getTime() >= last && now.getTime() - last < MARK_USED_EVERY_MS) return;
    this.lastMarked.set(device.sessionId, now.getTime());
    await markUsed(ctx.db, { sessionIds: [device.sessionId] }, now);
  }
}

/** A point of the API's 0–10000 range, clamped to the current screen's edges. */
export function clampToScreen(screen: ScreenInfo, x: number, y: number): [number, number] {
  return [
    Math.min(Math.max(0, x), Math.max(0, screen.width - 1)),
    Math.min(Math.max(0, y), Math.max(0, screen.height - 1)),
  ];
}
