import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import { SecretBox } from './crypto/secret-box';
import { createDatabase, type Database, type Db } from './db/client';
import { JobQueue } from './jobs/queue';
import { createLogger } from './logging';
import { mailDelivery, outboxDir } from './mail/mail-delivery';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './mail/mailer';
import { ApiTokensService, deleteApiTokensCreatedBy } from './modules/api-tokens';
import { AuditService } from './modules/audit';
import { AppUploadsService, AppsService, appStoragePrefixesOfOrg } from './modules/apps';
import { StorageQuota } from './modules/plans';
import { sweepStaleUploads, uploadTempDir } from './uploads/upload-spool';
import { FileHasher } from './uploads/file-hasher';
import type { UploadSpool } from './uploads/upload-receiver';
import { PackageReaderPool } from './packages/package-reader-pool';
import { AuthService, AuthThrottle, AccountDeletionService, CredentialCache, JwtIssuer } from './modules/auth';
import { deleteOutstandingInvitationsSentBy, OrgsService } from './modules/orgs';
import { baselineStoragePrefixesOfOrg, createCatalogueServices, type CatalogueServices } from './modules/catalogue';
import {
  runStoragePrefixesOfOrg,
  closeMaestroScripts,
  createEngine,
  type EngineServices,
  INTERRUPTED_BY_SHUTDOWN,
} from './modules/engine';
import type { DevicesService } from './modules/devices';
import type { CredentialWatch, RealtimeHub } from './modules/realtime';
import { createAiServices, type AiServices, DeviceToolsService } from './modules/ai';
import { createCreditsServices, type CreditsServices, StripePayments } from './modules/credits';
import type { RunsService } from './modules/engine';
import { createCi, type CiServices } from './modules/ci';
import { GithubService } from './modules/integrations';
import { createWebhooks, type WebhookServices } from './modules/webhooks';
import type { Secrets } from './secrets';
import { createDeviceServices } from './device-services';
import {
  recordingPrefixesOfOrg,
  type DeviceCapabilitiesService,
  type DeviceControlService,
  type SessionArtifactServices,
  type SessionLifecycle,
  type SessionLifetime,
  type SessionsService,
} from './modules/sessions';
import type { FileLinks, InMemoryDeviceRouter, WorkerCredentials, WorkersService } from './modules/workers';
import { LocalStorage } from './storage/local-storage';
import { S3Storage } from './storage/s3-storage';
import type { ObjectStorage } from './storage/storage';

export interface Container {
  config: Config;
  secrets: Secrets;
  log: FastifyBaseLogger;
  database: Database;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  jobs: JobQueue;
  secretBox: SecretBox;
  jwt: JwtIssuer;
  /** What bearer tokens resolve to, per replica, emptied on every revocation. */
  credentials: CredentialCache;
  storage: ObjectStorage;
  /** The bounded package reader (uploads, and install-app validation before a device gets the file). */
  packages: PackageReaderPool;
  services: {
    auth: AuthService;
    accounts: AccountDeletionService;
    orgs: OrgsService;
    apiTokens: ApiTokensService;
    audit: AuditService;
    catalogue: CatalogueServices;
    runs: RunsService;
    engine: EngineServices;
    ai: AiServices;
    apps: AppsService;
    appUploads: AppUploadsService;
    router: InMemoryDeviceRouter;
    realtime: RealtimeHub;
    fileLinks: FileLinks;
    sessions: SessionsService;
    deviceControl: DeviceControlService;
    /** Deep links, location, permissions, clipboard, media, appearance, push and network of a session's device. */
    deviceCapabilities: DeviceCapabilitiesService;
    /** The device tools over HTTP (`/sessions/{id}/agent/tools`). */
    deviceTools: DeviceToolsService;
    lifecycle: SessionLifecycle;
    lifetime: SessionLifetime;
    workers: WorkersService;
    devices: DevicesService;
    credentialWatch: CredentialWatch;
    workerCredentials: WorkerCredentials;
    credits: CreditsServices;
    ci: CiServices;
    webhooks: WebhookServices;
    github: GithubService;
  } & SessionArtifactServices;
  /** Resolves once the replica hears the others (cluster channels subscribed); no-op without Redis. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface ContainerOverrides {
  clock?: Clock;
  mailer?: Mailer;
  storage?: ObjectStorage;
  log?: FastifyBaseLogger;
  /** Seconds between job polls; tests shorten it. */
  jobPollingIntervalSeconds?: number;
}

