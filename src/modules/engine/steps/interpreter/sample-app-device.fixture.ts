import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSampleApk, buildSampleIosZip } from '../../../../../examples/build-sample-app';
import { byId, center } from '../../../../../test/virtual/ui';
import type { UiNode } from '../../../../worker/driver';
import { createVirtualDriver } from '../../../../worker/drivers/virtual-driver';
import { isSatisfied, type DeviceAction, type LoopPlan, type Observation } from './index';

/**
 * Test support: the sample app running on a virtual device, driven through the interpreter's
 * own device actions. Trees and screenshots come from the real virtual runtime and renderer.
 */

export const SAMPLE_PACKAGE = 'dev.simdeck.sample';
const packages = new Map<string, Promise<string>>();
const opened: Array<ReturnType<typeof createVirtualDriver>> = [];
let tmpRoot: string | null = null;

/** Closes every device opened by this file's tests and removes their data. */
export async function closeSampleApps(): Promise<void> {
  await Promise.all(opened.splice(0).map((d) => d.close()));
  if (tmpRoot) fs.rmSync(tmpRoot, { recursive: true, force: true });
  tmpRoot = null;
  packages.clear();
}

function samplePackage(kind: 'apk' | 'ios'): Promise<string> {
  tmpRoot ??= fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-interp-'));
  const root = tmpRoot;
  let p = packages.get(kind);
  if (!p) {
    p =
      kind === 'apk'
        ? buildSampleApk(path.join(root, 'sample.apk'))
        : buildSampleIosZip(path.join(root, 'sample-ios.zip'));
    packages.set(kind, p);
  }
  return p;
}

export interface SampleDevice {
  driver: ReturnType<typeof createVirtualDriver>;
  deviceId: string;
  observe(): Promise<Observation>;
  tree(): Promise<UiNode>;
  screenshot(): Promise<Buffer>;
  tapId(id: string): Promise<void>;
  perform(actions: DeviceAction[]): Promise<void>;
  /** Runs a loop plan the way an executor would; returns whether it was satisfied. */
  drive(plan: LoopPlan): Promise<boolean>;
}

/** The sample app launched on a fresh virtual device (Pixel 8 or iPhone 15 Pro), optionally signed in as demo. */
export async function openSampleApp(
  opts: { model?: 'Pixel 8' | 'iPhone 15 Pro'; signedIn?: boolean } = {},
): Promise<SampleDevice> {
  const model = opts.model ?? 'Pixel 8';
  const pkg = await samplePackage(model === 'Pixel 8' ? 'apk' : 'ios');
  const driver = createVirtualDriver({
    dataDir: fs.mkdtempSync(path.join(tmpRoot!, 'device-')),
    hostSeed: 'interp-tests',
    devices: `${model}:${model === 'Pixel 8' ? 'android' : 'ios'}:phone:17`,
  });
  opened.push(driver);
  const deviceId = (await driver.listDevices())[0]!.deviceId;
  await driver.boot(deviceId);
  await driver.install(deviceId, pkg);
  await driver.launch(deviceId, SAMPLE_PACKAGE);
  const device: SampleDevice = {
    driver,
    deviceId,
    async observe() {
      return { tree: await driver.uiTree(deviceId), screen: driver.device(deviceId).screenInfo() };
    },
    tree: () => driver.uiTree(deviceId),
    screenshot: async () => (await driver.screenshot(deviceId)).jpeg,
    async tapId(id) {
      await driver.input(deviceId, { kind: 'tap', ...center(byId(await driver.uiTree(deviceId), id)) });
    },
    async perform(actions) {
      for (const a of actions) {
        if (a.op === 'input') await driver.input(deviceId, a.event);
        else if (a.op === 'back') await driver.input(deviceId, { kind: 'key', key: 'BACK' });
        else if (a.op === 'home') await driver.input(deviceId, { kind: 'key', key: 'HOME' });
        else if (a.op === 'rotate') await driver.rotate(deviceId, a.rotation);
        else if (a.op === 'launch') await driver.launch(deviceId, SAMPLE_PACKAGE);
        else if (a.op === 'relaunch') {
          await driver.terminate(deviceId, SAMPLE_PACKAGE);
          await driver.launch(deviceId, SAMPLE_PACKAGE);
        }
      }
    },
    async drive(plan) {
      const budget = plan.kind === 'scroll_until' ? plan.maxSwipes : 1;
      for (let i = 0; i <= budget; i++) {
        if (isSatisfied(plan, await device.observe())) return true;
        if (plan.kind === 'scroll_until' && i < budget) await driver.input(deviceId, plan.swipe);
      }
      return false;
    },
  };
  if (opts.signedIn) {
    await device.tapId('username');
    await driver.input(deviceId, { kind: 'text', text: 'demo' });
    await device.tapId('password');
    await driver.input(deviceId, { kind: 'text', text: 'secret' });
    await device.tapId('sign-in');
  }
  return device;
}
