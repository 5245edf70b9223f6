import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSampleApk } from '../../examples/build-sample-app';
import type { DeviceDriver, Frame, UiNode } from '../../src/worker/driver';
import { createAndroidDriver } from '../../src/worker/drivers/android-driver';
import { createAdbKit, type AdbKit } from '../../src/worker/drivers/adbkit-run';
import { type AdbStandin, startAdbStandin } from '../support/adb-standin';
import { ADB_BIN, freePort, killAdbServer } from '../support/adb-standin/adb-server';

/**
 * The Android driver end to end through Debian's real adb server and the adbkit client, against
 * a stand-in device that speaks the adb transport protocol (test/support/adb-standin): the same
 * code and library calls an emulator gets. Skipped when adb is not installed (.ci/run installs it).
 */

const find = (n: UiNode, id: string): UiNode | undefined =>
  n.id === id || n.id?.endsWith(`:id/${id}`) ? n : n.children.map((c) => find(c, id)).find(Boolean);
const byId = (n: UiNode, id: string): UiNode => {
  const f = find(n, id);
  if (!f) throw new Error(`no element ${id}`);
  return f;
};
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}
const center = (n: UiNode) => ({ x: n.bounds.x + n.bounds.width / 2, y: n.bounds.y + n.bounds.height / 2 });

