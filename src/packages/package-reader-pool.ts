import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
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
import { TaskPool, TaskPoolError, threadModule } from '../threads/task-pool';

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
 * Reads untrusted packages on a pool of worker threads (src/threads/task-pool.ts), so that parsing
 * never runs on the event loop: each thread has a capped heap, each read a time limit (past it the
 * thread is terminated and replaced), and the queue is bounded (503 when full). Every refusal is an AppError: 400 with
 * a detail naming the problem, 413 for size caps.
 */
export class PackageReaderPool {
  readonly limits: PackageLimits;
  private readonly settings: PackagePoolSettings;
  private readonly pool: TaskPool<PoolTask, ReadOutcome>;

  constructor(private readonly options: PackageReaderPoolOptions) {
    this.limits = { ...DEFAULT_PACKAGE_LIMITS, ...options.limits };
    this.settings = { ...DEFAULT_POOL_SETTINGS, ...options.pool };
    this.pool = new TaskPool(threadModule(import.meta.url, 'package-reader.worker'), {
      ...this.settings,
      stackMb: 4,
      timeMs: this.limits.timeMs + HARD_TIMEOUT_GRACE_MS,
    });
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
    await this.pool.close();
  }

  private async read(what: Omit<ReadRequest, 'scratchFile'>, fileName: string): Promise<PackageFacts> {
    const scratchFile = path.join(this.options.tempDir, `package-${randomUUID()}.part`);
    try {
      const outcome = await this.runTask({ request: { ...what, scratchFile }, limits: this.limits });
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

  private async runTask(task: PoolTask): Promise<ReadOutcome> {
    try {
      return await this.pool.run(task);
    } catch (err) {
      if (!(err instanceof TaskPoolError)) throw err;
      if (err.kind === 'busy')
        throw new AppError('UNAVAILABLE', 'Too many packages are being read right now: try again in a moment');
      if (err.kind === 'timeout')
        throw new AppError('BAD_REQUEST', `file: reading the package took longer than ${this.limits.timeMs / 1000} s`);
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `file: reading the package needs more than the ${this.settings.heapMb} MB of memory allowed`,
      );
    }
  }
}

function refusal(outcome: Extract<ReadOutcome, { ok: false }>, fileName: string): AppError {
  if (outcome.kind === 'too_large') return new AppError('PAYLOAD_TOO_LARGE', `file: ${outcome.message}`);
  if (outcome.kind === 'unsafe') return new AppError('BAD_REQUEST', `file: ${outcome.message}`);
  if (!outcome.format) return new AppError('BAD_REQUEST', `${fileName} is not ${ACCEPTED_FORMATS}: ${outcome.message}`);
  return new AppError('BAD_REQUEST', `${fileName} is not ${EXPECTED[outcome.format]}: ${outcome.message}`);
}
