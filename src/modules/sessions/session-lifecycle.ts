import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import { systemContext, withTransaction, type Ctx } from '../../context';
import { whileDatabaseUnavailable } from '../../db/availability';
import type { Db } from '../../db/client';
import type { EndReason } from '../../db/schema';
import type { AppsService } from '../apps';
import { recordAudit } from '../audit';
import { finishDeviceTearDown } from '../devices';
import { emitEvent } from '../events';
import type { FileLinks, DeviceRouter } from '../workers';
import { AppError } from '../../errors';
import { assignFreeDevices, releaseDevice, TEAR_DOWN_MAX_MS, waitForDeviceTearDown } from './allocation';
import { requeueSession } from './queue';
import { SessionDeviceHandle } from './device-handle';
import type { SessionLogs } from './session-logs';
import { endSessionRecording } from './session-recordings';
import { countQueueEntries, deleteQueueEntry } from './queue.repository';
import type { SessionNotifier } from './session-notifier';
import type { SessionPresenter } from './session-presenter';
import {
  findSessionAnyOrg,
  listUnfinishedSessions,
  lockSession,
  updateSession,
  type SessionRow,
} from './sessions.repository';

/** A boot that stops because its session ended meanwhile (not a failure). */
class BootAbandoned extends Error {}

export interface EndSessionInput {
  status: 'stopped' | 'failed';
  reason: EndReason | null;
  message?: string | null;
  /** The device went away with its worker: it goes offline and gets no shutdown. */
  deviceLost?: boolean;
}

export interface SessionLifecycleDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  router: DeviceRouter & { isDeviceConnected(deviceId: string): boolean; forgetFrame(deviceId: string): void };
  links: FileLinks;
  apps: AppsService;
  notifier: SessionNotifier;
  presenter: SessionPresenter;
  /** The device log is read one last time before the device is reset. */
  logs?: SessionLogs;
}

/** How long a boot waits for an unavailable database to write its outcome. */
const BOOT_RECORD_WAIT_MS = 60_000;

/**
 * How sessions move between states once they exist: a queued session gets a device and boots
 * (`starting` → `active`, or `failed`), and every end — user, lifetime rules, worker loss,
 * account deletion — goes through `endSession`, which releases the device and hands it on.
 */
const LOST_DEVICE_MESSAGES = {
  lost: "The device's worker stopped responding",
  gone: "The device's worker came back without this device; start a new session",
  reset: "The device's worker restarted and no longer has this session (the device was reset); start a new session",
} as const;

export class SessionLifecycle {
  /** Boots and device resets in flight, so tests and shutdown can wait for them. */
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Per device, the end of the last session that used it, which its next boot waits for. */
  private readonly teardowns = new Map<string, Promise<void>>();
  private readonly endListeners: Array<(sessionId: string, message: string) => void> = [];

  constructor(private readonly deps: SessionLifecycleDeps) {}

  /** Called after a session's end commits (the engine stops the run on it). */
  onSessionEnded(listener: (sessionId: string, message: string) => void): void {
    this.endListeners.push(listener);
  }

  /** Resolves when every boot and release started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p)).catch(() => {});
    return p;
  }

  /**
   * The end of a session's use of a device (last log lines, its recording, the shutdown) runs
   * after the device went back to the pool; the next session's boot waits for it, so a late
   * shutdown never lands on the device after the next session booted it.
   */
  private tearingDown(deviceId: string, teardown: Promise<void>): void {
    this.teardowns.set(deviceId, this.track(teardown));
    void teardown.finally(() => {
      if (this.teardowns.get(deviceId) === teardown) this.teardowns.delete(deviceId);
    });
  }

  private sys(orgId: number | null = null): Ctx {
    return systemContext(this.deps, orgId === null ? null : { id: orgId, role: 'admin' });
  }