describe.skipIf(!ADB_BIN)('android driver through real adb against the stand-in device', () => {
  let standin: AdbStandin;
  let adbPort: number;
  let kit: AdbKit;
  let driver: DeviceDriver;
  let deviceId: string;
  let tmp: string;
  let apk: string;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-standin-e2e-'));
    apk = await buildSampleApk(path.join(tmp, 'sample.apk'));
    standin = await startAdbStandin({ model: 'Pixel 8' });
    adbPort = await freePort();
    kit = createAdbKit({ bin: ADB_BIN!, port: adbPort });
    // `adb connect`: the client starts the private server, which then opens the transport.
    await kit.client.connect(standin.serial);
    driver = createAndroidDriver({ adb: ADB_BIN!, adbServerPort: adbPort, hostSeed: 'standin-e2e' });
    const spec = (await driver.listDevices()).find((d) => d.model === 'Pixel 8');
    if (!spec) throw new Error('the adb server does not list the stand-in');
    deviceId = spec.deviceId;
  });

  afterAll(async () => {
    await driver?.close();
    killAdbServer(adbPort);
    await standin?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('lists the device from its properties and boots it', async () => {
    const spec = (await driver.listDevices()).find((d) => d.deviceId === deviceId)!;
    expect(spec).toMatchObject({ type: 'android', category: 'phone', osVersion: '11', model: 'Pixel 8' });
    const screen = await driver.boot(deviceId);
    expect(screen).toEqual({ ...standin.device.virtual.screenInfo(), rotation: 0 });
  });

  it('installs the APK (sync push + pm install), launches it, taps, types and reads the UI tree', async () => {
    const installed = await driver.install(deviceId, apk);
    expect(installed).toMatchObject({ packageName: 'dev.simdeck.sample', version: '1.2.0' });
    expect((await driver.listApps(deviceId)).map((a) => a.packageName)).toEqual(['dev.simdeck.sample']);
    // Pushed over sync, installed by pm, then removed, as adb does.
    expect(standin.opened).toContain('sync:');
    expect(standin.opened.some((o) => /^shell:pm install -r -g \/data\/local\/tmp\/simdeck-\w+\.apk$/.test(o))).toBe(
      true,
    );
    expect([...standin.device.files.keys()].filter((f) => f.endsWith('.apk'))).toEqual([]);

    await driver.launch(deviceId, 'dev.simdeck.sample');
    expect(standin.device.virtual.foregroundApp()).toBe('dev.simdeck.sample');
    let tree = await driver.uiTree(deviceId);
    expect(byId(tree, 'app-title').text).toBe('Simdeck Sample');

    // Taps go through minitouch (no process per event), so the next read waits for them to land.
    await driver.input(deviceId, { kind: 'tap', ...center(byId(tree, 'username')) });
    await until(
      () => driver.uiTree(deviceId),
      (t) => byId(t, 'username').focused,
    );
    await driver.input(deviceId, { kind: 'text', text: 'demo' });
    tree = await driver.uiTree(deviceId);
    expect(byId(tree, 'username').text).toBe('demo');
    await driver.input(deviceId, { kind: 'tap', ...center(byId(tree, 'password')) });
    await until(
      () => driver.uiTree(deviceId),
      (t) => byId(t, 'password').focused,
    );
    await driver.input(deviceId, { kind: 'text', text: 'secret' });
    await driver.input(deviceId, { kind: 'tap', ...center(byId(await driver.uiTree(deviceId), 'sign-in')) });
    tree = await until(
      () => driver.uiTree(deviceId),
      (t) => find(t, 'welcome') !== undefined,
    );
    expect(byId(tree, 'welcome').text).toBe('Welcome, demo');
    expect(standin.opened).toContain('localabstract:minitouch');
    expect(standin.opened.filter((o) => o.startsWith('shell:input tap'))).toEqual([]);

    await expect(driver.launch(deviceId, 'dev.simdeck.sample', { activity: '.Nope' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    await expect(driver.launch(deviceId, 'com.example.absent')).rejects.toMatchObject({ code: 'APP_NOT_INSTALLED' });
  });

  it('screenshots and streams frames that change after a tap', async () => {
    const shot = await driver.screenshot(deviceId);
    const meta = await sharp(shot.jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', shot.screen.width, shot.screen.height]);

    const frames: Frame[] = [];
    await driver.startStream(deviceId, (f) => frames.push(f));
    const deadline = Date.now() + 10_000;
    while (frames.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(frames.length).toBeGreaterThan(0);
    const seen = frames.length;
    // The sample's home has an Items tab: tapping it changes the screen and a new frame follows.
    await driver.input(deviceId, { kind: 'key', key: 'HOME' });
    while (frames.length === seen && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    // Turning the screen restarts minicap with the new rotation: landscape frames follow.
    await driver.rotate(deviceId, 90);
    const turned = await until(
      async () => frames.at(-1)!,
      (f) => f.screen.rotation === 90,
    );
    expect(turned.screen.width).toBeGreaterThan(turned.screen.height);
    const meta90 = await sharp(turned.jpeg).metadata();
    expect([meta90.width, meta90.height]).toEqual([turned.screen.width, turned.screen.height]);
    await driver.rotate(deviceId, 0);
    await driver.stopStream(deviceId);
    expect(frames.length).toBeGreaterThan(seen);
    // minicap's socket, not screencap polling.
    expect(standin.opened.filter((o) => o === 'localabstract:minicap').length).toBeGreaterThanOrEqual(2);
    expect(standin.opened.filter((o) => o.includes('screencap')).length).toBe(1);
    expect(frames.at(-1)!.jpeg.equals(frames[seen - 1]!.jpeg)).toBe(false);
  });

  it('tails logcat through adbkit-logcat: the app lines and the crash', async () => {
    await driver.launch(deviceId, 'dev.simdeck.sample');
    const deadline = Date.now() + 10_000;
    let logs = await driver.readLogs!(deviceId, 0);
    while (!logs.lines.some((l) => l.source === 'app') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      logs = await driver.readLogs!(deviceId, 0);
    }
    expect(logs.lines.some((l) => l.source === 'app' && /Screen shown/.test(l.message))).toBe(true);
    standin.device.virtual.crashForeground('boom');
    let crashes = logs.crashes;
    while (crashes.length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      crashes = (await driver.readLogs!(deviceId, 0)).crashes;
    }
    // One long-lived binary logcat stream (adbkit's openLogcat), not a dump per read.
    expect(standin.opened.filter((o) => o.includes('logcat'))).toEqual(['shell:echo && logcat -B *:I 2>/dev/null']);
    expect(crashes[0]).toMatchObject({
      package_name: 'dev.simdeck.sample',
      message: 'java.lang.RuntimeException: boom',
    });
  });

  it('pushes and pulls over sync, forwards to a device socket and reverses to a host port', async () => {
    const d = kit.device(standin.serial);
    const transfer = await d.push(Readable.from([Buffer.from('hello device')]), '/sdcard/Download/note.txt');
    await new Promise((r, j) => transfer.on('end', r).on('error', j));
    expect((await d.stat('/sdcard/Download/note.txt')).size).toBe(12);
    expect((await d.readdir('/sdcard/Download')).map((e: { name: string }) => e.name)).toEqual(['note.txt']);
    const pulled: Buffer[] = [];
    const pull = await d.pull('/sdcard/Download/note.txt');
    await new Promise((r, j) =>
      pull
        .on('data', (c: Buffer) => pulled.push(c))
        .on('end', r)
        .on('error', j),
    );
    expect(Buffer.concat(pulled).toString()).toBe('hello device');

    // forward: a host port reaches a device socket (an echo service on the stand-in).
    standin.sockets.set('localabstract:echo', (s) =>
      s.on('data', (b) => void s.write(Buffer.concat([Buffer.from('echo:'), b]))),
    );
    const hostPort = await freePort();
    await d.forward(`tcp:${hostPort}`, 'localabstract:echo');
    const echoed = await new Promise<string>((resolve, reject) => {
      const c = net.connect(hostPort, '127.0.0.1', () => c.write('ping'));
      c.on('data', (b) => {
        resolve(b.toString());
        c.destroy();
      });
      c.on('error', reject);
    });
    expect(echoed).toBe('echo:ping');

    // reverse: a device app's connection to tcp:8081 reaches a server on the host.
    let received!: (text: string) => void;
    const got = new Promise<string>((r) => (received = r));
    const server = net.createServer((c) => c.on('data', (b) => received(b.toString())));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as net.AddressInfo).port;
    await d.reverse('tcp:8081', `tcp:${port}`);
    expect(await d.listReverses()).toEqual([{ remote: 'tcp:8081', local: `tcp:${port}` }]);
    const s = await standin.connectReverse('tcp:8081');
    await s!.write('from device');
    expect(await got).toBe('from device');
    server.close();
  });
});

describe.skipIf(!ADB_BIN)('android driver falls back to screencap and input where minicap/minitouch cannot run', () => {
  let standin: AdbStandin;
  let adbPort: number;
  let driver: DeviceDriver;

  beforeAll(async () => {
    // An ABI the prebuilt packages have no minicap or minitouch build for.
    standin = await startAdbStandin({ model: 'Pixel 8', sdk: 34, osVersion: '14', abi: 'riscv64' });
    adbPort = await freePort();
    await createAdbKit({ bin: ADB_BIN!, port: adbPort }).client.connect(standin.serial);
    // minicap pinned (as SIMDECK_ANDROID_STREAM=minicap does): where it cannot run, polling takes over.
    driver = createAndroidDriver({
      adb: ADB_BIN!,
      adbServerPort: adbPort,
      hostSeed: 'standin-fallback',
      streamMode: 'minicap',
      // SIMDECK_ANDROID_UIA2=off: input goes straight to `input` (android-uia2-input.e2e covers the server).
      uia2: 'off',
    });
  });

  afterAll(async () => {
    await driver?.close();
    killAdbServer(adbPort);
    await standin?.close();
  });

  it('streams by polling screencap and taps through input', async () => {
    const spec = (await driver.listDevices()).find((d) => d.model === 'Pixel 8')!;
    await driver.boot(spec.deviceId);
    const frames: Frame[] = [];
    await driver.startStream(spec.deviceId, (f) => frames.push(f));
    await until(
      async () => frames.length,
      (n) => n > 0,
    );
    await driver.stopStream(spec.deviceId);
    expect(frames.length).toBeGreaterThan(0);
    await driver.input(spec.deviceId, { kind: 'tap', x: 10, y: 10 });
    expect(standin.opened).toContain('shell:input tap 10 10');
    // With SIMDECK_ANDROID_UIA2=off the UiAutomator2 server is not started for input either.
    expect(standin.opened.filter((o) => /am instrument|tcp:6790/.test(o))).toEqual([]);
    expect(standin.opened.some((o) => o.includes('screencap'))).toBe(true);
    expect(standin.opened).not.toContain('localabstract:minicap');
    expect(standin.opened).not.toContain('localabstract:minitouch');
    expect(standin.opened.some((o) => o.includes('screenrecord'))).toBe(false);
  });
});
