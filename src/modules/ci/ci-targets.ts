import type { Ctx } from '../../context';
import type { CiRunType, Platform } from '../../db/schema';
import type { DeviceCategory } from '../../worker/driver';
import { AppError, badRequest, notFound } from '../../errors';
import { findAppById } from '../apps';
import type { AppsService } from '../apps';
import { findCaseByPublicId, listSuiteCases, findSuiteByPublicId, type SuiteRow } from '../catalogue';
import { findDevice, fleetServes } from '../devices';
import type { CiRunOptions, DeviceTarget } from './ci.schemas';

/** What a CI run runs: a suite (suite_run) or a case (test_run), and the app it installs. */
export interface CiTarget {
  type: CiRunType;
  id: number;
  publicId: string;
  name: string;
  suiteId: number | null;
  appId: number | null;
  /** The platform of the app, else the suite's (or the case's source platform). */
  platform: Platform | null;
  caseCount: number;
}

/** The device a CI run asks for, and the build it installs. */
export interface CiPlan {
  deviceType: Platform;
  deviceCategory: DeviceCategory | null;
  pinnedDeviceId: string | null;
  /** A device matrix target's model and OS version (null: any). */
  deviceModel: string | null;
  osVersion: string | null;
  buildId: number | null;
}

const SOURCE_PLATFORMS: Record<string, Platform> = {
  ios: 'ios',
  tvos: 'ios',
  android: 'android',
  androidtv: 'android',
};

/** Finds what CI runs and checks, before anything is written, that it can be run as asked. */
export class CiTargets {
  constructor(private readonly deps: { apps: AppsService }) {}

  async suite(ctx: Ctx, orgId: number, suitePublicId: string): Promise<CiTarget> {
    const suite = await findSuiteByPublicId(ctx.db, orgId, suitePublicId);
    if (!suite) throw notFound('Test suite');
    return this.ofSuite(ctx, orgId, suite, (await listSuiteCases(ctx.db, suite.id)).length);
  }

  /** A suite already loaded (run-suites lists them with their case counts). */
  async ofSuite(ctx: Ctx, orgId: number, suite: SuiteRow, caseCount: number): Promise<CiTarget> {
    const app = suite.appId === null ? undefined : await findAppById(ctx.db, orgId, suite.appId);
    return {
      type: 'suite_run',
      id: suite.id,
      publicId: suite.publicId,
      name: suite.name,
      suiteId: suite.id,
      appId: suite.appId,
      platform: app?.platform ?? suite.platform ?? null,
      caseCount,
    };
  }

  async testCase(ctx: Ctx, orgId: number, casePublicId: string): Promise<CiTarget> {
    const found = await findCaseByPublicId(ctx.db, orgId, casePublicId);
    if (!found) throw notFound('Test case');
    const app = found.effectiveAppId === null ? undefined : await findAppById(ctx.db, orgId, found.effectiveAppId);
    const platform = app?.platform ?? (found.c.sourcePlatform ? SOURCE_PLATFORMS[found.c.sourcePlatform]! : null);
    return {
      type: 'test_run',
      id: found.c.id,
      publicId: found.c.publicId,
      name: found.c.name,
      suiteId: found.c.suiteId,
      appId: found.effectiveAppId,
      platform,
      caseCount: 1,
    };
  }

  /**
   * The device and build for a target, with the spec's rules: a pinned device must exist (404)
   * and run the app's platform (400); build_id needs an app (400), an existing build (404) of
   * that app and organization (403).
   */
  async plan(ctx: Ctx, target: CiTarget, input: CiRunOptions): Promise<CiPlan> {
    const what = target.type === 'suite_run' ? 'suite' : 'case';
    if (target.caseCount === 0) throw badRequest(`suite_id: the suite has no test cases`);
    let deviceType = target.platform;
    if (input.device_id !== undefined) {
      const device = await findDevice(ctx.db, input.device_id);
      if (!device || device.status === 'offline') throw notFound('Device');
      if (deviceType && device.type !== deviceType)
        throw badRequest(`device_id: the device runs ${device.type}, the ${what}'s app is for ${deviceType}`);
      deviceType = device.type;
    }
    if (!deviceType) throw badRequest(`The ${what} has no app or platform to choose a device by; give device_id`);
    let buildId: number | null = null;
    if (input.build_id !== undefined) {
      if (target.appId === null) throw badRequest(`build_id: the ${what} has no app`);
      buildId = (
        await this.deps.apps.resolveBuildForInstall({ ctx, input: { buildId: input.build_id, appId: target.appId } })
      ).build.id;
    }
    return {
      deviceType,
      deviceCategory: input.device_id !== undefined ? null : (input.device_category ?? 'phone'),
      pinnedDeviceId: input.device_id ?? null,
      deviceModel: null,
      osVersion: null,
      buildId,
    };
  }

  /**
   * The plan of each device matrix target (the whole suite once per target), or the one plan
   * without `devices`. A target of another platform than the suite's app is a 400; one that no
   * device of the fleet (free or busy, not offline) can serve is a 409, before anything is written.
   */
  async plans(ctx: Ctx, target: CiTarget, input: CiRunOptions & { devices?: DeviceTarget[] }): Promise<CiPlan[]> {
    if (!input.devices) return [await this.plan(ctx, target, input)];
    await this.checkFleet(ctx, input.devices);
    const plans: CiPlan[] = [];
    for (const [i, d] of input.devices.entries()) {
      if (target.platform && d.device_type !== target.platform)
        throw badRequest(`devices[${i}]: the suite's app is for ${target.platform}, not ${d.device_type}`);
      const base = await this.plan(
        ctx,
        { ...target, platform: d.device_type },
        { ...input, device_category: undefined },
      );
      plans.push({
        ...base,
        deviceCategory: d.category ?? null,
        deviceModel: d.model ?? null,
        osVersion: d.os_version ?? null,
      });
    }
    return plans;
  }

  /** 409 for the first device matrix target no device of the fleet (online, free or busy) can serve. */
  async checkFleet(ctx: Ctx, devices: DeviceTarget[]): Promise<void> {
    for (const [i, d] of devices.entries()) {
      const want = {
        deviceType: d.device_type,
        category: d.category ?? null,
        model: d.model ?? null,
        osVersion: d.os_version ?? null,
      };
      if (!(await fleetServes(ctx.db, want))) {
        const kind = [
          want.deviceType,
          want.category ?? 'phone or tablet',
          want.model,
          want.osVersion && `OS ${want.osVersion}`,
        ];
        throw new AppError('CONFLICT', `devices[${i}]: no device of the fleet is an ${kind.filter(Boolean).join(' ')}`);
      }
    }
  }

  /** Like `plan`, as a reason instead of an error (run-suites lists every suite that cannot run). */
  async problemWith(
    ctx: Ctx,
    target: CiTarget,
    input: CiRunOptions & { devices?: DeviceTarget[] },
  ): Promise<string | null> {
    try {
      await this.plans(ctx, target, input);
      return null;
    } catch (err) {
      if (err instanceof AppError && err.status < 500) return err.detail;
      throw err;
    }
  }
}
