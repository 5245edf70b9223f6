import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build as buildPlist, parse as parsePlist } from 'plist';
import yazl from 'yazl';
import { buildSampleApk, buildSampleIosZip, sampleInfoPlist } from '../../../examples/build-sample-app';
import { type FakeToolRule, fakeTool } from '../../../test/harness/fake-apple-tools';
import { createIosDriver } from './ios-driver';
import {
  classifySimctlFailure,
  modelFromDeviceType,
  parseListApps,
  parseOpenStepPlist,
  parseSimctlDevices,
  privacyServicesFor,
  simctlLaunchArgs,
} from './simctl-commands';
import { idbInputArgs, parseIdbDescribe, parseIdbDescribeAll } from './idb-commands';
import { createSimctlClient } from './simctl-client';

const FIX = path.resolve(__dirname, '../../../test/fixtures/simctl');
const fx = (name: string) => fs.readFileSync(path.join(FIX, name), 'utf8');
const UDID = '4F6C2A6E-8D0B-4E7B-9E22-2C1B3E6F8A11';

describe('simctl and idb output parsing', () => {
  it('lists available iOS and tvOS simulators', () => {
    const d = parseSimctlDevices(fx('list-devices.json'));
    expect(d.map((x) => [x.name, x.state, x.osVersion, x.category])).toEqual([
      ['iPhone 15 Pro', 'Booted', '17.5', 'phone'],
      ['iPad Air 11-inch (M2)', 'Shutdown', '17.5', 'tablet'],
      ['Apple TV 4K (3rd generation)', 'Shutdown', '17.5', 'tv'],
    ]);
    expect(modelFromDeviceType(d[0]!.deviceType, 'x')).toBe('iPhone 15 Pro');
  });

  it('parses old-style plists and listapps output', () => {
    expect(parseOpenStepPlist('{ a = 1; "b c" = ( x, "y\\"z" ); d = { }; }')).toEqual({
      a: '1',
      'b c': ['x', 'y"z'],
      d: {},
    });
    expect(parseListApps(fx('listapps.txt'))).toEqual([
      { bundleId: 'com.example.Notes', name: 'Notes "Pro"', version: '2024.11', type: 'User' },
      { bundleId: 'dev.simdeck.sample', name: 'Simdeck Sample', version: '1.2.0', type: 'User' },
    ]);
    expect(() => parseOpenStepPlist('{ a = ')).toThrow(/cannot parse property list/);
  });

  it('converts idb describe-all (points) into a UI tree in pixels', () => {
    const { density, width, height } = parseIdbDescribe(fx('idb-describe.json'));
    expect([density, width, height]).toEqual([3, 1179, 2556]);
    const tree = parseIdbDescribeAll(fx('idb-describe-all.json'), density);
    expect(tree).toMatchObject({
      role: 'screen',
      text: 'Simdeck Sample',
      bounds: { x: 0, y: 0, width: 1179, height: 2556 },
    });
    const byId = (id: string) => tree.children.find((c) => c.id === id)!;
    expect(byId('username')).toMatchObject({
      role: 'input',
      text: 'demo',
      bounds: { x: 60, y: 711, width: 1059, height: 132 },
    });
    expect(byId('remember')).toMatchObject({ role: 'toggle', checked: true });
    expect(byId('sign-in')).toMatchObject({ role: 'button', text: 'Sign in', enabled: false });
    expect(tree.children.map((c) => c.ref)).toEqual(['e2', 'e3', 'e4', 'e5', 'e6']);
  });
});

