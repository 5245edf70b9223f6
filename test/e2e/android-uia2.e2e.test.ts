import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSampleApk, SAMPLE_APP, SAMPLE_MODEL_PATH } from '../../examples/build-sample-app';
import { buildVirtualApk } from '../../examples/virtual-app-package';
import type { DeviceDriver, UiNode } from '../../src/worker/driver';
import { createAndroidDriver } from '../../src/worker/drivers/android-driver';
import { createAdbKit } from '../../src/worker/drivers/adbkit-run';
import type { UiTreeSource } from '../../src/worker/drivers/android-ui-tree';
import { type AdbStandin, startAdbStandin } from '../support/adb-standin';
import { ADB_BIN, freePort, killAdbServer } from '../support/adb-standin/adb-server';

/**
 * The Android UI tree through Appium's UiAutomator2 server, end to end: the driver installs the
 * APK pair from the `appium-uiautomator2-server` package over Debian's adb server and adbkit,
 * instruments it, forwards a host port to the device's tcp:6790 and reads the page source; the
 * stand-in device (test/support/adb-standin) runs the instrumentation and answers in the
 * server's formats. Skipped when adb is not installed.
 */

const flat = (n: UiNode): UiNode[] => [n, ...n.children.flatMap(flat)];
const idTail = (id: string | null) => id?.replace(/^.*:id\//, '') ?? null;
const shape = (nodes: UiNode[]) =>
  nodes.filter((n) => n.id).map((n) => ({ id: idTail(n.id), text: n.text || null, bounds: n.bounds }));

interface Rig {
  standin: AdbStandin;
  adbPort: number;
  driver: DeviceDriver;
  deviceId: string;
  sources: { source: UiTreeSource; reason: string }[];
}

async function rig(tmp: string, opts: { uia2?: 'auto' | 'off' } = {}): Promise<Rig> {
  const apk = await buildSampleApk(path.join(tmp, `sample-${Math.random().toString(36).slice(2)}.apk`));
  const standin = await startAdbStandin({ model: 'Pixel 8' });
  const adbPort = await freePort();
  await createAdbKit({ bin: ADB_BIN!, port: adbPort }).client.connect(standin.serial);
  const sources: Rig['sources'] = [];
  const driver = createAndroidDriver({
    adb: ADB_BIN!,
    adbServerPort: adbPort,
    hostSeed: 'uia2-e2e',
    uia2: opts.uia2,
    uia2StartTimeoutMs: 10_000,
    onUiTreeSource: (_serial, source, reason) => sources.push({ source, reason }),
  });
  const spec = (await driver.listDevices()).find((d) => d.model === 'Pixel 8');
  if (!spec) throw new Error('the adb server does not list the stand-in');
  await driver.boot(spec.deviceId);
  await driver.install(spec.deviceId, apk);
  await driver.launch(spec.deviceId, 'dev.simdeck.sample');
  return { standin, adbPort, driver, deviceId: spec.deviceId, sources };
}

async function unrig(r: Rig | undefined): Promise<void> {
  if (!r) return;
  await r.driver.close();
  killAdbServer(r.adbPort);
  await r.standin.close();
}

/** `adb forward --list` of the private adb server: the real CLI's listing. */
const forwards = (r: Rig) =>
  execFileSync(ADB_BIN!, ['-P', String(r.adbPort), 'forward', '--list'], { encoding: 'utf8' }).trim();
const count = (list: string[], re: RegExp) => list.filter((x) => re.test(x)).length;
/** The version the npm package ships (its package.json). */
const readUia2Version = (): string =>
  JSON.parse(fs.readFileSync(path.join('node_modules', 'appium-uiautomator2-server', 'package.json'), 'utf8')).version;

describe.skipIf(!ADB_BIN)('android UI tree through the UiAutomator2 server', () => {
  let tmp: string;
  let r: Rig;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-uia2-e2e-'));
    r = await rig(tmp);
  });

  afterAll(async () => {
    await unrig(r);
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('installs the APK pair, instruments it, and reads the tree from the page source', async () => {
    const tree = await r.driver.uiTree(r.deviceId);
    const { standin } = r;
    // The pair went in through adbkit's install (sync push, then pm install -r).
    expect(count(standin.opened, /^shell:pm install -r .*appium-uiautomator2-server-v[\d.]+\.apk/)).toBe(1);
    expect(count(standin.opened, /^shell:pm install -r .*appium-uiautomator2-server-debug-androidTest\.apk/)).toBe(1);
    expect(
      count(
        standin.opened,
        /^shell:am instrument -w -e disableAnalytics true io\.appium\.uiautomator2\.server\.test\/androidx\.test\.runner\.AndroidJUnitRunner$/,
      ),
    ).toBe(1);
    expect(standin.opened).toContain('tcp:6790');
    // Android 9+ (the stand-in says SDK 30): non-SDK interfaces allowed while the server runs.
    expect(standin.device.settings.get('global/hidden_api_policy')).toBe('1');
    expect(standin.device.settings.get('global/hidden_api_policy_p_apps')).toBe('1');
    expect(standin.device.uia2.requests).toEqual(['GET /status', 'POST /session', 'GET /session/:id/source']);
    expect(standin.opened.some((o) => o.includes('uiautomator dump'))).toBe(false);
    // The same elements, texts and bounds as the device's own tree.
    const own = flat(standin.device.virtual.uiTree());
    expect(shape(flat(tree))).toEqual(shape(own));
    expect(shape(flat(tree)).map((n) => n.id)).toContain('username');
    const screen = standin.device.virtual.screenInfo();
    expect(tree.bounds).toEqual({ x: 0, y: 0, width: screen.width, height: screen.height });
    expect(r.sources).toEqual([
      { source: 'uiautomator2', reason: expect.stringMatching(/^server [\d.]+ on host port \d+$/) },
    ]);
    // One forward of a host port to the server's device port, while the server runs.
    expect(forwards(r)).toMatch(new RegExp(`^${standin.serial.replace(/\./g, '\\.')} tcp:\\d+ tcp:6790$`));
    // simdeck's own packages are not the user's apps.
    expect((await r.driver.listApps(r.deviceId)).map((a) => a.packageName)).toEqual(['dev.simdeck.sample']);
  });

  it('reuses the server for the next reads and follows the screen', async () => {
    const before = [...r.standin.opened];
    await r.driver.input(r.deviceId, { kind: 'text', text: 'x' });
    const tree = await r.driver.uiTree(r.deviceId);
    const added = r.standin.opened.slice(before.length);
    expect(added.filter((o) => /pm install|am instrument|uiautomator dump/.test(o))).toEqual([]);
    expect(r.standin.device.uia2.started).toBe(1);
    expect(count(r.standin.device.uia2.requests, /source$/)).toBe(2);
    expect(shape(flat(tree))).toEqual(shape(flat(r.standin.device.virtual.uiTree())));
  });

  it('starts the instrumentation again once when it died', async () => {
    r.standin.device.uia2.crash();
    const tree = await r.driver.uiTree(r.deviceId);
    expect(shape(flat(tree))).toEqual(shape(flat(r.standin.device.virtual.uiTree())));
    expect(r.standin.device.uia2.started).toBe(2);
    expect(count(r.standin.opened, /^shell:am instrument/)).toBe(2);
    // No second install, no dump, and still one forward.
    expect(count(r.standin.opened, /^shell:pm install/)).toBe(3);
    expect(r.standin.opened.some((o) => o.includes('uiautomator dump'))).toBe(false);
    expect(forwards(r).split('\n')).toHaveLength(1);
  });

  it('opens a new session when the server forgot its session', async () => {
    r.standin.device.uia2.misbehave = 'forget-session';
    const tree = await r.driver.uiTree(r.deviceId);
    expect(shape(flat(tree))).toEqual(shape(flat(r.standin.device.virtual.uiTree())));
    expect(r.standin.device.uia2.requests.slice(-3)).toEqual([
      'GET /session/:id/source',
      'POST /session',
      'GET /session/:id/source',
    ]);
    expect(count(r.standin.opened, /^shell:am instrument/)).toBe(2);
  });

  it('leaves no forward and no instrumentation after the device is torn down', async () => {
    expect(r.standin.device.uia2.isRunning).toBe(true);
    await r.driver.shutdown(r.deviceId);
    expect(r.standin.device.uia2.requests.at(-1)).toBe('DELETE /session/:id');
    expect(r.standin.device.uia2.isRunning).toBe(false);
    expect(r.standin.device.sockets.has('tcp:6790')).toBe(false);
    expect(forwards(r)).toBe('');
    expect([...r.standin.device.settings.keys()].filter((k) => k.includes('hidden_api'))).toEqual([]);
    // The server's packages stay for the next session (a USB device's shutdown removes the user's apps).
    expect(r.standin.device.virtual.listApps().map((a) => a.packageName)).toEqual([
      'io.appium.uiautomator2.server',
      'io.appium.uiautomator2.server.test',
    ]);
    // The next session finds them at the right version: instrumented again, not installed again.
    await r.driver.boot(r.deviceId);
    await r.driver.uiTree(r.deviceId);
    expect(count(r.standin.opened, /^shell:pm install/)).toBe(3);
    expect(count(r.standin.opened, /^shell:am instrument/)).toBe(3);
    expect(forwards(r).split('\n')).toHaveLength(1);
  });
});

describe.skipIf(!ADB_BIN)('android UI tree with another version of the server on the device', () => {
  let tmp: string;
  let r: Rig | undefined;

  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-uia2-upgrade-'));
  });

  afterAll(async () => {
    await unrig(r);
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('uninstalls the old pair and installs the package version', async () => {
    r = await rig(tmp);
    const old = await buildVirtualApk(
      { ...SAMPLE_APP, packageName: 'io.appium.uiautomator2.server', versionName: '9.0.0' },
      path.join(tmp, 'old-server.apk'),
      fs.readFileSync(SAMPLE_MODEL_PATH),
    );
    await r.driver.install(r.deviceId, old);
    await r.driver.uiTree(r.deviceId);
    expect(r.standin.opened).toContain('shell:pm uninstall io.appium.uiautomator2.server');
    expect(count(r.standin.opened, /^shell:pm install -r .*appium-uiautomator2-server/)).toBe(2);
    const server = r.standin.device.virtual.listApps().find((a) => a.packageName === 'io.appium.uiautomator2.server');
    expect(server?.version).toBe(readUia2Version());
    expect(r.standin.device.uia2.requests).toContain('GET /session/:id/source');
  });
});

describe.skipIf(!ADB_BIN)('android UI tree falls back to uiautomator dump', () => {
  let tmp: string;
  let r: Rig | undefined;
  let off: Rig | undefined;

  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-uia2-fallback-'));
  });

  afterAll(async () => {
    await unrig(r);
    await unrig(off);
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('when the instrumentation crashes at start, says so once, and cleans up', async () => {
    r = await rig(tmp);
    r.standin.device.uia2.mode = 'crash';
    const tree = await r.driver.uiTree(r.deviceId);
    expect(shape(flat(tree))).toEqual(shape(flat(r.standin.device.virtual.uiTree())));
    expect(r.standin.opened).toContain('shell:uiautomator dump /sdcard/simdeck-ui.xml');
    expect(r.sources).toEqual([
      { source: 'dump', reason: expect.stringContaining('INSTRUMENTATION_RESULT: shortMsg=Process crashed.') },
    ]);
    // The failed start left nothing behind.
    expect(forwards(r)).toBe('');
    expect(r.standin.device.uia2.requests).toEqual([]);
    // Later reads go straight to the dump: no second try, no second log line.
    await r.driver.uiTree(r.deviceId);
    expect(count(r.standin.opened, /^shell:am instrument/)).toBe(1);
    expect(count(r.standin.opened, /uiautomator dump/)).toBe(2);
    expect(r.sources).toHaveLength(1);
  });

  it('when the server answers something else than JSON, and stops it', async () => {
    const g = await rig(tmp);
    try {
      await g.driver.uiTree(g.deviceId);
      g.standin.device.uia2.misbehave = 'not-json';
      const tree = await g.driver.uiTree(g.deviceId);
      expect(shape(flat(tree))).toEqual(shape(flat(g.standin.device.virtual.uiTree())));
      expect(g.sources.map((s) => s.source)).toEqual(['uiautomator2', 'dump']);
      expect(g.sources[1]!.reason).toMatch(/answered GET \/session\/[\w-]+\/source with 200 and no JSON/);
      expect(count(g.standin.opened, /uiautomator dump/)).toBe(1);
      expect(g.standin.device.uia2.isRunning).toBe(false);
      expect(forwards(g)).toBe('');
    } finally {
      await unrig(g);
    }
  });

  it('when SIMDECK_ANDROID_UIA2 is off, never starts it', async () => {
    off = await rig(tmp, { uia2: 'off' });
    const tree = await off.driver.uiTree(off.deviceId);
    expect(shape(flat(tree)).map((n) => n.id)).toContain('username');
    expect(off.standin.opened.filter((o) => /am instrument|pm install -r .*appium|tcp:6790/.test(o))).toEqual([]);
    expect(off.sources).toEqual([]);
  });
});
