import { randomUUID } from 'node:crypto';
import { actorIdentity, requireCreatorOrRole, requireRole, withTransaction, type Ctx } from '../../context';
import { AppError, badRequest, notFound } from '../../errors';
import { launchParamsProblem } from '../../worker/device-arguments';
import type { DeviceCategory } from '../../worker/driver';
import type { AppsService } from '../apps';
import { recordAudit } from '../audit';
import { findDevice, type DeviceRow } from '../devices';
import type { FileLinks, DeviceRouter } from '../workers';
import { SessionDeviceHandle, type DeviceHandle } from './device-handle';
import type { SessionLogs } from './session-logs';
import { enqueueSession, queuePositionOf, removeOwnQueueEntry, type DeviceWanted } from './queue';
import { queueEntryForSession, queuePositions } from './queue.repository';
import type { SessionLifecycle } from './session-lifecycle';
import type { SessionNotifier } from './session-notifier';
import { queueReason, type SessionPresenter } from './session-presenter';
import * as repo from './sessions.repository';
import type { SessionRow } from './sessions.repository';
import { TIME_RANGES, type CreateSessionBody, type ListSessionsQuery, type Session } from './sessions.schemas';

export type QueuedSession = {
  status: 'queued';
  queue_entry_id: number;
  position: number;
  session_id: string;
  reason: string | null;
};

export interface SessionsDeps {
  apps: AppsService;
  router: DeviceRouter;
  links: FileLinks;
  presenter: SessionPresenter;
  notifier: SessionNotifier;
  lifecycle: SessionLifecycle;
  logs?: SessionLogs;
}

/** The session verbs of the API (docs/design/0011-sessions.md): create, start or queue, read, stop. */
export class SessionsService {
  constructor(private readonly deps: SessionsDeps) {}

  /** A pending session; a named device must exist and be free now (404 / 409), a pinned app must have a build. */
  async createSession({ ctx, input }: { ctx: Ctx; input: CreateSessionBody }): Promise<Session> {
    const org = requireRole(ctx, 'viewer');
    const who = actorIdentity(ctx);
    const now = ctx.clock.now();
    if (input.build_id !== undefined && !input.app_id) throw badRequest('build_id: needs app_id');
    const paramsProblem =
      input.launch_params === undefined ? null : launchParamsProblem(input.launch_params, 'launch_params');
    if (paramsProblem) throw new AppError('UNPROCESSABLE', paramsProblem);
    let deviceCategory = input.device_category ?? null;
    if (input.specific_device_id) {
      const device = await findDevice(ctx.db, input.specific_device_id);
      if (!device || device.status === 'offline') throw notFound('Device');
      checkDeviceFits(
        device,
        { deviceType: input.device_type, category: input.device_category ?? null },
        'specific_device_id',
      );
      if (device.status !== 'available' || device.leasedSessionId)
        throw new AppError('CONFLICT', 'The requested device is not available');
      // A named device fixes the category, including one that is not a handheld (a TV).
      deviceCategory = device.category;
    }
    const pinned = input.app_id ? await this.resolvePinnedApp(ctx, input) : null;
    return withTransaction(ctx, async (tx) => {
      const row = await repo.insertSession(tx.db, {
        sessionId: randomUUID(),
        organizationId: org.id,
        userId: who.userId,
        createdByApiTokenId: who.apiTokenId,
        // Filled when the session starts: at creation every nullable field is null.
        userEmail: null,
        deviceType: input.device_type,
        deviceCategory,
        specificDeviceId: input.specific_device_id ?? null,
        wantedModel: input.specific_device_id ? null : (input.device_model ?? null),
        wantedOsVersion: input.specific_device_id ? null : (input.os_version ?? null),
        appPublicId: pinned?.appPublicId ?? null,
        buildId: pinned?.buildId ?? null,
        launchParams: pinned ? (input.launch_params ?? null) : null,
        createdAt: now,
        updatedAt: now,
      });
      await recordAudit(tx, {
        action: 'session.created',
        resourceType: 'session',
        resourceId: row.sessionId,
        details: {
          device_type: input.device_type,
          device_category: input.device_category ?? null,
          specific_device_id: input.specific_device_id ?? null,
          app_id: pinned?.appPublicId ?? null,
        },
      });
      return this.deps.presenter.shape(row, now);
    });
  }

  private async resolvePinnedApp(
    ctx: Ctx,
    input: CreateSessionBody,
  ): Promise<{ appPublicId: string; buildId: number | null }> {
    const app = await this.deps.apps.resolveApp({ ctx, input: { appId: input.app_id! } });
    if (app.platform !== input.device_type)
      throw badRequest(`app_id: the app is for ${app.platform}, not ${input.device_type}`);
    if (input.build_id !== undefined) {
      const { build } = await this.deps.apps.resolveBuildForInstall({
        ctx,
        input: { buildId: input.build_id, appId: app.id },
      });
      return { appPublicId: app.publicId, buildId: build.id };
    }
    const latest = await this.deps.apps.latestBuild({ ctx, input: { appId: app.publicId } }).catch(() => null);
    if (!latest) throw badRequest('app_id: the app has no builds to install');
    return { appPublicId: app.publicId, buildId: null };
  }