  /** Hands free devices to waiting sessions inside `tx`; they boot once it commits. */
  async dispatch(tx: Ctx): Promise<void> {
    const started = await assignFreeDevices(tx);
    tx.afterCommit(async () => {
      for (const row of started) {
        this.deps.notifier.sessionUpdated(row);
        void this.track(this.boot(row.sessionId));
      }
      await this.deps.notifier.queueMoved();
    });
  }

  /** A dispatch in a transaction of its own (worker registration, queue retries). */
  dispatchNow(): Promise<void> {
    return withTransaction(this.sys(), (tx) => this.dispatch(tx));
  }

  /** Another chance for entries skipped earlier (busy rows, plan slots); nothing to do without entries. */
  async retryQueue(): Promise<void> {
    if ((await countQueueEntries(this.deps.db)) > 0) await this.dispatchNow();
  }

  /**
   * A leased device left with its worker (`lost`), its worker no longer offers it (`gone`), or its
   * worker came back without the session (`reset`: a fresh worker process, the device stays in the
   * pool): the running session on it fails, saying which. Returns whether one did.
   */
  async failOnLostDevice(
    tx: Ctx,
    device: { workerId: string; leasedSessionId: string; why?: 'lost' | 'gone' | 'reset' },
  ): Promise<boolean> {
    const s = await findSessionAnyOrg(tx.db, device.leasedSessionId, true);
    if (!s || (s.status !== 'starting' && s.status !== 'active')) return false;
    const orgTx = { ...tx, org: { id: s.organizationId, role: 'admin' as const } };
    const why = device.why ?? 'lost';
    await this.endSession(orgTx, s, {
      status: 'failed',
      reason: 'worker_lost',
      message: LOST_DEVICE_MESSAGES[why],
      deviceLost: why !== 'reset',
    });
    return true;
  }

  /** Boots the device, installs and launches the pinned app, then marks the session active. */
  private async boot(sessionId: string): Promise<void> {
    const db = this.deps.db;
    const row = await findSessionAnyOrg(db, sessionId);
    if (row?.status !== 'starting' || !row.deviceId) return;
    // Ended (DELETE) or failed while booting: the device may already belong to the next session,
    // so nothing more of this session's (its pinned app above all) may reach it.
    const stillOurs = async () => {
      const cur = await findSessionAnyOrg(db, sessionId);
      if (cur?.status !== 'starting' || cur.deviceId !== row.deviceId) throw new BootAbandoned();
    };
    try {
      await this.teardowns.get(row.deviceId);
      const deviceId = row.deviceId;
      await this.recorded(() => waitForDeviceTearDown(this.deps.db, deviceId));
      const screen = await this.deps.router.command(row.deviceId, 'boot', {});
      if (row.appPublicId) await this.installPinnedApp(row, stillOurs);
      await this.recorded(() =>
        withTransaction(this.sys(row.organizationId), async (tx) => {
          const cur = await lockSession(tx.db, row.id);
          if (cur?.status !== 'starting') return;
          const now = tx.clock.now();
          const next = await updateSession(tx.db, row.id, {
            status: 'active',
            activeAt: now,
            screenWidth: screen.width,
            screenHeight: screen.height,
            rotation: screen.rotation,
            updatedAt: now,
          });
          await emitEvent(tx, {
            type: 'session.started',
            data: {
              session_id: next.sessionId,
              device_id: next.deviceId,
              device_name: next.deviceName,
              device_type: next.deviceType,
              os_version: next.osVersion,
              user_email: next.userEmail,
            },
          });
          await recordAudit(tx, {
            action: 'session.started',
            resourceType: 'session',
            resourceId: next.sessionId,
            details: { device_id: next.deviceId },
          });
          tx.afterCommit(() => this.deps.notifier.sessionUpdated(next));
        }),
      );
    } catch (err) {
      if (err instanceof BootAbandoned) return;
      if (await this.recorded(() => this.requeueIfDeviceVanished(row, err))) return;
      const message = err instanceof Error ? err.message : String(err);
      this.deps.log.warn({ err, sessionId }, 'session failed to start');
      await this.recorded(() =>
        withTransaction(this.sys(row.organizationId), async (tx) => {
          const cur = await lockSession(tx.db, row.id);
          if (cur?.status !== 'starting') return;
          await this.endSession(tx, cur, {
            status: 'failed',
            reason: null,
            message: `The device could not start: ${message}`,
          });
        }),
      );
    }
  }