describe('simctl and idb command building', () => {
  it('maps input events to idb commands in points', () => {
    expect(idbInputArgs(UDID, { kind: 'tap', x: 300, y: 600 }, 3)).toEqual([
      ['ui', 'tap', '--udid', UDID, '100', '200'],
    ]);
    expect(idbInputArgs(UDID, { kind: 'swipe', x: 30, y: 1500, x2: 30, y2: 301, durationMs: 250 }, 3)).toEqual([
      ['ui', 'swipe', '--udid', UDID, '--duration', '0.25', '10', '500', '10', '100.33'],
    ]);
    expect(idbInputArgs(UDID, { kind: 'long_press', x: 3, y: 3, durationMs: 1500 }, 3)).toEqual([
      ['ui', 'tap', '--udid', UDID, '--duration', '1.5', '1', '1'],
    ]);
    expect(idbInputArgs(UDID, { kind: 'text', text: "it's ok" }, 3)).toEqual([
      ['ui', 'text', '--udid', UDID, '--', "it's ok"],
    ]);
    expect(idbInputArgs(UDID, { kind: 'button', button: 'lock' }, 3)).toEqual([
      ['ui', 'button', '--udid', UDID, 'LOCK'],
    ]);
    expect(idbInputArgs(UDID, { kind: 'key', key: 'ENTER' }, 3)).toEqual([['ui', 'key', '--udid', UDID, '40']]);
    expect(idbInputArgs(UDID, { kind: 'key', key: 'HOME' }, 3)).toEqual([['ui', 'button', '--udid', UDID, 'HOME']]);
    expect(() => idbInputArgs(UDID, { kind: 'key', key: 'BACK' }, 3)).toThrow(/no iOS equivalent/);
  });

  it('maps usage-description keys to the privacy services simctl can grant', () => {
    expect(
      privacyServicesFor([
        'NSCameraUsageDescription',
        'NSLocationWhenInUseUsageDescription',
        'NSLocationAlwaysAndWhenInUseUsageDescription',
        'NSPhotoLibraryUsageDescription',
        'NSPhotoLibraryAddUsageDescription',
        'NSContactsUsageDescription',
        'NSCalendarsFullAccessUsageDescription',
        'NSRemindersUsageDescription',
        'NSMicrophoneUsageDescription',
        'NSMotionUsageDescription',
        'NSAppleMusicUsageDescription',
        'NSSiriUsageDescription',
        'NSBluetoothAlwaysUsageDescription',
        'constructor',
      ]),
    ).toEqual([
      'calendar',
      'contacts',
      'location',
      'location-always',
      'media-library',
      'microphone',
      'motion',
      'photos',
      'photos-add',
      'reminders',
      'siri',
    ]);
    expect(privacyServicesFor(['NSCameraUsageDescription', 'NSFaceIDUsageDescription'])).toEqual([]);
  });

  it('tells a missing, busy or shut-down simulator from a failing tool', () => {
    expect(classifySimctlFailure('Invalid device: 4F6C2A6E-8D0B-4E7B-9E22-2C1B3E6F8A11')).toMatchObject({
      code: 'UNKNOWN_DEVICE',
    });
    expect(classifySimctlFailure('Unable to boot device in current state: Booting')).toMatchObject({
      code: 'DEVICE_BUSY',
    });
    expect(
      classifySimctlFailure('Unable to install applications when the device is not booted. current state: Shutdown'),
    ).toMatchObject({ code: 'NOT_BOOTED' });
    expect(
      classifySimctlFailure('An error was encountered processing the command (domain=IXErrorDomain, code=13)'),
    ).toBeNull();
  });

  it('builds simctl launch with arguments', () => {
    expect(simctlLaunchArgs(UDID, 'dev.simdeck.sample', { user: 'demo', debug: true, n: 2 })).toEqual([
      'launch',
      '--terminate-running-process',
      UDID,
      'dev.simdeck.sample',
      '-user',
      'demo',
      '-debug',
      'YES',
      '-n',
      '2',
    ]);
  });
});