/** The composition root: every edge and service, built explicitly from config. */
export function createContainer(config: Config, secrets: Secrets, overrides: ContainerOverrides = {}): Container {
  if (!config.db.url)
    throw new Error('createContainer needs config.db.url (main.ts starts the embedded database first)');
  const log = overrides.log ?? createLogger(config.server.logLevel);
  const database = createDatabase(config.db.url, { max: config.db.poolMax });
  const clock = overrides.clock ?? systemClock;
  const mailer =
    overrides.mailer ??
    (config.mail.smtpUrl
      ? createSmtpMailer(config.mail.smtpUrl, config.mail.from)
      : createOutboxMailer(outboxDir(config), config.mail.from, log, { logLinks: mailDelivery(config).links_in_log }));
  const jobs = new JobQueue(config.db.url, log, {
    pollingIntervalSeconds: overrides.jobPollingIntervalSeconds,
    max: Math.min(4, config.db.poolMax),
  });
  const jwt = new JwtIssuer(secrets.jwtSecret);
  const credentials = new CredentialCache(config.db.url, log);
  const secretBox = new SecretBox(secrets.secretKey);
  const storage =
    overrides.storage ??
    (config.storage.s3 ? new S3Storage(config.storage.s3) : new LocalStorage(path.join(config.dataDir, 'storage')));

  const hasher = new FileHasher();
  const packages = new PackageReaderPool({ tempDir: uploadTempDir(config.dataDir) });
  const spool: UploadSpool = { tempDir: uploadTempDir(config.dataDir), hasher, pace: config.uploads };
  const apps = new AppsService({ storage });
  const storageQuota = new StorageQuota({
    overrideBytes: config.storageQuotaBytes,
    billing: config.billing.stripeSecretKey !== undefined,
  });
  const appUploads = new AppUploadsService({ storage, spool, packages, quota: storageQuota });
  const payments = new StripePayments({
    secretKey: config.billing.stripeSecretKey,
    webhookSecret: config.billing.stripeWebhookSecret,
    api: config.billing.stripeApi,
  });
  const credits = createCreditsServices({ payments, appUrl: config.server.appUrl, storageQuota });
  const { bus, ...deviceServices } = createDeviceServices({
    config,
    secrets,
    db: database.db,
    clock,
    log,
    storage,
    apps,
    spool,
    packages,
    credits,
  });
  const catalogue = createCatalogueServices({ storage, spool });
  const ai = createAiServices({
    config: config.ai,
    secretBox,
    db: database.db,
    clock,
    log,
    credits: credits.metering,
  });
  const engine = createEngine({
    config,
    db: database.db,
    clock,
    log,
    storage,
    jobs,
    apps,
    sessions: deviceServices.sessions,
    lifecycle: deviceServices.lifecycle,
    baselines: catalogue.baselines,
    realtime: deviceServices.realtime,
    credits: credits.metering,
    bus,
    agent: ai.agent,
    models: ai.config,
  });
  const ci = createCi({
    config,
    db: database.db,
    clock,
    log,
    jobs,
    secretBox,
    apps,
    sessions: deviceServices.sessions,
    execution: engine.execution,
    runs: engine.runsApi,
    realtime: deviceServices.realtime,
  });
  const webhooks = createWebhooks({ config, db: database.db, clock, log, jobs, secretBox });
  const services = {
    auth: new AuthService({ config, jwt, credentials, jobs, throttle: new AuthThrottle() }),
    accounts: new AccountDeletionService({
      jobs,
      sessions: deviceServices.lifecycle,
      cleanup: {
        revokeApiTokensCreatedBy: (db, userId) => deleteApiTokensCreatedBy(db, userId),
        withdrawInvitationsSentBy: (db, userId) => deleteOutstandingInvitationsSentBy(db, userId),
        storagePrefixesOfOrg: async (db, orgId) => [
          // One after another: inside a transaction there is one connection to send them on.
          ...(await appStoragePrefixesOfOrg(db, orgId)),
          ...(await baselineStoragePrefixesOfOrg(db, orgId)),
          ...(await runStoragePrefixesOfOrg(db, orgId)),
          ...(await recordingPrefixesOfOrg(db, orgId)),
        ],
      },
    }),
    orgs: new OrgsService({ config, jobs }),
    apiTokens: new ApiTokensService(),
    audit: new AuditService(),
    catalogue,
    runs: engine.runsApi,
    engine,
    ai,
    apps,
    appUploads,
    ...deviceServices,
    deviceTools: new DeviceToolsService({
      sessions: deviceServices.sessions,
      deviceControl: deviceServices.deviceControl,
    }),
    credits,
    ci,
    webhooks,
    github: new GithubService({ secretBox }),
  };

  return {
    config,
    secrets,
    log,
    database,
    db: database.db,
    clock,
    mailer,
    jobs,
    secretBox,
    jwt,
    credentials,
    storage,
    packages,
    services,
    async ready() {
      // Spool files left by a crash mid-upload.
      const removed = await sweepStaleUploads(spool.tempDir, clock.now()).catch((err) => {
        log.warn({ err }, 'sweeping stale uploads failed');
        return 0;
      });
      if (removed > 0) log.info({ removed }, 'removed abandoned upload files');
      await credentials.start();
      await services.realtime.ready();
      await services.engine.signals.ready();
      await services.router.ready();
      services.logTail.start();
    },
    async close() {
      // Runs executing here end now as interrupted rather than waiting for the sweep.
      services.engine.signals.stopAllHere(INTERRUPTED_BY_SHUTDOWN);
      // CI runs executing here are released for another replica (or the next start) to take over.
      await services.ci.orchestrator.stopAll();
      services.credentialWatch.close();
      await credentials.stop();
      await services.logTail.stop();
      services.router.closeAll();
      await bus?.close();
      await services.lifecycle.idle();
      await services.deviceControl.idle();
      await jobs.stop();
      services.webhooks.close();
      mailer.close();
      await database.close();
      (storage as { close?: () => void }).close?.();
      await hasher.close();
      await packages.close();
      await catalogue.yaml.close();
      await catalogue.maestro.close();
      await closeMaestroScripts();
    },
  };
}
