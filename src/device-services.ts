import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import type { Config } from './config';
import { systemContext } from './context';
import type { Database } from './db/client';
import type { AppsService } from './modules/apps';
import { ClusterBus } from './modules/cluster';
import type { CreditsServices } from './modules/credits';
import { DevicesService } from './modules/devices';
import { CredentialWatch, RealtimeHub } from './modules/realtime';
import {
  createSessionArtifactServices,
  DeviceCapabilitiesService,
  DeviceControlService,
  SessionLifecycle,
  SessionLifetime,
  SessionLogs,
  SessionLogTail,
  SessionNotifier,
  SessionPresenter,
  SessionsService,
} from './modules/sessions';
import {
  ClusterDeviceRouter,
  FileLinks,
  InMemoryDeviceRouter,
  WorkerCredentials,
  WorkersService,
} from './modules/workers';
import type { PackageReaderPool } from './packages/package-reader-pool';
import type { Secrets } from './secrets';
import type { ObjectStorage } from './storage/storage';
import type { UploadSpool } from './uploads/upload-receiver';

/** Device registry, command routing, real-time fan-out and sessions. */
export function createDeviceServices(d: {
  config: Config;
  secrets: Secrets;
  db: Database['db'];
  clock: Clock;
  log: FastifyBaseLogger;
  storage: ObjectStorage;
  apps: AppsService;
  spool: UploadSpool;
  packages: PackageReaderPool;
  credits: CreditsServices;
}) {
  // With Redis, replicas route device commands, frames and /ws events to each other.
  const bus = d.config.redis.url ? new ClusterBus(d.config.redis.url, d.config.redis.prefix, d.log) : undefined;
  const router = bus ? new ClusterDeviceRouter(d.log, bus) : new InMemoryDeviceRouter(d.log);
  const realtime = new RealtimeHub(bus);
  const fileLinks = new FileLinks(d.secrets.fileLinkKey);
  const presenter = new SessionPresenter(d.config.server.appUrl);
  const notifier = new SessionNotifier({ db: d.db, clock: d.clock, log: d.log, realtime, presenter });
  const logs = new SessionLogs({ db: d.db, router, realtime, log: d.log });
  const lifecycle = new SessionLifecycle({
    logs,
    db: d.db,
    clock: d.clock,
    log: d.log,
    router,
    links: fileLinks,
    apps: d.apps,
    notifier,
    presenter,
  });
  // Streaming past the plan's minutes is charged to usage credit when the organization allows it.
  const overage = {
    chargeOverage: async (orgId: number, now: Date) =>
      (
        await d.credits.metering.chargeStreamingOverage({
          ctx: systemContext(d, { id: orgId, role: 'admin' }, 'sweep:streaming-overage'),
          input: { now },
        })
      ).creditOutAt,
  };
  const lifetime = new SessionLifetime({
    db: d.db,
    clock: d.clock,
    log: d.log,
    realtime,
    lifecycle,
    notifier,
    overage,
  });
  const sessions = new SessionsService({
    apps: d.apps,
    router,
    links: fileLinks,
    presenter,
    notifier,
    lifecycle,
    logs,
  });
  const deviceControl = new DeviceControlService({
    sessions,
    apps: d.apps,
    realtime,
    storage: d.storage,
    log: d.log,
    spool: d.spool,
    packages: d.packages,
  });
  const deviceCapabilities = new DeviceCapabilitiesService({ sessions, spool: d.spool, storage: d.storage });
  const credentialWatch = new CredentialWatch(d.log);
  const workerCredentials = new WorkerCredentials({ db: d.db, clock: d.clock, sharedToken: d.secrets.workerToken });
  const workers = new WorkersService({
    db: d.db,
    clock: d.clock,
    log: d.log,
    router,
    credentials: workerCredentials,
    credentialWatch,
    devices: {
      devicesRegistered: (tx) => lifecycle.dispatch(tx),
      leasedDeviceLost: (tx, device) => lifecycle.failOnLostDevice(tx, device),
      sessionNotOnDevice: (tx, device) => lifecycle.failOnLostDevice(tx, device),
      retryQueue: () => lifecycle.retryQueue(),
    },
  });
  return {
    router,
    realtime,
    fileLinks,
    sessions,
    ...createSessionArtifactServices({ ...d, router, sessions, logs, retentionDays: d.config.artifactRetentionDays }),
    deviceControl,
    deviceCapabilities,
    lifecycle,
    lifetime,
    logTail: new SessionLogTail({ db: d.db, logs, realtime, router, log: d.log }),
    workers,
    workerCredentials,
    devices: new DevicesService(),
    credentialWatch,
    bus,
  };
}