  /**
   * How a boot's outcome is written: tried again while the database is unavailable (a restart),
   * for up to a minute, so that a session is not left `starting` until its starting timeout.
   */
  private recorded<T>(write: () => Promise<T>): Promise<T> {
    return whileDatabaseUnavailable(write, { log: this.deps.log, timeoutMs: BOOT_RECORD_WAIT_MS });
  }

  /**
   * The device was handed out while its worker was already gone (its socket closed between the
   * database's view and the boot): the device leaves the pool and the session waits for the next
   * one instead of failing. Returns whether it went back to the queue.
   */
  private async requeueIfDeviceVanished(row: SessionRow, err: unknown): Promise<boolean> {
    const deviceId = row.deviceId!;
    if (!(err instanceof AppError && err.code === 'UNAVAILABLE') || this.deps.router.isDeviceConnected(deviceId))
      return false;
    return withTransaction(this.sys(row.organizationId), async (tx) => {
      const cur = await lockSession(tx.db, row.id);
      if (cur?.status !== 'starting' || cur.deviceId !== deviceId) return true;
      await releaseDevice(tx, cur, { lost: true });
      const back = await updateSession(tx.db, cur.id, {
        status: 'pending',
        deviceId: null,
        deviceName: null,
        deviceModel: null,
        assignedCategory: null,
        osVersion: null,
        workerId: null,
        startTime: null,
        updatedAt: tx.clock.now(),
      });
      await requeueSession(tx, back, {
        deviceType: back.deviceType,
        category: back.deviceCategory,
        specificDeviceId: back.specificDeviceId,
        model: back.wantedModel,
        osVersion: back.wantedOsVersion,
      });
      this.deps.log.warn({ sessionId: row.sessionId, deviceId }, 'device vanished before its boot; session requeued');
      tx.afterCommit(() => this.deps.notifier.sessionUpdated(back));
      await this.dispatch(tx);
      return true;
    });
  }

  private async installPinnedApp(row: SessionRow, stillOurs: () => Promise<void>): Promise<void> {
    const sys = this.sys(row.organizationId);
    const { app, build } = row.buildId
      ? await this.deps.apps.resolveBuildForInstall({
          ctx: sys,
          input: { buildId: row.buildId, appId: row.appPublicId! },
        })
      : await this.deps.apps.latestBuild({ ctx: sys, input: { appId: row.appPublicId! } });
    const device = new SessionDeviceHandle(
      this.deps,
      row.sessionId,
      row.deviceId!,
      row.deviceType,
      row.assignedCategory ?? 'phone',
      row.deviceName ?? row.deviceId!,
      { guard: stillOurs, screen: null },
    );
    const installed = await device.install(
      { storageKey: build.storageKey, fileName: build.fileName },
      { grantPermissions: true },
    );
    await device.launch(installed.packageName, { params: row.launchParams ?? undefined });
    await this.deps.apps.recordAppStarted({ ctx: sys, input: { appId: app.id } });
    if (!row.buildId) await updateSession(this.deps.db, row.id, { buildId: build.id });
  }

  /**
   * Ends every unfinished session of an organization (or of a user) through the normal end path,
   * waiting ones first so that no device is handed to them on the way: for account and
   * organization deletion, which would otherwise leave devices leased to vanished rows.
   */
  async endSessionsOf(tx: Ctx, filter: { orgId: number } | { userId: number }): Promise<number> {
    const rows = await listUnfinishedSessions(tx.db, filter);
    rows.sort((x, y) => Number(x.status !== 'pending') - Number(y.status !== 'pending'));
    let ended = 0;
    for (const r of rows) {
      const cur = await lockSession(tx.db, r.id);
      if (!cur || cur.status === 'stopped' || cur.status === 'failed') continue;
      await this.endSession({ ...tx, org: { id: cur.organizationId, role: 'admin' } }, cur, {
        status: 'stopped',
        reason: 'user',
      });
      ended++;
    }
    return ended;
  }