describe('ios driver over node-simctl and idb, against stand-in tools', () => {
  let tmp: string;
  let zip: string;
  let apk: string;
  let png: Buffer;
  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-ios-'));
    zip = await buildSampleIosZip(path.join(tmp, 'sample.zip'));
    apk = await buildSampleApk(path.join(tmp, 'sample.apk'));
    png = await sharp({ create: { width: 117, height: 255, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('installs an unpacked .app, launches, drives input and reads the UI', { timeout: 90_000 }, async () => {
    const container = path.join(tmp, 'container');
    fs.mkdirSync(path.join(container, 'Documents'), { recursive: true });
    fs.writeFileSync(path.join(container, 'Documents', 'notes.db'), 'x');
    const bin = path.join(tmp, 'bin-1');
    const xcrun = fakeTool(bin, 'xcrun', [
      { prefix: 'simctl list -j devices', stdout: fx('list-devices.json') },
      { prefix: `simctl io ${UDID} screenshot`, writeArg: { index: 4, content: png } },
      { prefix: 'simctl listapps', stdout: fx('listapps.txt') },
      { prefix: 'simctl get_app_container', stdout: `${container}\n` },
      { prefix: 'simctl boot', stderr: fx('boot-already-booted.txt'), exit: 149 },
      { prefix: 'simctl terminate', stderr: 'found nothing to terminate', exit: 3 },
      { prefix: '' },
    ]);
    const idb = fakeTool(bin, 'idb', [
      { prefix: `describe --json --udid ${UDID}`, stdout: fx('idb-describe.json') },
      { prefix: 'ui describe-all', stdout: fx('idb-describe-all.json') },
      { prefix: 'ui' },
    ]);
    const driver = createIosDriver({ xcrun: xcrun.path, idb: idb.path, workDir: tmp, sleep: async () => undefined });
    const simctl = () => xcrun.calls().map((c) => c.argv.slice(1));
    const list = await driver.listDevices();
    expect(list[0]).toEqual({
      deviceId: UDID,
      name: 'iPhone 15 Pro',
      model: 'iPhone 15 Pro',
      type: 'ios',
      category: 'phone',
      osVersion: '17.5',
    });

    // "Already booted" is not a failure (node-simctl's own bootDevice would throw it).
    expect(await driver.boot(UDID)).toEqual({ width: 117, height: 255, rotation: 0 });
    expect(simctl()).toContainEqual(['bootstatus', UDID, '-b']);
    expect(await driver.install(UDID, zip)).toEqual({
      packageName: 'dev.simdeck.sample',
      name: 'Simdeck Sample',
      version: '1.2.0',
      permissionsGranted: true,
    });
    // The bundle is unpacked, with its executable bit, when simctl sees it.
    const install = xcrun.calls().find((c) => c.argv[1] === 'install')!;
    const entries = install.files[install.argv[3]!] as { name: string; mode: number; text?: string }[];
    expect(entries.find((e) => e.name === 'Info.plist')?.text).toContain('<string>dev.simdeck.sample</string>');
    expect(entries.find((e) => e.name === 'SimdeckSample')!.mode & 0o111).not.toBe(0);
    // The sample declares only the camera, which simctl cannot grant.
    expect(simctl().filter((c) => c[0] === 'privacy')).toEqual([]);
    expect(fs.readdirSync(tmp).filter((f) => f.startsWith('simdeck-ios-'))).toEqual([]);
    await expect(driver.install(UDID, apk)).rejects.toMatchObject({ code: 'INVALID_PACKAGE' });

    await driver.launch(UDID, 'dev.simdeck.sample', { params: { user: 'demo' } });
    expect(simctl().at(-1)).toEqual([
      'launch',
      '--terminate-running-process',
      UDID,
      'dev.simdeck.sample',
      '-user',
      'demo',
    ]);
    const lists = () => simctl().filter((c) => c[0] === 'list').length;
    const listed = lists();
    await driver.input(UDID, { kind: 'tap', x: 600, y: 1200 });
    expect(idb.calls().at(-1)!.argv).toEqual(['ui', 'tap', '--udid', UDID, '200', '400']);
    await driver.input(UDID, { kind: 'touch', phase: 'start', x: 600, y: 1500 });
    await driver.input(UDID, { kind: 'touch', phase: 'end', x: 600, y: 1503 });
    expect(idb.calls().at(-1)!.argv).toEqual(['ui', 'tap', '--udid', UDID, '200', '500']);
    // A simulator just seen booted takes input without a simctl listing per event.
    expect(lists()).toBe(listed);
    const tree = await driver.uiTree(UDID);
    expect(tree.children.find((c) => c.id === 'username')?.text).toBe('demo');
    // So does a UI-tree read.
    expect(lists()).toBe(listed);
    expect(await driver.listApps(UDID)).toEqual([
      { packageName: 'com.example.Notes', name: 'Notes "Pro"', version: '2024.11' },
      { packageName: 'dev.simdeck.sample', name: 'Simdeck Sample', version: '1.2.0' },
    ]);
    await driver.clearData(UDID, 'dev.simdeck.sample');
    expect(simctl().slice(-2)).toEqual([
      ['terminate', UDID, 'dev.simdeck.sample'],
      ['get_app_container', UDID, 'dev.simdeck.sample', 'data'],
    ]);
    expect(fs.readdirSync(container)).toEqual(['Documents']);
    expect(fs.readdirSync(path.join(container, 'Documents'))).toEqual([]);
    await expect(driver.rotate(UDID, 90)).rejects.toMatchObject({ code: 'UNSUPPORTED' });

    const shot = await driver.screenshot(UDID);
    expect((await sharp(shot.jpeg).metadata()).format).toBe('jpeg');
    await expect(driver.screenshot('9A1D7C52-3E4F-4B8A-8C1D-6E2F0A9B7C33')).rejects.toMatchObject({
      code: 'NOT_BOOTED',
    });
    await expect(driver.screenshot('00000000-0000-0000-0000-000000000000')).rejects.toMatchObject({
      code: 'UNKNOWN_DEVICE',
    });
    await driver.uninstall(UDID, 'dev.simdeck.sample');
    expect(simctl().at(-1)).toEqual(['uninstall', UDID, 'dev.simdeck.sample']);
    await driver.shutdown(UDID);
    expect(simctl().slice(-2)).toEqual([
      ['shutdown', UDID],
      ['erase', UDID],
    ]);
  });

  it('tells a missing app, a failed boot, a timeout and a missing xcrun apart', async () => {
    const bin = path.join(tmp, 'bin-2');
    const xcrun = fakeTool(bin, 'xcrun', [
      { prefix: 'simctl list -j devices', stdout: fx('list-devices.json') },
      {
        prefix: 'simctl launch',
        stderr:
          'An error was encountered processing the command (domain=FBSOpenApplicationServiceErrorDomain, code=4):\nThe request to open "com.example.Gone" failed.',
        exit: 4,
      },
      { prefix: 'simctl boot', stderr: 'Unable to boot device because it cannot be located on disk.', exit: 164 },
      { prefix: 'simctl uninstall', delayMs: 3000 },
      { prefix: '' },
    ]);
    const driver = createIosDriver({ xcrun: xcrun.path, idb: path.join(bin, 'no-idb'), workDir: tmp });
    await expect(driver.launch(UDID, 'com.example.Gone')).rejects.toMatchObject({ code: 'APP_NOT_INSTALLED' });
    const boot = await driver.boot(UDID).catch((e: unknown) => e);
    expect(boot).toMatchObject({ code: 'TOOL_FAILED', message: 'simctl boot failed' });
    expect((boot as { diagnostic: string }).diagnostic).toContain('cannot be located on disk');
    // A call past its limit (node-simctl's exec timeout) is TIMEOUT.
    await expect(
      createSimctlClient({ xcrunPath: xcrun.path }).call('uninstall', UDID, (s) => s.removeApp('x.y'), {
        timeoutMs: 300,
      }),
    ).rejects.toMatchObject({ code: 'TIMEOUT', message: 'simctl uninstall did not finish in time' });
    await expect(createIosDriver({ xcrun: path.join(bin, 'no-xcrun') }).listDevices()).rejects.toMatchObject({
      code: 'TOOL_FAILED',
      message: 'xcrun is not installed on the device host',
    });
  });
});

describe('ios driver permissions at install', () => {
  let tmp: string;
  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-ios-perm-'));
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  /** The sample bundle with extra usage-description keys in its Info.plist. */
  function zipDeclaring(name: string, usageKeys: string[]): Promise<string> {
    const info = parsePlist(sampleInfoPlist()) as Record<string, string>;
    for (const k of usageKeys) info[k] = 'The sample needs this.';
    const out = path.join(tmp, name);
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from(buildPlist(info)), 'Perms.app/Info.plist');
    zip.addBuffer(Buffer.from('#!/bin/sh\n'), 'Perms.app/SimdeckSample', { mode: 0o100755 });
    zip.end();
    return new Promise((resolve, reject) => {
      zip.outputStream
        .pipe(fs.createWriteStream(out))
        .on('close', () => resolve(out))
        .on('error', reject);
    });
  }

  function recordingXcrun(dir: string, rules: FakeToolRule[] = []) {
    const xcrun = fakeTool(path.join(tmp, dir), 'xcrun', [
      { prefix: 'simctl list -j devices', stdout: fx('list-devices.json') },
      ...rules,
      { prefix: '' },
    ]);
    const calls = () => xcrun.calls().map((c) => c.argv.join(' '));
    return { xcrun, calls };
  }

  it('grants the services the app declares when asked, and none otherwise', async () => {
    const zip = await zipDeclaring('perms.zip', [
      'NSLocationWhenInUseUsageDescription',
      'NSPhotoLibraryUsageDescription',
    ]);
    const { xcrun, calls } = recordingXcrun('bin-grant');
    const driver = createIosDriver({ xcrun: xcrun.path, workDir: tmp });
    expect(await driver.install(UDID, zip)).toMatchObject({
      packageName: 'dev.simdeck.sample',
      permissionsGranted: true,
    });
    expect(calls().filter((c) => c.includes(' privacy '))).toEqual([
      `simctl privacy ${UDID} grant location dev.simdeck.sample`,
      `simctl privacy ${UDID} grant photos dev.simdeck.sample`,
    ]);
    xcrun.clearCalls();
    expect(await driver.install(UDID, zip, { grantPermissions: false })).toMatchObject({ permissionsGranted: false });
    expect(calls().some((c) => c.startsWith('simctl install'))).toBe(true);
    expect(calls().filter((c) => c.includes(' privacy '))).toEqual([]);
  });

  it('reports a grant that simctl refuses without its output', async () => {
    const zip = await zipDeclaring('mic.zip', ['NSMicrophoneUsageDescription']);
    const { xcrun } = recordingXcrun('bin-refuse', [
      { prefix: 'simctl privacy', stderr: 'Operation not permitted on /Users/ci/Library/Developer', exit: 1 },
    ]);
    const err = await createIosDriver({ xcrun: xcrun.path, workDir: tmp })
      .install(UDID, zip)
      .catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 'TOOL_FAILED',
      message: 'the app was installed but simctl could not grant its microphone permission',
    });
    expect((err as { diagnostic: string }).diagnostic).toContain('Operation not permitted');
  });
});
