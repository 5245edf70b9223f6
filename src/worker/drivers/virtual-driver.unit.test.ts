import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  SAMPLE_MODEL_PATH,
  buildSampleApk,
  buildSampleIosZip,
  sampleInfoPlist,
} from '../../../examples/build-sample-app';
import { encodeBinaryXml } from '../../../examples/android-binary-xml';
import { byId, byText, center, findAll, maybeById } from '../../../test/virtual/ui';
import type { DeviceDriver, DeviceSpec, Frame } from '../driver';
import { DeviceDriverError } from '../driver-error';
import { STREAM_MAX_FPS } from '../../virtual/virtual-device';
import { createVirtualDriver } from './virtual-driver';
import { nothingHappensWithin } from '../../../test/harness/waits';

let tmp: string;
let apk: string;
let iosZip: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-vd-'));
  apk = await buildSampleApk(path.join(tmp, 'sample.apk'));
  iosZip = await buildSampleIosZip(path.join(tmp, 'sample-ios.zip'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Waits until the frame `last` picks shows the device's screen as it is now. */
async function streamCaughtUp(driver: DeviceDriver, id: string, last: () => Frame | undefined): Promise<void> {
  await vi.waitFor(async () => expect(last()?.jpeg.equals((await driver.screenshot(id)).jpeg)).toBe(true), {
    timeout: 5_000,
  });
}

function newDriver(devices?: string) {
  return createVirtualDriver({ devices, dataDir: fs.mkdtempSync(path.join(tmp, 'data-')), hostSeed: 'test-host' });
}

async function device(driver: DeviceDriver, name: string): Promise<DeviceSpec> {
  const d = (await driver.listDevices()).find((x) => x.model === name);
  if (!d) throw new Error(`no ${name}`);
  return d;
}

async function tapId(driver: DeviceDriver, id: string, nodeId: string): Promise<void> {
  const tree = await driver.uiTree(id);
  await driver.input(id, { kind: 'tap', ...center(byId(tree, nodeId)) });
}

async function signIn(driver: DeviceDriver, id: string, password: string): Promise<void> {
  await tapId(driver, id, 'username');
  await driver.input(id, { kind: 'text', text: 'demo' });
  await tapId(driver, id, 'password');
  await driver.input(id, { kind: 'text', text: password });
  await tapId(driver, id, 'sign-in');
}

/** A new driver with `model` booted and the sample app installed from `pkg`, launched and signed in. */
async function signedInSample(
  model: string,
  pkg: string,
): Promise<{ driver: ReturnType<typeof newDriver>; id: string }> {
  const driver = newDriver();
  const { deviceId: id } = await device(driver, model);
  await driver.boot(id);
  await driver.install(id, pkg);
  await driver.launch(id, 'dev.simdeck.sample');
  await signIn(driver, id, 'secret');
  return { driver, id };
}

describe('virtual driver fleet', () => {
  it('offers the default fleet with ids stable per host seed', async () => {
    const a = await newDriver().listDevices();
    const b = await newDriver().listDevices();
    const other = await createVirtualDriver({ hostSeed: 'another-host' }).listDevices();
    expect(a.map((d) => `${d.model}|${d.type}|${d.category}|${d.osVersion}`)).toEqual([
      'iPhone 15 Pro|ios|phone|17.5',
      'iPhone 15 Pro|ios|phone|17.5',
      'iPad Air|ios|tablet|17.5',
      'Apple TV 4K|ios|tv|17.5',
      'Pixel 8|android|phone|14',
      'Pixel 8|android|phone|14',
      'Pixel Tablet|android|tablet|14',
      'Android TV|android|tv|13',
    ]);
    expect(a.map((d) => d.deviceId)).toEqual(b.map((d) => d.deviceId));
    expect(new Set(a.map((d) => d.deviceId)).size).toBe(8);
    expect(other[0]!.deviceId).not.toBe(a[0]!.deviceId);
    for (const d of a)
      expect(d.deviceId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('takes the fleet from a VIRTUAL_DEVICES string', async () => {
    const list = await newDriver('Galaxy S24:android:phone:14:3, iPhone SE:ios:phone:17.0').listDevices();
    expect(list.map((d) => d.name)).toEqual(['Galaxy S24 (1)', 'Galaxy S24 (2)', 'Galaxy S24 (3)', 'iPhone SE']);
    expect(() => newDriver('Pixel:windows:phone:14')).toThrow(/type must be ios or android/);
  });
});

describe('virtual device sessions', () => {
  it('installs the sample APK, signs in through input events and shows the signed-in screen', async () => {
    const driver = newDriver();
    const { deviceId: id } = await device(driver, 'Pixel 8');
    await expect(driver.screenshot(id)).rejects.toMatchObject({ code: 'NOT_BOOTED' });
    const screen = await driver.boot(id);
    expect(screen).toEqual({ width: 393, height: 852, rotation: 0 });

    const installed = await driver.install(id, apk);
    expect(installed).toEqual({
      packageName: 'dev.simdeck.sample',
      name: 'Simdeck Sample',
      version: '1.2.0',
      permissionsGranted: true,
    });
    expect(await driver.listApps(id)).toEqual([installed]);

    // The home screen shows the app; tapping its icon launches it.
    const home = await driver.uiTree(id);
    expect(home.text).toBe('Home');
    await driver.input(id, { kind: 'tap', ...center(byId(home, 'dev.simdeck.sample')) });
    const signInTree = await driver.uiTree(id);
    expect(signInTree.id).toBe('dev.simdeck.sample');
    expect(byId(signInTree, 'sign-in').enabled).toBe(false);
    const before = await driver.screenshot(id);

    await signIn(driver, id, 'wrong');
    const failed = await driver.uiTree(id);
    expect(byId(failed, 'sign-in-error').text).toBe('Invalid username or password');
    expect(byId(failed, 'password').text).toBe('•••••');

    // Clear the password with DEL and type the right one.
    await tapId(driver, id, 'password');
    for (let i = 0; i < 5; i++) await driver.input(id, { kind: 'key', key: 'DEL' });
    await driver.input(id, { kind: 'text', text: 'secret' });
    await tapId(driver, id, 'sign-in');

    const signedIn = await driver.uiTree(id);
    expect(await driver.uiTree(id)).toEqual(signedIn);
    expect(byId(signedIn, 'welcome').text).toBe('Welcome, demo');
    expect(maybeById(signedIn, 'sign-in')).toBeUndefined();
    const after = await driver.screenshot(id);
    expect(after.jpeg.equals(before.jpeg)).toBe(false);
    const meta = await sharp(after.jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 393, 852]);
  });

  it('keeps app data across relaunch until clear_data, and uninstall removes the app', async () => {
    const { driver, id } = await signedInSample('iPhone 15 Pro', iosZip);
    await driver.terminate(id, 'dev.simdeck.sample');
    expect((await driver.uiTree(id)).text).toBe('Home');
    await driver.launch(id, 'dev.simdeck.sample');
    expect(byId(await driver.uiTree(id), 'welcome').text).toBe('Welcome, demo');

    expect(maybeById(await driver.uiTree(id), 'launch-banner')).toBeUndefined();
    await driver.launch(id, 'dev.simdeck.sample', { params: { banner: 'Hello from CI' } });
    expect(byId(await driver.uiTree(id), 'launch-banner').text).toBe('Hello from CI');

    await driver.clearData(id, 'dev.simdeck.sample');
    await driver.launch(id, 'dev.simdeck.sample');
    expect(maybeById(await driver.uiTree(id), 'sign-in')).toBeDefined();

    await driver.uninstall(id, 'dev.simdeck.sample');
    expect(await driver.listApps(id)).toEqual([]);
    await expect(driver.launch(id, 'dev.simdeck.sample')).rejects.toMatchObject({ code: 'APP_NOT_INSTALLED' });
  });

  it('shutdown resets the device to a clean state', async () => {
    const driver = newDriver();
    const { deviceId: id } = await device(driver, 'Pixel 8');
    await driver.boot(id);
    await driver.install(id, apk);
    await driver.rotate(id, 90);
    await driver.shutdown(id);
    await expect(driver.listApps(id)).rejects.toBeInstanceOf(DeviceDriverError);
    expect(await driver.boot(id)).toEqual({ width: 393, height: 852, rotation: 0 });
    expect(await driver.listApps(id)).toEqual([]);
  });

  it('rejects packages for the other platform and files that are not packages', async () => {
    const driver = newDriver();
    const { deviceId: ios } = await device(driver, 'iPhone 15 Pro');
    await driver.boot(ios);
    await expect(driver.install(ios, apk)).rejects.toMatchObject({
      code: 'INVALID_PACKAGE',
      message: expect.stringMatching(/Android package/),
    });
    const junk = path.join(tmp, 'junk.apk');
    fs.writeFileSync(junk, 'not a zip');
    await expect(driver.install(ios, junk)).rejects.toMatchObject({ code: 'INVALID_PACKAGE' });
    await expect(driver.install(ios, path.join(tmp, 'missing.zip'))).rejects.toMatchObject({ code: 'INVALID_PACKAGE' });
    await expect(driver.boot('00000000-0000-0000-0000-000000000000')).rejects.toMatchObject({ code: 'UNKNOWN_DEVICE' });
    await expect(driver.input(ios, { kind: 'tap', x: 5000, y: 10 })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('installs an iOS bundle from a .tar.gz and rejects an invalid model with its path', async () => {
    const pack = tar.pack();
    pack.entry({ name: 'SimdeckSample.app/Info.plist' }, sampleInfoPlist());
    pack.entry({ name: 'SimdeckSample.app/simdeck-app.json' }, fs.readFileSync(SAMPLE_MODEL_PATH));
    pack.entry({ name: 'SimdeckSample.app/SimdeckSample', mode: 0o755 }, '#!/bin/sh\n');
    pack.finalize();
    const tgz = path.join(tmp, 'sample.tgz');
    await new Promise<void>((resolve) =>
      pack
        .pipe(zlib.createGzip())
        .pipe(fs.createWriteStream(tgz))
        .on('close', () => resolve()),
    );
    const driver = newDriver();
    const { deviceId: id } = await device(driver, 'iPad Air');
    await driver.boot(id);
    expect(await driver.install(id, tgz)).toEqual({
      packageName: 'dev.simdeck.sample',
      name: 'Simdeck Sample',
      version: '1.2.0',
      permissionsGranted: true,
    });
    await driver.launch(id, 'dev.simdeck.sample');
    expect(byId(await driver.uiTree(id), 'sign-in')).toBeDefined();

    const bad = path.join(tmp, 'bad-model.apk');
    await buildSampleApk(
      bad,
      Buffer.from(JSON.stringify({ initialScreen: 'home', screens: { main: { title: 'M', elements: [] } } })),
    );
    const android = (await device(driver, 'Pixel 8')).deviceId;
    await driver.boot(android);
    await expect(driver.install(android, bad)).rejects.toMatchObject({
      code: 'INVALID_PACKAGE',
      message: expect.stringContaining('initialScreen: unknown screen "home"'),
    });
    expect(await driver.listApps(android)).toEqual([]);
  });

  it('shows a placeholder screen for an app without a model', async () => {
    const bare = path.join(tmp, 'bare.apk');
    const zip = new yazl.ZipFile();
    zip.addBuffer(
      encodeBinaryXml({
        name: 'manifest',
        attrs: { package: 'com.example.bare', 'android:versionName': '0.1', 'android:versionCode': 1 },
        children: [{ name: 'application', attrs: { 'android:label': 'Bare' } }],
      }),
      'AndroidManifest.xml',
    );
    zip.end();
    await new Promise<void>((resolve) =>
      zip.outputStream.pipe(fs.createWriteStream(bare)).on('close', () => resolve()),
    );
    const driver = newDriver();
    const { deviceId: id } = await device(driver, 'Pixel 8');
    await driver.boot(id);
    expect(await driver.install(id, bare)).toEqual({
      packageName: 'com.example.bare',
      name: 'Bare',
      version: '0.1',
      permissionsGranted: true,
    });
    await driver.launch(id, 'com.example.bare');
    const tree = await driver.uiTree(id);
    expect(tree).toMatchObject({ role: 'application', text: 'Bare', id: 'com.example.bare' });
  });

  it('rotates: screen size, screenshot and UI tree share the rotated space', async () => {
    const driver = newDriver();
    const { deviceId: id } = await device(driver, 'iPad Air');
    await driver.boot(id);
    expect(await driver.rotate(id, 90)).toEqual({ width: 1180, height: 820, rotation: 90 });
    const shot = await driver.screenshot(id);
    expect(shot.screen).toEqual({ width: 1180, height: 820, rotation: 90 });
    const meta = await sharp(shot.jpeg).metadata();
    expect([meta.width, meta.height]).toEqual([1180, 820]);
    expect((await driver.uiTree(id)).bounds).toEqual({ x: 0, y: 0, width: 1180, height: 820 });
    const tv = await device(driver, 'Apple TV 4K');
    await driver.boot(tv.deviceId);
    await expect(driver.rotate(tv.deviceId, 90)).rejects.toMatchObject({ code: 'UNSUPPORTED' });
  });

  it('renders identical state to identical bytes', async () => {
    const run = async () => {
      const { driver, id } = await signedInSample('Pixel 8', apk);
      return (await driver.screenshot(id)).jpeg;
    };
    const [a, b] = [await run(), await run()];
    expect(a.equals(b)).toBe(true);
  });

  it('streams a frame on change and keyframes every second', async () => {
    const driver = newDriver();
    const { deviceId: id } = await device(driver, 'Pixel 8');
    await driver.boot(id);
    await driver.install(id, apk);
    const frames: Frame[] = [];
    await driver.startStream(id, (f) => frames.push(f));
    await vi.waitFor(() => expect(frames).toHaveLength(1));
    expect(frames[0]!.keyframe).toBe(true);
    await driver.launch(id, 'dev.simdeck.sample');
    await vi.waitFor(() => expect(frames.length).toBe(2));
    // One change, one frame: a second one would follow within two frame intervals.
    await nothingHappensWithin(50);
    expect(frames.length).toBe(2);
    expect(frames[1]!.keyframe).toBe(false);
    expect(frames[1]!.jpeg.equals(frames[0]!.jpeg)).toBe(false);
    await vi.waitFor(() => expect(frames.filter((f) => f.keyframe).length).toBeGreaterThanOrEqual(2), {
      timeout: 5_000,
    });
    expect(frames.filter((f) => f.keyframe).length).toBeGreaterThanOrEqual(2);
    // A burst of changes (a drag) yields frames, never more than one per change, the last one current.
    await signIn(driver, id, 'secret');
    await streamCaughtUp(driver, id, () => frames.at(-1));
    const before = frames.length;
    await driver.input(id, { kind: 'touch', phase: 'start', x: 200, y: 700 });
    for (let y = 690; y >= 300; y -= 30) await driver.input(id, { kind: 'touch', phase: 'move', x: 200, y });
    await driver.input(id, { kind: 'touch', phase: 'end', x: 200, y: 300 });
    await streamCaughtUp(driver, id, () =>
      frames
        .slice(before)
        .filter((f) => !f.keyframe)
        .at(-1),
    );
    const burst = frames.slice(before).filter((f) => !f.keyframe);
    expect(burst.length).toBeGreaterThanOrEqual(1);
    expect(burst.length).toBeLessThanOrEqual(14);
    expect(burst.at(-1)!.jpeg.equals((await driver.screenshot(id)).jpeg)).toBe(true);

    await driver.stopStream(id);
    const n = frames.length;
    await driver.input(id, { kind: 'key', key: 'HOME' });
    // A stopped stream sends nothing: a frame of the key would come at once.
    await nothingHappensWithin(50);
    expect(frames.length).toBe(n);
    await driver.close();
  });

  it('draws nothing for a device nobody watches, paces drag frames and shows a tap at once', async () => {
    const { driver, id } = await signedInSample('Pixel 8', apk);
    const dev = driver.device(id);
    // No stream and no screenshot: input changes the state but draws no frame.
    await driver.input(id, { kind: 'touch', phase: 'start', x: 200, y: 700 });
    for (let y = 690; y >= 300; y -= 30) await driver.input(id, { kind: 'touch', phase: 'move', x: 200, y });
    await driver.input(id, { kind: 'touch', phase: 'end', x: 200, y: 300 });
    // Nothing to wait for: a render, had input asked for one, would have run by now.
    await nothingHappensWithin(50);
    expect(dev.renders).toBe(0);

    const frames: Frame[] = [];
    await driver.startStream(id, (f) => frames.push(f));
    await vi.waitFor(() => expect(frames).toHaveLength(1));
    // A drag with a move every 2 ms: frames come at most STREAM_MAX_FPS a second.
    await driver.input(id, { kind: 'touch', phase: 'start', x: 200, y: 300 });
    const t0 = performance.now();
    let y = 300;
    while (performance.now() - t0 < 400) {
      y = y >= 700 ? 300 : y + 12;
      await driver.input(id, { kind: 'touch', phase: 'move', x: 200, y });
      // The pointer's pace, not a wait.
      await new Promise((r) => setTimeout(r, 2));
    }
    await streamCaughtUp(driver, id, () => frames.at(-1));
    const dragMs = performance.now() - t0;
    const drag = frames.slice(1).filter((f) => !f.keyframe);
    expect(drag.length).toBeGreaterThanOrEqual(2);
    expect(drag.length).toBeLessThanOrEqual(Math.ceil(dragMs / (1000 / STREAM_MAX_FPS)) + 1);
    await driver.input(id, { kind: 'touch', phase: 'end', x: 200, y });
    await streamCaughtUp(driver, id, () => frames.at(-1));
    // A tap right after a frame is not held back by the pacing.
    const n = frames.length;
    await driver.input(id, { kind: 'swipe', x: 200, y: 600, x2: 200, y2: 300 });
    await vi.waitFor(() => expect(frames.length).toBeGreaterThan(n));
    expect(frames[n]!.jpeg.equals((await driver.screenshot(id)).jpeg)).toBe(true);
    await driver.close();
  });

  it('navigates with BACK on Android and the edge swipe on iOS, and scrolls lists by swiping', async () => {
    const driver = newDriver();
    const android = (await device(driver, 'Pixel 8')).deviceId;
    await driver.boot(android);
    await driver.install(android, apk);
    await driver.launch(android, 'dev.simdeck.sample');
    await signIn(driver, android, 'secret');
    await tapId(driver, android, 'item-2');
    expect(byId(await driver.uiTree(android), 'detail-title').text).toBe('Item 2');
    await driver.input(android, { kind: 'key', key: 'BACK' });
    const list = await driver.uiTree(android);
    expect(maybeById(list, 'item-40')).toBeUndefined();
    await driver.input(android, { kind: 'swipe', x: 200, y: 700, x2: 200, y2: 100, durationMs: 300 });
    await driver.input(android, { kind: 'swipe', x: 200, y: 700, x2: 200, y2: 100, durationMs: 300 });
    await driver.input(android, { kind: 'swipe', x: 200, y: 700, x2: 200, y2: 100, durationMs: 300 });
    await driver.input(android, { kind: 'swipe', x: 200, y: 700, x2: 200, y2: 100, durationMs: 300 });
    await driver.input(android, { kind: 'swipe', x: 200, y: 700, x2: 200, y2: 100, durationMs: 300 });
    const scrolled = await driver.uiTree(android);
    expect(maybeById(scrolled, 'item-40')).toBeDefined();
    expect(maybeById(scrolled, 'item-1')).toBeUndefined();
    // BACK at the root leaves the app.
    await driver.input(android, { kind: 'key', key: 'BACK' });
    expect((await driver.uiTree(android)).text).toBe('Home');

    const ios = (await device(driver, 'iPhone 15 Pro')).deviceId;
    await driver.boot(ios);
    await driver.install(ios, iosZip);
    await driver.launch(ios, 'dev.simdeck.sample');
    await signIn(driver, ios, 'secret');
    await tapId(driver, ios, 'open-settings');
    expect(byId(await driver.uiTree(ios), 'notifications').checked).toBe(true);
    await tapId(driver, ios, 'notifications');
    expect(byId(await driver.uiTree(ios), 'notifications').checked).toBe(false);
    const dark = center(byId(await driver.uiTree(ios), 'dark-mode'));
    await driver.input(ios, { kind: 'double_tap', ...dark });
    expect(byId(await driver.uiTree(ios), 'dark-mode').checked).toBe(false);
    await driver.input(ios, { kind: 'long_press', ...dark, durationMs: 600 });
    expect(byId(await driver.uiTree(ios), 'dark-mode').checked).toBe(true);
    await driver.input(ios, { kind: 'swipe', x: 5, y: 400, x2: 250, y2: 410 });
    expect(maybeById(await driver.uiTree(ios), 'welcome')).toBeDefined();
    await tapId(driver, ios, 'open-settings');
    await tapId(driver, ios, 'nav-back');
    expect(maybeById(await driver.uiTree(ios), 'welcome')).toBeDefined();
    // Touch phases: a drag scrolls, a short touch taps.
    await driver.input(ios, { kind: 'touch', phase: 'start', x: 200, y: 700 });
    for (let y = 690; y >= 200; y -= 10) await driver.input(ios, { kind: 'touch', phase: 'move', x: 200, y });
    await driver.input(ios, { kind: 'touch', phase: 'end', x: 200, y: 200 });
    expect(maybeById(await driver.uiTree(ios), 'welcome')).toBeUndefined();
    const item = findAll(await driver.uiTree(ios), (n) => n.role === 'list_item')[0]!;
    await driver.input(ios, { kind: 'touch', phase: 'start', ...center(item) });
    await driver.input(ios, { kind: 'touch', phase: 'end', ...center(item) });
    expect(byId(await driver.uiTree(ios), 'detail-title').text).toBe(item.text);
  });

  it('drives a TV with the d-pad', async () => {
    const driver = newDriver();
    const tv = (await device(driver, 'Android TV')).deviceId;
    await driver.boot(tv);
    await driver.install(tv, apk);
    const home = await driver.uiTree(tv);
    expect(findAll(home, (n) => n.focused).map((n) => n.id)).toEqual(['com.android.tv.settings']);
    await driver.input(tv, { kind: 'key', key: 'DPAD_RIGHT' });
    expect(findAll(await driver.uiTree(tv), (n) => n.focused).map((n) => n.id)).toEqual(['dev.simdeck.sample']);
    await driver.input(tv, { kind: 'key', key: 'DPAD_CENTER' });
    const app = await driver.uiTree(tv);
    expect(app.id).toBe('dev.simdeck.sample');
    expect(byId(app, 'username').focused).toBe(true);
    await driver.input(tv, { kind: 'key', key: 'DPAD_CENTER' });
    await driver.input(tv, { kind: 'text', text: 'demo' });
    await driver.input(tv, { kind: 'key', key: 'DPAD_DOWN' });
    await driver.input(tv, { kind: 'key', key: 'DPAD_CENTER' });
    await driver.input(tv, { kind: 'text', text: 'secret' });
    await driver.input(tv, { kind: 'key', key: 'DPAD_DOWN' });
    expect(byId(await driver.uiTree(tv), 'sign-in').focused).toBe(true);
    await driver.input(tv, { kind: 'key', key: 'ENTER' });
    expect(byText(await driver.uiTree(tv), 'Welcome, demo')).toBeDefined();
  });
});
