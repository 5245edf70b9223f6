import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import { actorIdentity, requireRole, systemContext, withTransaction, type Ctx } from '../../context';
import type { Db } from '../../db/client';
import { devices, sessionQueue, sessions, workers, type EndReason } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import { apiTimeOrNull, apiTime } from '../../http/api-time';
import type { ObjectStorage } from '../../storage/storage';
import type { DeviceSpec, InputEvent, InstalledApp, ScreenInfo } from '../../worker/driver';
import { WORKER_LOST_AFTER_MS } from '../../worker/protocol';
import type { AppsService } from '../apps/apps.service';
import { recordAudit } from '../audit/audit.recorder';
import { emitEvent } from '../events/events';
import { planFor } from '../plans/plans';
import type { RealtimeHub } from '../realtime/realtime-hub';
import type { FileLinks } from '../workers/file-links';
import type { InMemoryDeviceRouter } from '../workers/worker-hub';
import * as repo from './sessions.repository';
import type { SessionRow } from './sessions.repository';
import { TIME_RANGES, type ControlBody, type CreateSessionBody, type InstallBuildBody, type LaunchAppBody, type ListSessionsQuery, type Session } from './sessions.schemas';

export const NEVER_USED_MS = 3 * 60_000;
export const ENDING_WARNING_MS = 60_000;

/** Device verbs need a session that is active on a device: 400 otherwise. */
function assertActive(row: SessionRow): void {
  if (row.status !== 'active' || !row.deviceId) throw badRequest(`Session is not active (status ${row.status})`);
}

/** A boot that stops because its session ended meanwhile (not a failure). */
class BootAbandoned extends Error {}
/** A session stuck in `starting` this long (boot 180 s + installs) has failed. */
export const STARTING_TIMEOUT_MS = 10 * 60_000;

export interface SessionsDeps {
  config: Config;
  /** App and build resolution with the spec's build_id rules, and last_started_at. */
  apps: AppsService;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  router: InMemoryDeviceRouter;
  realtime: RealtimeHub;
  storage: ObjectStorage;
  links: FileLinks;
}

type Queued = { status: 'queued'; queue_entry_id: number; position: number; session_id: string };