  /** Takes a free device at once (`started`), or waits in the queue (`queued`, HTTP 202). Who controls the session may. */
  async startSession({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { sessionId: string; deviceId?: string };
  }): Promise<{ started: Session } | { queued: QueuedSession }> {
    const org = requireRole(ctx, 'viewer');
    const who = actorIdentity(ctx);
    return withTransaction(ctx, async (tx) => {
      const found = await repo.findSession(tx.db, org.id, input.sessionId);
      if (!found) throw notFound('Session');
      requireSessionControl(tx, found);
      const row = (await repo.lockSession(tx.db, found.id))!;
      if (row.status !== 'pending') throw badRequest(`Session already started (status ${row.status})`);
      // A second start of a queued session keeps its place and what it asked for.
      let entry = await queueEntryForSession(tx.db, row.id);
      if (!entry) {
        let want: DeviceWanted = {
          deviceType: row.deviceType,
          category: row.deviceCategory,
          specificDeviceId: row.specificDeviceId,
          model: row.wantedModel,
          osVersion: row.wantedOsVersion,
        };
        if (input.deviceId) {
          const device = await findDevice(tx.db, input.deviceId);
          if (!device || device.status === 'offline') throw notFound('Device');
          checkDeviceFits(device, { deviceType: row.deviceType, category: row.deviceCategory }, 'device_id');
          want = {
            deviceType: row.deviceType,
            category: device.category,
            specificDeviceId: device.deviceId,
            model: null,
            osVersion: null,
          };
        }
        await repo.updateSession(tx.db, row.id, {
          userEmail: who.email,
          specificDeviceId: want.specificDeviceId,
          deviceCategory: want.category,
        });
        entry = await enqueueSession(tx, row, who.userId, want);
      }
      await this.deps.lifecycle.dispatch(tx);
      const after = (await repo.lockSession(tx.db, row.id))!;
      if (after.status === 'starting') return { started: this.deps.presenter.shape(after, tx.clock.now()) };
      return {
        queued: {
          status: 'queued' as const,
          queue_entry_id: entry.id,
          position: await queuePositionOf(tx, row.id),
          session_id: row.sessionId,
          reason: await queueReason(tx.db, org.id),
        },
      };
    });
  }

  /** Leaves the queue; only the user who queued the entry may (anyone else gets 404). */
  async leaveQueue({ ctx, input }: { ctx: Ctx; input: { entryId: number } }): Promise<{ status: 'ok' }> {
    const org = requireRole(ctx, 'viewer');
    const who = actorIdentity(ctx);
    await withTransaction(ctx, async (tx) => {
      const entry = await removeOwnQueueEntry(tx, org.id, who.userId, input.entryId);
      const row = await repo.updateSession(tx.db, entry.sessionPk, {
        status: 'stopped',
        endReason: 'user',
        endTime: tx.clock.now(),
        updatedAt: tx.clock.now(),
      });
      tx.afterCommit(() => {
        this.deps.notifier.sessionUpdated(row);
        return this.deps.notifier.queueMoved();
      });
    });
    return { status: 'ok' };
  }

  async getSession({ ctx, input }: { ctx: Ctx; input: { sessionId: string } }): Promise<Session> {
    const row = await this.loadSession({ ctx, input });
    return this.deps.presenter.present(ctx.db, row, ctx.clock.now());
  }

  /** The row, checked against the caller's organization, for modules that act on a session. */
  async loadSession({ ctx, input }: { ctx: Ctx; input: { sessionId: string } }): Promise<SessionRow> {
    const org = requireRole(ctx, 'viewer');
    const row = await repo.findSession(ctx.db, org.id, input.sessionId);
    if (!row) throw notFound('Session');
    return row;
  }

  async listSessions({ ctx, input }: { ctx: Ctx; input: ListSessionsQuery }): Promise<Session[]> {
    const org = requireRole(ctx, 'viewer');
    const now = ctx.clock.now();
    const rows = await repo.listSessions(ctx.db, org.id, {
      status: input.status,
      deviceType: input.device_type,
      userId: input.user_id,
      since: input.time_range ? new Date(now.getTime() - TIME_RANGES[input.time_range]) : undefined,
      search: input.search,
      limit: input.limit,
      offset: input.offset,
    });
    const waiting = rows.some((r) => r.status === 'pending');
    const positions = waiting ? await queuePositions(ctx.db, { sessionPks: rows.map((r) => r.id) }) : [];
    const reason = waiting ? await queueReason(ctx.db, org.id) : null;
    return rows.map((r) => {
      const p = positions.find((x) => x.sessionPk === r.id);
      return this.deps.presenter.shape(r, now, p ? { id: p.id, position: p.position, reason } : null);
    });
  }

  /** Every session of the organization, newest first, for the CSV export. */
  async exportSessions({ ctx }: { ctx: Ctx }): Promise<Session[]> {
    const org = requireRole(ctx, 'viewer');
    const now = ctx.clock.now();
    const out: Session[] = [];
    for (let offset = 0; ; offset += 1000) {
      const rows = await repo.listSessions(ctx.db, org.id, { limit: 1000, offset });
      out.push(...rows.map((r) => this.deps.presenter.shape(r, now)));
      if (rows.length < 1000) break;
    }
    return out;
  }

