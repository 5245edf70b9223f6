import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import type { Piscina } from 'piscina';
import { loadPiscina } from '../lazy-modules';
import { AppError } from '../errors';
import type { Platform } from '../db/schema';
import { iconToPng } from './app-icon';
import { ACCEPTED_FORMATS, EXPECTED, formatFromFileName } from './package-formats';
import {
  DEFAULT_PACKAGE_LIMITS,
  DEFAULT_POOL_SETTINGS,
  PackageRejection,
  type PackageLimits,
  type PackagePoolSettings,
} from './package-limits';
import type { PackageFacts, PackageFormat, ReadOutcome, ReadRequest } from './package-facts';
import type { PoolTask } from './package-reader.worker';

/** What an uploaded package says about itself, ready to store. */
export interface PackageInfo {
  platform: Platform;
  format: PackageFormat;
  packageName: string;
  name: string;
  version: string;
  buildNumber: string;
  minSdkVersion: string;
  targetSdkVersion: string;
  permissions: string[];
  /** The app icon as PNG (at most 512 px), or null when the package has none we can read. */
  iconPng: Buffer | null;
  metadata: Record<string, unknown>;
  warnings: string[];
}

/** A package that may be sent to a device: what it is, for the caller's checks and messages. */
export interface InstallablePackageInfo {
  platform: Platform;
  packageName: string;
  name: string;
  version: string;
}

export interface PackageReaderPoolOptions {
  /** Where nested packages are unpacked for the length of a read (the upload spool: swept at start). */
  tempDir: string;
  limits?: Partial<PackageLimits>;
  pool?: Partial<PackagePoolSettings>;
}

/** Extra time the pool gives a read past its own cooperative deadline before it kills the thread. */
const HARD_TIMEOUT_GRACE_MS = 2_000;

/**
 * Reads untrusted packages on a pool of worker threads, so that parsing never runs on the event
 * loop: each thread has a capped heap, each read a time limit (past it the thread is terminated
 * and replaced), and the queue is bounded (503 when full). Every refusal is an AppError: 400 with
 * a detail naming the problem, 413 for size caps.
 */
export class PackageReaderPool {
  readonly limits: PackageLimits;
  private readonly settings: PackagePoolSettings;
  private pool: Piscina<PoolTask, ReadOutcome> | null = null;
  /** Reads running or waiting for a thread. */
  private inFlight = 0;

  constructor(private readonly options: PackageReaderPoolOptions) {
    this.limits = { ...DEFAULT_PACKAGE_LIMITS, ...options.limits };
    this.settings = { ...DEFAULT_POOL_SETTINGS, ...options.pool };
  }

  /**
   * Checks an app or build upload against the format its file name promises and reads its
   * metadata and icon. Not a package we accept: 400 naming what was expected.
   */
  async inspectUpload({ filePath, fileName }: { filePath: string; fileName: string }): Promise<PackageInfo> {
    const format = formatFromFileName(fileName);
    if (!format) throw new AppError('BAD_REQUEST', `Unsupported file type "${fileName}": expected ${ACCEPTED_FORMATS}`);
    const facts = await this.read({ filePath, format, purpose: 'upload' }, fileName);
    return {
      platform: facts.platform,
      format: facts.format,
      packageName: facts.packageName,
      name: facts.label || facts.packageName,
      version: facts.version,
      buildNumber: facts.buildNumber,
      minSdkVersion: facts.minSdkVersion,
      targetSdkVersion: facts.targetSdkVersion,
      permissions: facts.permissions,
      iconPng: await this.icon(facts),
      metadata: facts.metadata,
      warnings: facts.warnings,
    };
  }

  /**
   * Validates a package before it is sent to a device (`POST /sessions/{id}/install-app`): the
   * same bounded read a device runs (format from the content, app model validated, icon header
   * checked). `platform`, when given, must match. 400/413 with a clear detail otherwise.
   */
  async checkInstallable({
    filePath,
    fileName,
    platform,
  }: {
    filePath: string;
    fileName: string;
    platform?: Platform;
  }): Promise<InstallablePackageInfo> {
    const facts = await this.read({ filePath, format: null, purpose: 'install' }, fileName);
    await this.icon(facts);
    if (platform && facts.platform !== platform) {
      const what = facts.platform === 'android' ? 'an Android package' : 'an iOS app bundle';
      throw new AppError(
        'BAD_REQUEST',
        `file: ${fileName} is ${what} and cannot be installed on ${platform === 'ios' ? 'an iOS' : 'an Android'} device`,
      );
    }
    return {
      platform: facts.platform,
      packageName: facts.packageName,
      name: facts.label || facts.model?.name || facts.packageName,
      version: facts.version || facts.buildNumber || '0',
    };
  }

