import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSampleApk, buildSampleIosZip, SAMPLE_MODEL_PATH } from '../../examples/build-sample-app';
import { byId, center, maybeById } from '../../test/virtual/ui';
import type { DeviceDriver } from '../worker/driver';
import { createVirtualDriver } from '../worker/drivers/virtual-driver';
import { MASK } from './device-log';

let tmp: string;
let apk: string;
let iosZip: string;

/** The sample app, whose sign-in logs what was typed (the password too) and whose Settings link crashes. */
function plantedModel(): Buffer {
  const model = JSON.parse(fs.readFileSync(SAMPLE_MODEL_PATH, 'utf8'));
  const signIn = model.screens.signin.elements.find((e: { id?: string }) => e.id === 'sign-in');
  signIn.action.unshift({ log: { level: 'warn', message: 'signing in {{username}} with {{password}}' } });
  const settings = model.screens.items.elements.find((e: { id?: string }) => e.id === 'open-settings');
  settings.action = [
    { log: { level: 'error', message: 'settings failed to load' } },
    { crash: 'IllegalStateException: settings unavailable' },
    { navigate: 'settings' },
  ];
  return Buffer.from(JSON.stringify(model));
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-vlog-'));
  apk = await buildSampleApk(path.join(tmp, 'sample.apk'), plantedModel());
  iosZip = await buildSampleIosZip(path.join(tmp, 'sample.zip'), plantedModel());
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function tapId(driver: DeviceDriver, id: string, nodeId: string): Promise<void> {
  await driver.input(id, { kind: 'tap', ...center(byId(await driver.uiTree(id), nodeId)) });
}

async function signedIn(type: 'android' | 'ios') {
  const driver = createVirtualDriver({
    devices: type === 'android' ? 'Pixel 8:android:phone:14:1' : 'iPhone 15:ios:phone:17.5:1',
    dataDir: fs.mkdtempSync(path.join(tmp, 'data-')),
  });
  const [spec] = await driver.listDevices();
  const id = spec!.deviceId;
  await driver.boot(id);
  await driver.install(id, type === 'android' ? apk : iosZip);
  await driver.launch(id, 'dev.simdeck.sample');
  await tapId(driver, id, 'username');
  await driver.input(id, { kind: 'text', text: 'demo' });
  await tapId(driver, id, 'password');
  await driver.input(id, { kind: 'text', text: 'secret' });
  await tapId(driver, id, 'sign-in');
  return { driver, id };
}

describe("a virtual device's log", () => {
  it('tells the launch, the screens shown in order, what the app logs (secure text masked) and an alert', async () => {
    const { driver, id } = await signedIn('android');
    await tapId(driver, id, 'item-1');
    await tapId(driver, id, 'delete-item');
    const { lines } = await driver.readLogs(id, 0);
    const said = lines.map((l) => `${l.level} ${l.source} ${l.tag}: ${l.message}`);
    expect(said[0]).toMatch(/^info system ActivityManager: .*booted/);
    expect(said).toContain(
      'info system ActivityManager: Start proc dev.simdeck.sample: activity dev.simdeck.sample/.MainActivity',
    );
    const app = lines.filter((l) => l.source === 'app').map((l) => l.message);
    expect(app).toEqual([
      'Screen shown: signin (Sign in)',
      `signing in demo with ${MASK}`,
      'Screen shown: items (Items)',
      'Screen shown: detail (Item 1)',
      'Alert shown: Delete Item 1?',
    ]);
    expect(lines.map((l) => l.seq)).toEqual(lines.map((_, i) => i + 1));
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it("a crash kills the app: its excerpt goes to the log and Android shows 'keeps stopping'", async () => {
    const { driver, id } = await signedIn('android');
    const before = (await driver.readLogs(id, 0)).next;
    await tapId(driver, id, 'open-settings');
    const read = await driver.readLogs(id, before);
    expect(read.crashes).toHaveLength(1);
    expect(read.crashes[0]).toMatchObject({
      package_name: 'dev.simdeck.sample',
      message: 'IllegalStateException: settings unavailable',
    });
    expect(read.crashes[0]!.log_excerpt).toMatch(/^FATAL EXCEPTION: main\nProcess: dev.simdeck.sample/);
    expect(read.lines.map((l) => l.message)).toContain('settings failed to load');
    expect(read.lines.at(-1)!.message).toMatch(/Process dev.simdeck.sample \(pid \d+\) has died/);
    expect(driver.device(id).foregroundApp()).toBeNull();
    const tree = await driver.uiTree(id);
    expect(byId(tree, 'alert').text).toBe('Simdeck Sample keeps stopping');
    await tapId(driver, id, 'crash-close-app');
    expect(maybeById(await driver.uiTree(id), 'alert')).toBeUndefined();
  });

  it('on iOS a crash goes back to the home screen, and power-off starts a fresh log', async () => {
    const { driver, id } = await signedIn('ios');
    await tapId(driver, id, 'open-settings');
    const read = await driver.readLogs(id, 0);
    expect(read.crashes[0]!.log_excerpt).toMatch(/^\*\*\* Terminating app due to uncaught exception/);
    const tree = await driver.uiTree(id);
    expect(tree.id).toBe('home');
    expect(maybeById(tree, 'alert')).toBeUndefined();
    await driver.shutdown(id);
    await driver.boot(id);
    expect((await driver.readLogs(id, 0)).lines).toHaveLength(1);
  });
});