  /**
   * Ends a session (stopped or failed) inside `tx`: the queue entry goes, the device is released
   * and handed to the next queued entry in the same transaction; after commit the device is reset
   * and the session's stream viewers are closed.
   */
  async endSession(tx: Ctx, row: SessionRow, end: EndSessionInput): Promise<SessionRow> {
    const now = tx.clock.now();
    const { status, reason } = end;
    const message = end.message ?? null;
    const wasLive = row.status === 'starting' || row.status === 'active';
    await deleteQueueEntry(tx.db, { sessionPk: row.id });
    const next = await updateSession(tx.db, row.id, {
      status,
      endReason: reason,
      errorMessage: message,
      endTime: now,
      updatedAt: now,
    });
    const ctxOrg = { ...tx, org: tx.org ?? { id: row.organizationId, role: 'admin' as const } };
    await recordAudit(ctxOrg, {
      action: status === 'failed' ? 'session.failed' : 'session.stopped',
      resourceType: 'session',
      resourceId: row.sessionId,
      organizationId: row.organizationId,
      details: { end_reason: reason, error: message },
    });
    if (wasLive) {
      await emitEvent(ctxOrg, {
        type: 'session.ended',
        organizationId: row.organizationId,
        data: {
          session_id: row.sessionId,
          status,
          end_reason: reason,
          device_id: row.deviceId,
          duration_minutes: this.deps.presenter.shape(next, now).duration_minutes,
        },
      });
    }
    const deviceId = row.deviceId;
    if (deviceId) {
      const tearsDown = wasLive && !end.deviceLost && this.deps.router.isDeviceConnected(deviceId);
      await releaseDevice(tx, row, { lost: !!end.deviceLost, tearDownMs: tearsDown ? TEAR_DOWN_MAX_MS : undefined });
      if (tearsDown) {
        tx.afterCommit(() => {
          this.deps.router.forgetFrame(deviceId);
          const target = { sessionId: row.sessionId, organizationId: row.organizationId, deviceId };
          const lastLines = this.deps.logs
            ? this.deps.logs
                .collect(target)
                .catch((err) => this.deps.log.warn({ err, deviceId }, 'last log read failed'))
            : Promise.resolve();
          this.tearingDown(
            deviceId,
            lastLines
              .then(() => endSessionRecording(this.deps, row, deviceId))
              .catch((err) => this.deps.log.warn({ err, deviceId }, 'stopping the recording failed'))
              .then(() => this.deps.router.command(deviceId, 'shutdown', {}))
              .then(() => undefined)
              .catch((err) => this.deps.log.warn({ err, deviceId }, 'device shutdown failed'))
              .then(() => finishDeviceTearDown(this.deps.db, deviceId, row.sessionId))
              .catch((err) => this.deps.log.warn({ err, deviceId }, 'marking the device torn down failed')),
          );
        });
      }
    }
    tx.afterCommit(() => {
      this.deps.notifier.closeStreams(row.sessionId);
      this.deps.notifier.sessionUpdated(next);
      const why =
        message ??
        (reason ? `The session ended (${reason})` : `The session ${status === 'failed' ? 'failed' : 'ended'}`);
      for (const listener of this.endListeners) listener(row.sessionId, why);
    });
    if (end.deviceLost) tx.afterCommit(() => endSessionRecording(this.deps, row, null));
    if (wasLive) await this.dispatch(tx);
    else tx.afterCommit(() => this.deps.notifier.queueMoved());
    return next;
  }
}
