import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Clock } from '../../clock';
import { systemContext, withTransaction, type Ctx } from '../../context';
import type { Db } from '../../db/client';
import { isDeadlock } from '../../db/errors';
import type { DeviceSpec } from '../../worker/driver';
import { DEVICE_CATALOG_VERSION } from '../../worker/device-catalog';
import {
  deviceFromWire,
  INCOMPATIBLE_CATALOG_CLOSE_CODE,
  WORKER_LOST_AFTER_MS,
  WorkerMessage,
  type ServerMessage,
} from '../../worker/protocol';
import type { InMemoryDeviceRouter } from './worker-hub';
import type { CredentialWatch } from '../realtime';
import { credentialKey, type WorkerCredential, type WorkerCredentials } from './worker-credentials';
import * as repo from './workers.repository';

const HELLO_TIMEOUT_MS = 10_000;
/** A registration PostgreSQL aborted to break a deadlock is run again, at most this many times in all. */
const REGISTER_ATTEMPTS = 4;

/** A hello the control plane will not accept; the socket closes with `closeCode`. */
class WorkerRefused extends Error {
  constructor(
    readonly closeCode: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Why a worker speaking catalog `version` (none: from before the catalog) cannot be served, or
 * null when it speaks this server's. The sentence fits a WebSocket close reason (123 bytes).
 */
export function catalogMismatch(version: number | undefined): string | null {
  if (version === DEVICE_CATALOG_VERSION) return null;
  const theirs =
    version === undefined ? 'announces no device-command catalog' : `speaks device-command catalog ${version}`;
  return `this worker ${theirs}; this server speaks ${DEVICE_CATALOG_VERSION}: upgrade the worker or the server`;
}

/** What sessions must hear from the worker registry; the container wires it to the session lifecycle. */
export interface DeviceAvailabilityListener {
  /** Devices were (re)registered inside `tx`: waiting sessions may get one. */
  devicesRegistered(tx: Ctx): Promise<void>;
  /** A leased device went away with its worker; returns whether a running session on it failed. */
  leasedDeviceLost(tx: Ctx, device: { deviceId: string; workerId: string; leasedSessionId: string }): Promise<boolean>;
  /**
   * A worker registered without the session its device was leased to: it started afresh (`reset`,
   * the device stays in the pool) or no longer offers the device (`gone`). The session ends.
   */
  sessionNotOnDevice(
    tx: Ctx,
    device: { deviceId: string; workerId: string; leasedSessionId: string; why: 'reset' | 'gone' },
  ): Promise<boolean>;
  /** After a sweep: entries skipped earlier (busy rows, plan slots) get another chance. */
  retryQueue(): Promise<void>;
}

export interface WorkersDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  router: InMemoryDeviceRouter;
  devices: DeviceAvailabilityListener;
  credentials: WorkerCredentials;
  credentialWatch: CredentialWatch;
}

/**
 * The registry of device workers: the protocol socket of each (hello, heartbeats, results,
 * frames), their devices mirrored in the database, and the sweep that declares silent workers lost.
 */
export class WorkersService {
  constructor(private readonly deps: WorkersDeps) {}