  /** Stops the threads; reads in flight fail. */
  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.destroy();
  }

  private async read(what: Omit<ReadRequest, 'scratchFile'>, fileName: string): Promise<PackageFacts> {
    const scratchFile = path.join(this.options.tempDir, `package-${randomUUID()}.part`);
    try {
      const outcome = await this.runTask({ ...what, scratchFile });
      if (outcome.ok) return outcome.facts;
      throw refusal(outcome, fileName);
    } finally {
      await fs.rm(scratchFile, { force: true });
    }
  }

  private async icon(facts: PackageFacts): Promise<Buffer | null> {
    try {
      return await iconToPng(facts.icon, this.limits);
    } catch (err) {
      if (err instanceof PackageRejection) throw new AppError('BAD_REQUEST', `file: ${err.message}`);
      throw err;
    }
  }

  private async runTask(request: ReadRequest): Promise<ReadOutcome> {
    // Counted here: piscina's own maxQueue does not bound tasks that carry an abort signal.
    if (this.inFlight >= this.settings.threads + this.settings.maxQueue)
      throw new AppError('UNAVAILABLE', 'Too many packages are being read right now: try again in a moment');
    this.inFlight++;
    try {
      return await this.runOnThread(request);
    } finally {
      this.inFlight--;
    }
  }

  private async runOnThread(request: ReadRequest): Promise<ReadOutcome> {
    const pool = this.ensurePool();
    const { port1, port2 } = new MessageChannel();
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    // The clock starts when a thread takes the read, not while it waits in the queue.
    port1.once('message', () => {
      timer = setTimeout(() => abort.abort(), this.limits.timeMs + HARD_TIMEOUT_GRACE_MS);
    });
    try {
      return await pool.run(
        { request, limits: this.limits, started: port2 },
        { transferList: [port2], signal: abort.signal },
      );
    } catch (err) {
      if (abort.signal.aborted)
        throw new AppError('BAD_REQUEST', `file: reading the package took longer than ${this.limits.timeMs / 1000} s`);
      if ((err as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          `file: reading the package needs more than the ${this.settings.heapMb} MB of memory allowed`,
        );
      }
      throw err;
    } finally {
      clearTimeout(timer);
      port1.close();
    }
  }

  private ensurePool(): Piscina<PoolTask, ReadOutcome> {
    if (this.pool) return this.pool;
    const { filename, execArgv } = workerEntry();
    const pool = new (loadPiscina().Piscina)<PoolTask, ReadOutcome>({
      filename,
      execArgv,
      // One thread stays up once the pool is used: piscina replaces a terminated thread only up
      // to minThreads, and reads queued behind a killed one would otherwise wait for the next read.
      minThreads: 1,
      maxThreads: this.settings.threads,
      idleTimeout: this.settings.idleMs,
      resourceLimits: { maxOldGenerationSizeMb: this.settings.heapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
    });
    // A thread that dies between reads is replaced; without a listener that 'error' would crash the process.
    pool.on('error', () => {});
    this.pool = pool;
    return pool;
  }
}

/**
 * Where the thread's module is: next to this file when running from source (loaded through tsx,
 * as tests and `tsx` runs do), or the bundle `scripts/build.mjs` writes beside the server bundle.
 */
function workerEntry(): { filename: string; execArgv: string[] } {
  const here = import.meta.url;
  if (/\.ts$/.test(new URL(here).pathname)) {
    const tsx = pathToFileURL(createRequire(here).resolve('tsx')).href;
    return { filename: new URL('./package-reader.worker.ts', here).href, execArgv: ['--import', tsx] };
  }
  return { filename: new URL('./package-reader.worker.mjs', here).href, execArgv: [] };
}

function refusal(outcome: Extract<ReadOutcome, { ok: false }>, fileName: string): AppError {
  if (outcome.kind === 'too_large') return new AppError('PAYLOAD_TOO_LARGE', `file: ${outcome.message}`);
  if (outcome.kind === 'unsafe') return new AppError('BAD_REQUEST', `file: ${outcome.message}`);
  if (!outcome.format) return new AppError('BAD_REQUEST', `${fileName} is not ${ACCEPTED_FORMATS}: ${outcome.message}`);
  return new AppError('BAD_REQUEST', `${fileName} is not ${EXPECTED[outcome.format]}: ${outcome.message}`);
}