  /**
   * DELETE /sessions/{id}; CI cleanup passes `reason: 'ci_cleanup'`. Stopping an ended session is
   * a no-op. Its owner, a developer or an admin may (403 for another viewer).
   */
  async stopSession({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { sessionId: string; reason?: 'user' | 'ci_cleanup' };
  }): Promise<{ status: 'ok' }> {
    const org = requireRole(ctx, 'viewer');
    await withTransaction(ctx, async (tx) => {
      const found = await repo.findSession(tx.db, org.id, input.sessionId);
      if (!found) throw notFound('Session');
      requireSessionControl(tx, found);
      const row = (await repo.lockSession(tx.db, found.id))!;
      if (row.status === 'stopped' || row.status === 'failed') return;
      await this.deps.lifecycle.endSession(tx, row, { status: 'stopped', reason: input.reason ?? 'user' });
    });
    return { status: 'ok' };
  }

  /** A heartbeat of a connected client (browser tab, CLI): counts as use. */
  async heartbeatSession({ ctx, input }: { ctx: Ctx; input: { sessionId: string } }): Promise<void> {
    const row = await this.loadSession({ ctx, input });
    await repo.markUsed(ctx.db, row, ctx.clock.now());
  }

  /**
   * Reserves an active session of the caller's organization for one run (test or suite run):
   * 404 unknown, 403 for a caller who may only watch it, 400 not active, 409 when another run
   * holds it. Call inside the transaction that creates the run, so that both exist or neither.
   */
  async reserveForRun({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { sessionId: string; runPublicId: string };
  }): Promise<SessionRow> {
    const row = await this.loadSession({ ctx, input });
    requireSessionControl(ctx, row);
    if (row.status !== 'active') throw badRequest(`session_id: the session is not active (status ${row.status})`);
    if (!(await repo.takeRunLease(ctx.db, row.id, input.runPublicId)))
      throw new AppError('CONFLICT', 'The session is busy with another run; wait for it to finish or cancel it');
    return row;
  }

  /** Frees the session of a run (a no-op when the run no longer holds it). */
  async releaseFromRun({ ctx, input }: { ctx: Ctx; input: { sessionId: string; runPublicId: string } }): Promise<void> {
    await repo.releaseRunLease(ctx.db, input.sessionId, input.runPublicId);
  }

  /**
   * The device of an active session, for code that drives it (the control endpoint, the engine).
   * Every call re-checks that the session still holds the device, has a timeout, and honours
   * `signal`. Only who controls the session may attach, unless `watch` says the caller only looks
   * (a screenshot, the app list).
   */
  async attach({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { sessionId: string; signal?: AbortSignal; timeoutMs?: number; watch?: boolean };
  }): Promise<DeviceHandle> {
    const row = await this.loadSession({ ctx, input });
    if (!input.watch) requireSessionControl(ctx, row);
    assertActive(row);
    const deviceId = row.deviceId!;
    let fresh = true;
    const guard = async () => {
      // The first call stands on the check just made; later ones look again.
      if (fresh) {
        fresh = false;
        return;
      }
      const cur = await repo.findSessionAnyOrg(ctx.db, row.sessionId);
      if (!cur || cur.deviceId !== deviceId) throw badRequest('Session is not active (its device was released)');
      assertActive(cur);
    };
    const screen =
      row.screenWidth && row.screenHeight
        ? { width: row.screenWidth, height: row.screenHeight, rotation: (row.rotation ?? 0) as 0 }
        : null;
    return new SessionDeviceHandle(
      { ...this.deps, clock: ctx.clock },
      row.sessionId,
      deviceId,
      row.deviceType,
      row.assignedCategory ?? 'phone',
      row.deviceName ?? deviceId,
      { signal: input.signal, timeoutMs: input.timeoutMs, guard, screen, organizationId: row.organizationId },
    );
  }
}

/**
 * Who controls a session (`docs/sessions-and-devices.md`, "Who may control a session"): the
 * member or API token that created it, developers and admins; 403 for other viewers, who watch.
 */
export function requireSessionControl(ctx: Ctx, row: SessionRow): void {
  requireCreatorOrRole(ctx, sessionCreator(row), 'developer', 'the member who created the session');
}

const sessionCreator = (row: SessionRow) => ({ userId: row.userId, apiTokenId: row.createdByApiTokenId });

/** Device verbs need a session that is active on a device: 400 otherwise. */
export function assertActive(row: SessionRow): void {
  if (row.status !== 'active' || !row.deviceId) throw badRequest(`Session is not active (status ${row.status})`);
}

function checkDeviceFits(
  device: DeviceRow,
  want: { deviceType: string; category: DeviceCategory | null },
  field: string,
): void {
  if (device.type !== want.deviceType)
    throw badRequest(`${field}: the device is ${device.type}, not ${want.deviceType}`);
  if (want.category && device.category !== want.category)
    throw badRequest(`${field}: the device is a ${device.category}, not a ${want.category}`);
}