  /** Serves one worker's protocol socket, opened with `credential`, until it closes. */
  acceptConnection({
    input,
  }: {
    input: { socket: WebSocket; log: FastifyBaseLogger; credential: WorkerCredential };
  }): void {
    const { socket, log, credential } = input;
    const { router } = this.deps;
    let workerId: string | null = null;
    let admittedAt: Date | null = null;
    let helloSeen = false;
    const unwatch = this.deps.credentialWatch.watch(`worker:${credentialKey(credential)}`, socket, () =>
      this.deps.credentials.stillValid(credential),
    );
    const helloTimer = setTimeout(() => socket.close(4001, 'hello expected'), HELLO_TIMEOUT_MS);
    socket.on('message', (raw, isBinary) => {
      if (isBinary) {
        if (workerId) router.onBinary(workerId, Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw as Buffer));
        return;
      }
      let msg: WorkerMessage;
      try {
        const parsed = WorkerMessage.safeParse(JSON.parse(raw.toString()));
        if (!parsed.success) {
          socket.close(4002, 'invalid message');
          return;
        }
        msg = parsed.data;
      } catch {
        socket.close(4002, 'invalid JSON');
        return;
      }
      if (msg.type === 'hello') {
        if (helloSeen) {
          socket.close(4002, 'hello sent twice');
          return;
        }
        helloSeen = true;
        clearTimeout(helloTimer);
        const id = msg.worker_id;
        const mismatch = catalogMismatch(msg.catalog_version);
        if (mismatch) {
          log.warn(
            { workerId: id, workerCatalogVersion: msg.catalog_version ?? null, catalogVersion: DEVICE_CATALOG_VERSION },
            'worker refused: it speaks another device-command catalog',
          );
          socket.close(INCOMPATIBLE_CATALOG_CLOSE_CODE, mismatch);
          return;
        }
        const specs = msg.devices.map(deviceFromWire);
        // Attached once admitted, before waiting sessions boot on its devices.
        const admitted = () => {
          workerId = id;
          router.attach(id, socket, specs);
        };
        this.registerWorker({
          input: {
            workerId: id,
            devices: specs,
            driver: msg.driver ?? null,
            booted: msg.booted,
            credential,
            onAdmitted: admitted,
          },
        })
          .then((at) => {
            admittedAt = at;
            socket.send(JSON.stringify({ type: 'welcome', worker_id: id } satisfies ServerMessage));
            log.info({ workerId: id, devices: specs.length }, 'worker connected');
          })
          .catch((err) => {
            if (err instanceof WorkerRefused) {
              log.warn({ workerId: id, reason: err.message }, 'worker refused');
              socket.close(err.closeCode, err.message);
            } else {
              log.error({ err, workerId: id }, 'worker registration failed');
              socket.close(1011, 'registration failed');
            }
          });
      } else if (!workerId) {
        if (!helloSeen) socket.close(4001, 'hello expected');
      } else if (msg.type === 'heartbeat') {
        this.touchWorker(workerId).catch((err) => log.warn({ err }, 'worker heartbeat update failed'));
      } else {
        router.onResult(workerId, msg);
      }
    });
    socket.on('close', () => {
      clearTimeout(helloTimer);
      unwatch();
      if (workerId) {
        router.detach(workerId, socket);
        log.info({ workerId }, 'worker disconnected');
        if (admittedAt && !router.connectedWorkers().includes(workerId))
          this.retireFreeDevices(workerId, admittedAt).catch((err) =>
            log.warn({ err, workerId }, "taking a closed worker's devices out of the pool failed"),
          );
      }
    });
  }