/** Sessions, the device queue, allocation and the lifetime rules (DECISIONS.md, "Sessions"). */
export class SessionsService {
  /** Boots in flight, so tests and shutdown can wait for them. */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly deps: SessionsDeps) {}

  // ---------------------------------------------------------------- responses

  streamUrl(sessionId: string): string {
    return `${this.deps.config.server.appUrl.replace(/^http/, 'ws')}/api/v1/sessions/${sessionId}/stream`;
  }

  async toResponse(db: Ctx['db'], row: SessionRow, now: Date): Promise<Session> {
    let queue: { id: number; position: number } | null = null;
    if (row.status === 'pending') {
      const [pos] = await repo.queuePositions(db, { sessionPks: [row.id] });
      if (pos) queue = { id: pos.id, position: pos.position };
    }
    return this.shape(row, now, queue);
  }

  shape(row: SessionRow, now: Date, queue: { id: number; position: number } | null = null): Session {
    const start = row.startTime;
    const end = row.endTime ?? now;
    return {
      id: row.id,
      session_id: row.sessionId,
      device_type: row.deviceType,
      device_category: row.assignedCategory ?? row.deviceCategory ?? 'phone',
      status: row.status,
      device_id: row.deviceId,
      device_name: row.deviceName,
      os_version: row.osVersion,
      user_email: row.userEmail,
      webrtc_room_id: null,
      stream_url: row.deviceId && (row.status === 'starting' || row.status === 'active') ? this.streamUrl(row.sessionId) : null,
      start_time: apiTimeOrNull(row.startTime),
      end_time: apiTimeOrNull(row.endTime),
      duration_minutes: start ? Math.max(0, Math.round((end.getTime() - start.getTime()) / 6000) / 10) : null,
      end_reason: row.endReason,
      error_message: row.errorMessage,
      queue_entry_id: queue?.id ?? null,
      queue_position: queue?.position ?? null,
      app_id: row.appPublicId,
      build_id: row.buildId,
      screen: row.screenWidth && row.screenHeight ? { width: row.screenWidth, height: row.screenHeight, rotation: row.rotation ?? 0 } : null,
      created_at: apiTime(row.createdAt),
    };
  }

  private publishSession(row: SessionRow): void {
    void this.toResponse(this.deps.db, row, this.deps.clock.now())
      .then((session) => this.deps.realtime.publish(row.sessionId, { type: 'session.updated', session }))
      .catch((err) => this.deps.log.warn({ err }, 'session.updated publish failed'));
  }

  private async publishQueuePositions(): Promise<void> {
    for (const p of await repo.queuePositions(this.deps.db)) {
      this.deps.realtime.publish(p.sessionId, { type: 'queue.updated', queue_entry_id: p.id, session_id: p.sessionId, position: p.position });
    }
  }

  private sys(org: number | null = null): Ctx {
    return systemContext({ db: this.deps.db, clock: this.deps.clock, log: this.deps.log }, org === null ? null : { id: org, role: 'admin' });
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p)).catch(() => {});
    return p;
  }

  /** Resolves when every boot and release started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  // ---------------------------------------------------------------- verbs

  async create({ ctx, input }: { ctx: Ctx; input: CreateSessionBody }): Promise<Session> {
    const org = requireRole(ctx, 'viewer');
    const who = actorIdentity(ctx);
    const now = ctx.clock.now();
    if (input.build_id !== undefined && !input.app_id) throw badRequest('build_id: needs app_id');
    let deviceCategory = input.device_category ?? null;
    if (input.specific_device_id) {
      const device = await repo.findDevice(ctx.db, input.specific_device_id);
      if (!device || device.status === 'offline') throw notFound('Device');
      if (device.type !== input.device_type) throw badRequest(`specific_device_id: the device is ${device.type}, not ${input.device_type}`);
      if (input.device_category && device.category !== input.device_category) throw badRequest(`specific_device_id: the device is a ${device.category}, not a ${input.device_category}`);
      if (device.status !== 'available' || device.leasedSessionId) throw new AppError('CONFLICT', 'The requested device is not available');
      // A named device fixes the category, including one that is not a handheld (a TV).
      deviceCategory = device.category;
    }
    let appPublicId: string | null = null;
    let buildId: number | null = null;
    if (input.app_id) {
      const app = await this.deps.apps.resolveApp({ ctx, input: { appId: input.app_id } });
      if (app.platform !== input.device_type) throw badRequest(`app_id: the app is for ${app.platform}, not ${input.device_type}`);
      if (input.build_id !== undefined) {
        buildId = (await this.deps.apps.resolveBuildForInstall({ ctx, input: { buildId: input.build_id, appId: app.id } })).build.id;
      } else {
        const latest = await this.deps.apps.latestBuild({ ctx, input: { appId: app.publicId } }).catch(() => null);
        if (!latest) throw badRequest('app_id: the app has no builds to install');
      }
      appPublicId = app.publicId;
    }
    return withTransaction(ctx, async (tx) => {
      const [row] = await tx.db
        .insert(sessions)
        .values({
          sessionId: randomUUID(),
          organizationId: org.id,
          userId: who.userId,
          userEmail: who.email,
          deviceType: input.device_type,
          deviceCategory,
          specificDeviceId: input.specific_device_id ?? null,
          appPublicId,
          buildId,
          launchParams: appPublicId ? (input.launch_params ?? null) : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await recordAudit(tx, { action: 'session.created', resourceType: 'session', resourceId: row!.sessionId, details: { device_type: input.device_type, device_category: input.device_category ?? null, specific_device_id: input.specific_device_id ?? null, app_id: appPublicId } });
      return this.shape(row!, now);
    });
  }

  async start({ ctx, sessionId, deviceId }: { ctx: Ctx; sessionId: string; deviceId?: string }): Promise<{ started: Session } | { queued: Queued }> {
    const org = requireRole(ctx, 'viewer');
    const result = await withTransaction(ctx, async (tx) => {
      const found = await repo.findSession(tx.db, org.id, sessionId);
      if (!found) throw notFound('Session');
      const row = (await repo.lockSession(tx.db, found.id))!;
      if (row.status !== 'pending') throw badRequest(`Session already started (status ${row.status})`);
      let entry = await repo.queueEntryForSession(tx.db, row.id);
      if (!entry) {
        let specific = row.specificDeviceId;
        let category = row.deviceCategory;
        if (deviceId) {
          const device = await repo.findDevice(tx.db, deviceId);
          if (!device || device.status === 'offline') throw notFound('Device');
          if (device.type !== row.deviceType) throw badRequest(`device_id: the device is ${device.type}, not ${row.deviceType}`);
          if (row.deviceCategory && device.category !== row.deviceCategory) throw badRequest(`device_id: the device is a ${device.category}, not a ${row.deviceCategory}`);
          specific = device.deviceId;
          category = device.category;
          await repo.updateSession(tx.db, row.id, { specificDeviceId: specific, deviceCategory: category });
        }
        [entry] = await tx.db
          .insert(sessionQueue)
          .values({ sessionPk: row.id, sessionId: row.sessionId, organizationId: org.id, userId: actorIdentity(ctx).userId, deviceType: row.deviceType, deviceCategory: category, specificDeviceId: specific, createdAt: tx.clock.now() })
          .returning();
        await recordAudit(tx, { action: 'session.start_requested', resourceType: 'session', resourceId: row.sessionId });
      }
      await this.dispatch(tx);
      const after = (await repo.lockSession(tx.db, row.id))!;
      if (after.status === 'starting') return { started: this.shape(after, tx.clock.now()) };
      const [pos] = await repo.queuePositions(tx.db, { sessionPks: [row.id] });
      return { queued: { status: 'queued' as const, queue_entry_id: entry!.id, position: pos?.position ?? 1, session_id: row.sessionId } };
    });
    return result;
  }

  async leaveQueue({ ctx, entryId }: { ctx: Ctx; entryId: number }): Promise<{ status: 'ok' }> {
    const org = requireRole(ctx, 'viewer');
    const who = actorIdentity(ctx);
    await withTransaction(ctx, async (tx) => {
      const [entry] = await tx.db
        .select()
        .from(sessionQueue)
        .where(and(eq(sessionQueue.id, entryId), eq(sessionQueue.organizationId, org.id)))
        .for('update');
      // Only the user who queued the entry may remove it; anyone else sees no entry.
      if (!entry || entry.userId === null || entry.userId !== who.userId) throw notFound('Queue entry');
      await tx.db.delete(sessionQueue).where(eq(sessionQueue.id, entry.id));
      const row = await repo.updateSession(tx.db, entry.sessionPk, { status: 'stopped', endReason: 'user', endTime: tx.clock.now(), updatedAt: tx.clock.now() });
      await recordAudit(tx, { action: 'session.queue_left', resourceType: 'session', resourceId: entry.sessionId, details: { queue_entry_id: entry.id } });
      tx.afterCommit(() => {
        this.publishSession(row);
        return this.publishQueuePositions();
      });
    });
    return { status: 'ok' };
  }

  async get({ ctx, sessionId }: { ctx: Ctx; sessionId: string }): Promise<Session> {
    const org = requireRole(ctx, 'viewer');
    const row = await repo.findSession(ctx.db, org.id, sessionId);
    if (!row) throw notFound('Session');
    return this.toResponse(ctx.db, row, ctx.clock.now());
  }

  /** For modules that act on a session (stream, agent tools): the row, org-checked. */
  async load(ctx: Ctx, sessionId: string): Promise<SessionRow> {
    const org = requireRole(ctx, 'viewer');
    const row = await repo.findSession(ctx.db, org.id, sessionId);
    if (!row) throw notFound('Session');
    return row;
  }

  async list({ ctx, query }: { ctx: Ctx; query: ListSessionsQuery }): Promise<Session[]> {
    const org = requireRole(ctx, 'viewer');
    const now = ctx.clock.now();
    const rows = await repo.listSessions(ctx.db, org.id, {
      status: query.status,
      deviceType: query.device_type,
      userId: query.user_id,
      since: query.time_range ? new Date(now.getTime() - TIME_RANGES[query.time_range]) : undefined,
      search: query.search,
      limit: query.limit,
      offset: query.offset,
    });
    const positions = rows.some((r) => r.status === 'pending') ? await repo.queuePositions(ctx.db, { sessionPks: rows.map((r) => r.id) }) : [];
    return rows.map((r) => {
      const p = positions.find((x) => x.sessionPk === r.id);
      return this.shape(r, now, p ? { id: p.id, position: p.position } : null);
    });
  }

  async exportCsv({ ctx }: { ctx: Ctx }): Promise<Session[]> {
    const org = requireRole(ctx, 'viewer');
    const now = ctx.clock.now();
    const out: Session[] = [];
    for (let offset = 0; ; offset += 1000) {
      const rows = await repo.listSessions(ctx.db, org.id, { limit: 1000, offset });
      out.push(...rows.map((r) => this.shape(r, now)));
      if (rows.length < 1000) break;
    }
    return out;
  }

  /** DELETE /sessions/{id}; CI cleanup passes `reason: 'ci_cleanup'`. */
  async stop({ ctx, sessionId, reason = 'user' }: { ctx: Ctx; sessionId: string; reason?: 'user' | 'ci_cleanup' }): Promise<{ status: 'ok' }> {
    const org = requireRole(ctx, 'viewer');
    await withTransaction(ctx, async (tx) => {
      const found = await repo.findSession(tx.db, org.id, sessionId);
      if (!found) throw notFound('Session');
      const row = (await repo.lockSession(tx.db, found.id))!;
      if (row.status === 'stopped' || row.status === 'failed') return;
      await this.endSession(tx, row, 'stopped', reason);
    });
    return { status: 'ok' };
  }

  async control({ ctx, sessionId, input }: { ctx: Ctx; sessionId: string; input: ControlBody }): Promise<{ status: 'ok' }> {
    const row = await this.requireActive(ctx, sessionId);
    const need = (...fields: Array<keyof ControlBody>) => {
      for (const f of fields) if (input[f] === undefined) throw badRequest(`${f}: required for ${input.action}`);
    };
    const device = row.deviceId!;
    const r = this.deps.router;
    switch (input.action) {
      case 'tap':
        need('x', 'y');
        await r.command(device, 'input', { kind: 'tap', x: input.x!, y: input.y! } satisfies InputEvent);
        break;
      case 'swipe':
        need('x', 'y', 'x2', 'y2');
        await r.command(device, 'input', { kind: 'swipe', x: input.x!, y: input.y!, x2: input.x2!, y2: input.y2!, durationMs: input.duration } satisfies InputEvent);
        break;
      case 'touch_start':
      case 'touch_move':
      case 'touch_end':
        need('x', 'y');
        await r.command(device, 'input', { kind: 'touch', phase: input.action.slice(6) as 'start', x: input.x!, y: input.y! } satisfies InputEvent);
        break;
      case 'button':
        need('button');
        await r.command(device, 'input', { kind: 'button', button: input.button!.toUpperCase() } satisfies InputEvent);
        break;
      case 'key': {
        need('keycode');
        const key = input.keycode!.toUpperCase().replace(/^KEYCODE_/, '');
        // Character keycodes (KEYCODE_A..Z, 0..9, SPACE) type their character, as on Android.
        const ch = /^[A-Z0-9]$/.test(key) ? key.toLowerCase() : key === 'SPACE' ? ' ' : null;
        await r.command(device, 'input', (ch ? { kind: 'text', text: ch } : { kind: 'key', key }) satisfies InputEvent);
        break;
      }
      case 'text':
        need('text');
        await r.command(device, 'input', { kind: 'text', text: input.text! } satisfies InputEvent);
        break;
      case 'rotate': {
        need('rotation');
        const screen = await r.command<ScreenInfo>(device, 'rotate', { rotation: input.rotation });
        await repo.updateSession(ctx.db, row.id, { screenWidth: screen.width, screenHeight: screen.height, rotation: screen.rotation, updatedAt: ctx.clock.now() });
        break;
      }
      case 'screenshot': {
        const shot = await r.command<{ image: string }>(device, 'screenshot');
        this.deps.realtime.publish(row.sessionId, { type: 'session.screenshot', session_id: row.sessionId, image: `data:image/jpeg;base64,${shot.image}` });
        break;
      }
    }
    // Touch phases stream at pointer rate; the gesture is audited by its other actions.
    if (!input.action.startsWith('touch_')) {
      await recordAudit(ctx, { action: 'session.control', resourceType: 'session', resourceId: row.sessionId, details: { action: input.action } });
    }
    await this.markUsed(ctx, row);
    return { status: 'ok' };
  }

  /** Checks before an upload is read: permissions, file type, session state. */
  async prepareInstallApp({ ctx, sessionId, fileName }: { ctx: Ctx; sessionId: string; fileName: string }): Promise<{ key: string }> {
    const org = requireRole(ctx, 'viewer');
    // An unknown session is 404 before anything is said about the organization or the file.
    const row = await this.load(ctx, sessionId);
    const orgRow = await repo.getOrg(ctx.db, org.id);
    if (orgRow?.sessionPermissions === 'app_only') throw new AppError('FORBIDDEN', 'This organization allows only builds of its apps in sessions (session_permissions is app_only)');
    const lower = fileName.toLowerCase();
    if (!['.apk', '.zip', '.tar.gz', '.tgz'].some((ext) => lower.endsWith(ext))) throw badRequest('file: must be an Android .apk or an iOS simulator bundle as .zip, .tar.gz or .tgz');
    assertActive(row);
    return { key: `session-uploads/${row.sessionId}/${randomUUID()}-${lower.replace(/[^a-z0-9._-]/g, '_').slice(-80)}` };
  }

  /** Installs an upload staged by the route under `key` (from prepareInstallApp); deletes it after. */
  async installApp({ ctx, sessionId, key, fileName, launchAfterInstall }: { ctx: Ctx; sessionId: string; key: string; fileName: string; launchAfterInstall: boolean }) {
    try {
      const row = await this.requireActive(ctx, sessionId);
      const app = await this.installKey(row, key, fileName);
      if (launchAfterInstall) await this.deps.router.command(row.deviceId!, 'launch', { package_name: app.packageName });
      await withTransaction(ctx, async (tx) => {
        await recordAudit(tx, { action: 'session.app_installed', resourceType: 'session', resourceId: row.sessionId, details: { package_name: app.packageName, file_name: fileName } });
      });
      await this.markUsed(ctx, row);
      return { status: 'ok' as const, package_name: app.packageName, name: app.name, version: app.version, launched: launchAfterInstall };
    } finally {
      await this.deps.storage.delete(key).catch(() => {});
    }
  }

  async installBuild({ ctx, sessionId, input }: { ctx: Ctx; sessionId: string; input: InstallBuildBody }) {
    // The session first: an unknown session is 404 whatever the build.
    const row = await this.load(ctx, sessionId);
    const found = await this.deps.apps.resolveBuildForInstall({ ctx, input: { buildId: input.build_id } });
    assertActive(row);
    if (found.app.platform !== row.deviceType) throw badRequest(`build_id: the build is for ${found.app.platform}, this session runs ${row.deviceType}`);
    const app = await this.installKey(row, found.build.storageKey, found.build.fileName, { grant_permissions: input.grant_permissions });
    if (input.launch_after_install) {
      await this.deps.router.command(row.deviceId!, 'launch', { package_name: app.packageName, params: input.params });
      await this.deps.apps.recordAppStarted({ ctx, input: { appId: found.app.id } });
    }
    await withTransaction(ctx, async (tx) => {
      await recordAudit(tx, { action: 'session.build_installed', resourceType: 'session', resourceId: row.sessionId, details: { build_id: found.build.id, app_id: found.app.publicId, package_name: app.packageName } });
    });
    await this.markUsed(ctx, row);
    return { status: 'ok' as const, package_name: app.packageName, name: app.name, version: app.version, launched: input.launch_after_install };
  }

  async launchApp({ ctx, sessionId, input }: { ctx: Ctx; sessionId: string; input: LaunchAppBody }) {
    const row = await this.requireActive(ctx, sessionId);
    await this.deps.router.command(row.deviceId!, 'launch', { package_name: input.package_name, activity: input.activity_name, params: input.params });
    await this.deps.apps.recordPackageStarted({ ctx, input: { platform: row.deviceType, packageName: input.package_name } });
    await withTransaction(ctx, async (tx) => {
      await recordAudit(tx, { action: 'session.app_launched', resourceType: 'session', resourceId: row.sessionId, details: { package_name: input.package_name } });
    });
    await this.markUsed(ctx, row);
    return { status: 'ok' as const, message: `Launched ${input.package_name}` };
  }

  /** The list goes out as `session.apps` on /api/v1/ws once the device answers. */
  async listApps({ ctx, sessionId }: { ctx: Ctx; sessionId: string }) {
    const row = await this.requireActive(ctx, sessionId);
    void this.track(
      this.deps.router
        .command<InstalledApp[]>(row.deviceId!, 'list_apps')
        .then((list) =>
          this.deps.realtime.publish(row.sessionId, { type: 'session.apps', session_id: row.sessionId, apps: list.map((a) => ({ package_name: a.packageName, name: a.name, version: a.version })) }),
        )
        .catch((err) => this.deps.log.warn({ err, sessionId }, 'list_apps failed')),
    );
    return { status: 'ok' as const, message: 'The installed apps are delivered over the WebSocket as session.apps' };
  }

  async uninstallApp({ ctx, sessionId, packageName }: { ctx: Ctx; sessionId: string; packageName: string }) {
    const row = await this.requireActive(ctx, sessionId);
    await this.deps.router.command(row.deviceId!, 'uninstall', { package_name: packageName });
    await withTransaction(ctx, async (tx) => {
      await recordAudit(tx, { action: 'session.app_uninstalled', resourceType: 'session', resourceId: row.sessionId, details: { package_name: packageName } });
    });
    await this.markUsed(ctx, row);
    return { status: 'ok' as const, message: `Uninstalling ${packageName}` };
  }

  /** Agent tools and other device actions call this: counts as use of the session. */
  async markUsed(ctx: Pick<Ctx, 'db' | 'clock'>, row: Pick<SessionRow, 'id'>): Promise<void> {
    await ctx.db.update(sessions).set({ lastUsedAt: ctx.clock.now(), endingNotifiedAt: null }).where(and(eq(sessions.id, row.id), eq(sessions.status, 'active')));
  }

  async heartbeat(ctx: Ctx, sessionId: string): Promise<void> {
    const row = await this.load(ctx, sessionId);
    await this.markUsed(ctx, row);
  }

  async requireActive(ctx: Ctx, sessionId: string): Promise<SessionRow> {
    const row = await this.load(ctx, sessionId);
    assertActive(row);
    return row;
  }

  private async installKey(row: SessionRow, key: string, fileName: string, extra: Record<string, unknown> = {}): Promise<InstalledApp> {
    const link = this.deps.links.sign(key, this.deps.clock.now());
    return this.deps.router.command<InstalledApp>(row.deviceId!, 'install', { url: `/api/v1/workers/files/${link}`, file_name: fileName, ...extra });
  }

  // ---------------------------------------------------------------- allocation

  /**
   * Hands free devices to queued entries, oldest first, within the caller's transaction; an
   * organization at its plan's concurrency cap keeps waiting. Started sessions boot after commit.
   */
  async dispatch(tx: Ctx): Promise<void> {
    const entries = await repo.lockQueueEntries(tx.db);
    const started: string[] = [];
    for (const entry of entries) {
      const org = await repo.lockOrgPlan(tx.db, entry.organizationId);
      const cap = planFor(org?.planId ?? 'free').concurrentSessions;
      if (cap !== null && (await repo.countLiveSessions(tx.db, entry.organizationId)) >= cap) continue;
      const device = await repo.lockFreeDevice(tx.db, entry);
      if (!device) continue;
      const now = tx.clock.now();
      await tx.db.update(devices).set({ status: 'busy', leasedSessionId: entry.sessionId, updatedAt: now }).where(eq(devices.id, device.id));
      await tx.db.delete(sessionQueue).where(eq(sessionQueue.id, entry.id));
      const row = await repo.updateSession(tx.db, entry.sessionPk, {
        status: 'starting',
        deviceId: device.deviceId,
        deviceName: device.name,
        deviceModel: device.model,
        assignedCategory: device.category,
        osVersion: device.osVersion,
        workerId: device.workerId,
        startTime: now,
        updatedAt: now,
      });
      await recordAudit(tx, { action: 'session.device_assigned', resourceType: 'session', resourceId: row.sessionId, organizationId: row.organizationId, details: { device_id: device.deviceId, queue_entry_id: entry.id } });
      started.push(row.sessionId);
      tx.afterCommit(() => this.publishSession(row));
    }
    tx.afterCommit(async () => {
      for (const id of started) void this.track(this.boot(id));
      await this.publishQueuePositions();
    });
  }

  /** Boots the device, installs and launches the pinned app, then marks the session active. */
  private async boot(sessionId: string): Promise<void> {
    const db = this.deps.db;
    const row = await repo.findSessionAnyOrg(db, sessionId);
    if (!row || row.status !== 'starting' || !row.deviceId) return;
    // Ended (DELETE) or failed while booting: the device may already belong to the next session,
    // so nothing more of this session's (its pinned app above all) may reach it.
    const stillOurs = async () => {
      const cur = await repo.findSessionAnyOrg(db, sessionId);
      if (cur?.status !== 'starting' || cur.deviceId !== row.deviceId) throw new BootAbandoned();
    };
    try {
      const screen = await this.deps.router.command<ScreenInfo>(row.deviceId, 'boot');
      if (row.appPublicId) {
        const sys = this.sys(row.organizationId);
        const { app, build } = row.buildId
          ? await this.deps.apps.resolveBuildForInstall({ ctx: sys, input: { buildId: row.buildId, appId: row.appPublicId } })
          : await this.deps.apps.latestBuild({ ctx: sys, input: { appId: row.appPublicId } });
        await stillOurs();
        const installed = await this.installKey(row, build.storageKey, build.fileName, { grant_permissions: true });
        await stillOurs();
        await this.deps.router.command(row.deviceId, 'launch', { package_name: installed.packageName, params: row.launchParams ?? undefined });
        await this.deps.apps.recordAppStarted({ ctx: sys, input: { appId: app.id } });
        if (!row.buildId) await repo.updateSession(db, row.id, { buildId: build.id });
      }
      await withTransaction(this.sys(row.organizationId), async (tx) => {
        const cur = await repo.lockSession(tx.db, row.id);
        if (!cur || cur.status !== 'starting') return;
        const now = tx.clock.now();
        const next = await repo.updateSession(tx.db, row.id, { status: 'active', activeAt: now, screenWidth: screen.width, screenHeight: screen.height, rotation: screen.rotation, updatedAt: now });
        await emitEvent(tx, { type: 'session.started', data: { session_id: next.sessionId, device_id: next.deviceId, device_name: next.deviceName, device_type: next.deviceType, os_version: next.osVersion, user_email: next.userEmail } });
        await recordAudit(tx, { action: 'session.started', resourceType: 'session', resourceId: next.sessionId, details: { device_id: next.deviceId } });
        tx.afterCommit(() => this.publishSession(next));
      });
    } catch (err) {
      if (err instanceof BootAbandoned) return;
      const message = err instanceof Error ? err.message : String(err);
      this.deps.log.warn({ err, sessionId }, 'session failed to start');
      await withTransaction(this.sys(row.organizationId), async (tx) => {
        const cur = await repo.lockSession(tx.db, row.id);
        if (!cur || cur.status !== 'starting') return;
        await this.endSession(tx, cur, 'failed', null, `The device could not start: ${message}`);
      });
    }
  }

  /**
   * Ends a session (stopped or failed) inside `tx`: the queue entry goes, the device is released
   * and handed to the next queued entry in the same transaction.
   */
  async endSession(tx: Ctx, row: SessionRow, status: 'stopped' | 'failed', endReason: EndReason | null, errorMessage: string | null = null, opts: { deviceLost?: boolean } = {}): Promise<void> {
    const now = tx.clock.now();
    const wasLive = row.status === 'starting' || row.status === 'active';
    await tx.db.delete(sessionQueue).where(eq(sessionQueue.sessionPk, row.id));
    const next = await repo.updateSession(tx.db, row.id, { status, endReason, errorMessage, endTime: now, updatedAt: now });
    const ctxOrg = { ...tx, org: tx.org ?? { id: row.organizationId, role: 'admin' as const } };
    await recordAudit(ctxOrg, { action: status === 'failed' ? 'session.failed' : 'session.stopped', resourceType: 'session', resourceId: row.sessionId, organizationId: row.organizationId, details: { end_reason: endReason, error: errorMessage } });
    if (wasLive) {
      await emitEvent(ctxOrg, {
        type: 'session.ended',
        organizationId: row.organizationId,
        data: { session_id: row.sessionId, status, end_reason: endReason, device_id: row.deviceId, duration_minutes: this.shape(next, now).duration_minutes },
      });
    }
    if (row.deviceId) {
      const deviceId = row.deviceId;
      await tx.db
        .update(devices)
        .set(opts.deviceLost ? { leasedSessionId: null, status: 'offline', updatedAt: now } : { leasedSessionId: null, status: sql`CASE WHEN ${devices.status} = 'offline' THEN 'offline' ELSE 'available' END`, updatedAt: now })
        .where(and(eq(devices.deviceId, deviceId), eq(devices.leasedSessionId, row.sessionId)));
      if (wasLive && !opts.deviceLost && this.deps.router.isDeviceConnected(deviceId)) {
        tx.afterCommit(() => {
          this.deps.router.forgetFrame(deviceId);
          void this.track(this.deps.router.command(deviceId, 'shutdown').catch((err) => this.deps.log.warn({ err, deviceId }, 'device shutdown failed')));
        });
      }
    }
    tx.afterCommit(() => {
      this.deps.realtime.closeStreams(row.sessionId);
      this.publishSession(next);
    });
    if (wasLive) await this.dispatch(tx);
    else tx.afterCommit(() => this.publishQueuePositions());
  }

  // ---------------------------------------------------------------- workers

  async registerWorker(workerId: string, specs: DeviceSpec[], driver: string | null = null): Promise<void> {
    await withTransaction(this.sys(), async (tx) => {
      await repo.upsertWorkerDevices(tx.db, workerId, driver, specs, tx.clock.now());
      await this.dispatch(tx);
    });
  }

  async touchWorker(workerId: string): Promise<void> {
    await repo.touchWorker(this.deps.db, workerId, this.deps.clock.now());
  }

  /**
   * Workers silent for 20 s are lost: their devices go offline (unlisted) and the sessions on
   * them fail with `worker_lost`. Also covers devices left from before a control-plane restart.
   * Ends with a queue tick, so entries skipped earlier (busy rows, plan slots) get another chance.
   */
  async sweepWorkers(now: Date = this.deps.clock.now()): Promise<{ lostDevices: number; failedSessions: number }> {
    const cutoff = new Date(now.getTime() - WORKER_LOST_AFTER_MS);
    const lost = await this.deps.db
      .select({ device: devices })
      .from(devices)
      .leftJoin(workers, eq(workers.workerId, devices.workerId))
      .where(and(inArray(devices.status, ['available', 'busy']), sql`(${workers.lastSeenAt} IS NULL OR ${workers.lastSeenAt} < ${cutoff})`));
    let failed = 0;
    const lostWorkers = new Set<string>();
    for (const { device: d } of lost) {
      lostWorkers.add(d.workerId);
      await withTransaction(this.sys(), async (tx) => {
        const [dev] = await tx.db.select().from(devices).where(eq(devices.id, d.id)).for('update');
        if (!dev || dev.status === 'offline') return;
        const [w] = await tx.db.select().from(workers).where(eq(workers.workerId, dev.workerId));
        if (w && w.lastSeenAt >= cutoff) return; // heard from meanwhile
        await tx.db.update(devices).set({ status: 'offline', updatedAt: now }).where(eq(devices.id, d.id));
        if (dev.leasedSessionId) {
          const s = await repo.findSessionAnyOrg(tx.db, dev.leasedSessionId, true);
          if (s && (s.status === 'starting' || s.status === 'active')) {
            await this.endSession({ ...tx, org: { id: s.organizationId, role: 'admin' } }, s, 'failed', 'worker_lost', `The device worker ${dev.workerId} stopped responding`, { deviceLost: true });
            failed++;
          } else {
            await tx.db.update(devices).set({ leasedSessionId: null }).where(eq(devices.id, d.id));
          }
        }
      });
    }
    for (const w of lostWorkers) this.deps.router.drop(w);
    const [waiting] = await this.deps.db.select({ n: sql<number>`count(*)::int` }).from(sessionQueue);
    if (waiting && waiting.n > 0) await withTransaction(this.sys(), (tx) => this.dispatch(tx));
    return { lostDevices: lost.length, failedSessions: failed };
  }

  /**
   * The lifetime rules, evaluated at `now`: free-plan wall-clock cap, never-used, idle timeout
   * (with a `session.ending` warning 60 s before), and boots that never finished.
   */
  /**
   * When each organization without streaming overage runs out of its plan's monthly streaming
   * minutes (calendar month, UTC): what is left is shared by its running sessions, so that they
   * end together at the moment the allowance is used up.
   */
  private async monthlyAllowanceEnds(live: Array<{ s: SessionRow; planId: string; overage: boolean }>, now: Date): Promise<Map<number, number>> {
    const running = new Map<number, { minutes: number; count: number }>();
    for (const { s, planId, overage } of live) {
      const minutes = planFor(planId).streamingMinutesPerMonth;
      if (minutes === null || overage || !s.startTime) continue;
      const entry = running.get(s.organizationId) ?? { minutes, count: 0 };
      entry.count++;
      running.set(s.organizationId, entry);
    }
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const streamed = await repo.streamedMsSince(this.deps.db, [...running.keys()], monthStart, now);
    const ends = new Map<number, number>();
    for (const [orgId, { minutes, count }] of running) {
      const leftMs = Math.max(0, minutes * 60_000 - (streamed.get(orgId) ?? 0));
      ends.set(orgId, now.getTime() + leftMs / count);
    }
    return ends;
  }

  async sweepSessions(now: Date = this.deps.clock.now()): Promise<{ ended: Array<{ sessionId: string; reason: EndReason | null }> }> {
    const db = this.deps.db;
    const viewed = this.deps.realtime.sessionsWithViewers();
    if (viewed.length) {
      await db.update(sessions).set({ lastUsedAt: now, endingNotifiedAt: null }).where(and(inArray(sessions.sessionId, viewed), eq(sessions.status, 'active')));
    }
    const live = await db
      .select({ s: sessions, timeout: sql<number>`o.session_timeout_minutes`, planId: sql<string>`o.plan_id`, overage: sql<boolean>`o.allow_streaming_overage` })
      .from(sessions)
      .innerJoin(sql`organizations o`, sql`o.id = ${sessions.organizationId}`)
      .where(inArray(sessions.status, ['starting', 'active']));
    const monthlyEnd = await this.monthlyAllowanceEnds(live, now);
    const ended: Array<{ sessionId: string; reason: EndReason | null }> = [];
    for (const { s, timeout, planId } of live) {
      const plan = planFor(planId);
      let end: { status: 'stopped' | 'failed'; reason: EndReason | null; message: string | null } | null = null;
      let warn: { reason: string; at: number } | null = null;
      if (s.status === 'starting') {
        if (s.startTime && now.getTime() - s.startTime.getTime() > STARTING_TIMEOUT_MS) end = { status: 'failed', reason: null, message: 'The device did not finish starting in time' };
      } else {
        const candidates: Array<{ reason: EndReason; at: number }> = [];
        if (plan.sessionCapMinutes !== null && s.startTime) candidates.push({ reason: 'plan_limit', at: s.startTime.getTime() + plan.sessionCapMinutes * 60_000 });
        const allowanceEnd = monthlyEnd.get(s.organizationId);
        // A session started with the allowance (nearly) used up still gets its 60 s warning.
        if (allowanceEnd !== undefined && s.startTime) candidates.push({ reason: 'plan_limit', at: Math.max(allowanceEnd, s.startTime.getTime() + ENDING_WARNING_MS) });
        if (!s.lastUsedAt && s.activeAt) candidates.push({ reason: 'never_used', at: s.activeAt.getTime() + NEVER_USED_MS });
        const lastUse = s.lastUsedAt ?? s.activeAt;
        if (lastUse) candidates.push({ reason: 'idle_timeout', at: lastUse.getTime() + Number(timeout) * 60_000 });
        candidates.sort((a, b) => a.at - b.at);
        const first = candidates[0];
        if (first && first.at <= now.getTime()) end = { status: 'stopped', reason: first.reason, message: null };
        else if (first && first.at - now.getTime() <= ENDING_WARNING_MS && !s.endingNotifiedAt) warn = first;
      }
      if (end) {
        const e = end;
        await withTransaction(this.sys(s.organizationId), async (tx) => {
          const cur = await repo.lockSession(tx.db, s.id);
          if (!cur || (cur.status !== 'starting' && cur.status !== 'active')) return;
          if (cur.lastUsedAt && s.lastUsedAt && cur.lastUsedAt > s.lastUsedAt) return; // used meanwhile
          await this.endSession(tx, cur, e.status, e.reason, e.message);
          ended.push({ sessionId: s.sessionId, reason: e.reason });
        });
      } else if (warn) {
        // Every replica sweeps: the one that marks the session first sends the warning.
        const marked = await db.update(sessions).set({ endingNotifiedAt: now }).where(and(eq(sessions.id, s.id), isNull(sessions.endingNotifiedAt))).returning({ id: sessions.id });
        if (marked.length === 0) continue;
        this.deps.realtime.publish(s.sessionId, { type: 'session.ending', session_id: s.sessionId, reason: warn.reason, in_seconds: Math.max(0, Math.round((warn.at - now.getTime()) / 1000)) });
      }
    }
    return { ended };
  }
}