  /**
   * Records the worker's devices (others of this worker go offline) and lets the queue move.
   * A worker token registers only its own worker id; a worker id connected live with another
   * credential is refused, and so are device ids another worker registered (the shared operator
   * token is trusted with any).
   */
  async registerWorker({
    input,
  }: {
    input: {
      workerId: string;
      devices: DeviceSpec[];
      driver: string | null;
      /** Devices the worker holds sessions on (booted); unknown when the worker does not say. */
      booted?: string[];
      credential?: WorkerCredential;
      onAdmitted?: () => void;
    };
  }): Promise<Date> {
    const { workerId, credential = { kind: 'shared' } } = input;
    if (credential.kind === 'token' && credential.workerId !== workerId)
      throw new WorkerRefused(4003, `this worker token is for worker ${credential.workerId}`);
    // Ending the sessions of a restarted worker locks them after its devices, while a session's
    // own end locks it before its device: PostgreSQL may break such a deadlock by aborting the
    // registration, which then runs again rather than turning the worker away.
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.registerOnce({ ...input, credential });
      } catch (err) {
        if (!isDeadlock(err) || attempt >= REGISTER_ATTEMPTS) throw err;
        this.deps.log.warn({ err, workerId, attempt }, 'worker registration met a deadlock; trying again');
      }
    }
  }

  private registerOnce(input: {
    workerId: string;
    devices: DeviceSpec[];
    driver: string | null;
    booted?: string[];
    credential: WorkerCredential;
    onAdmitted?: () => void;
  }): Promise<Date> {
    const { workerId, devices, driver, credential } = input;
    return withTransaction(this.sys(), async (tx) => {
      const now = tx.clock.now();
      const existing = await repo.lockWorker(tx.db, workerId);
      const live = existing && now.getTime() - existing.lastSeenAt.getTime() < WORKER_LOST_AFTER_MS;
      if (live && existing.credential && existing.credential !== credentialKey(credential))
        throw new WorkerRefused(4009, 'this worker id is connected with another credential');
      if (credential.kind === 'token') {
        const taken = await repo.devicesOwnedByOthers(
          tx.db,
          workerId,
          devices.map((d) => d.deviceId),
        );
        if (taken.length) throw new WorkerRefused(4003, `device ${taken[0]} belongs to another worker`);
      }
      await repo.upsertWorkerDevices(tx.db, workerId, driver, devices, now);
      await repo.setWorkerCredential(tx.db, workerId, credentialKey(credential));
      if (input.onAdmitted) tx.afterCommit(input.onAdmitted);
      await this.reconcileSessions(tx, workerId, devices, input.booted);
      await this.deps.devices.devicesRegistered(tx);
      return now;
    });
  }

  /**
   * A worker's socket closed: its free devices leave the pool at once, so no session is handed a
   * device nobody can boot. Leased devices keep their session for the 20 s a reconnect may take
   * (the sweep ends them). A newer connection of the worker (here or on another replica) wins.
   */
  async retireFreeDevices(workerId: string, admittedAt: Date): Promise<number> {
    return withTransaction(this.sys(), async (tx) => {
      const w = await repo.lockWorker(tx.db, workerId);
      if (!w || w.connectedAt > admittedAt || this.deps.router.connectedWorkers().includes(workerId)) return 0;
      return repo.markFreeDevicesOffline(tx.db, workerId, tx.clock.now());
    });
  }

  /**
   * After a control-plane or worker restart, the sessions on a (re)registered worker's devices
   * are checked against what it says it holds: a device it no longer offers, or one it has not
   * booted (a fresh worker process), cannot be the session's any more, so the session ends now
   * rather than staying active on a blank device.
   */
  private async reconcileSessions(
    tx: Ctx,
    workerId: string,
    devices: DeviceSpec[],
    booted: string[] | undefined,
  ): Promise<void> {
    const listed = new Set(devices.map((d) => d.deviceId));
    const held = booted ? new Set(booted) : null;
    for (const d of await repo.leasedDevicesOfWorker(tx.db, workerId)) {
      const why = !listed.has(d.deviceId) ? 'gone' : held && !held.has(d.deviceId) ? 'reset' : null;
      if (why) await this.deps.devices.sessionNotOnDevice(tx, { ...d, workerId, why });
    }
  }

  async touchWorker(workerId: string): Promise<void> {
    await repo.touchWorker(this.deps.db, workerId, this.deps.clock.now());
  }

  /**
   * Workers silent for 20 s are lost: their devices go offline (unlisted) and the sessions on
   * them fail with `worker_lost`. Also covers devices left from before a control-plane restart.
   */
  async sweepLostWorkers(now: Date = this.deps.clock.now()): Promise<{ lostDevices: number; failedSessions: number }> {
    const cutoff = new Date(now.getTime() - WORKER_LOST_AFTER_MS);
    const lost = await repo.listDevicesOfSilentWorkers(this.deps.db, cutoff);
    let failed = 0;
    const lostWorkers = new Set<string>();
    for (const d of lost) {
      lostWorkers.add(d.workerId);
      await withTransaction(this.sys(), async (tx) => {
        const dev = await repo.lockDevice(tx.db, d.id);
        if (!dev || dev.status === 'offline') return;
        const w = await repo.findWorker(tx.db, dev.workerId);
        if (w && w.lastSeenAt >= cutoff) return; // heard from meanwhile
        await repo.markDeviceOffline(tx.db, dev.id, now, { clearLease: false });
        if (!dev.leasedSessionId) return;
        const sessionFailed = await this.deps.devices.leasedDeviceLost(tx, {
          deviceId: dev.deviceId,
          workerId: dev.workerId,
          leasedSessionId: dev.leasedSessionId,
        });
        if (sessionFailed) failed++;
        else await repo.markDeviceOffline(tx.db, dev.id, now, { clearLease: true });
      });
    }
    for (const w of lostWorkers) this.deps.router.drop(w);
    await this.deps.devices.retryQueue();
    return { lostDevices: lost.length, failedSessions: failed };
  }

  private sys(): Ctx {
    return systemContext(this.deps);
  }
}
