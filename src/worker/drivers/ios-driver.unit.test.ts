import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build as buildPlist, parse as parsePlist } from 'plist';
import yazl from 'yazl';
import { buildSampleApk, buildSampleIosZip, sampleInfoPlist } from '../../../examples/build-sample-app';
import type { Run } from './exec';
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

describe('ios driver over the exec seam', () => {
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

  it('installs an unpacked .app, launches, drives input and reads the UI', async () => {
    const calls: string[] = [];
    let installedApp: string | null = null;
    const container = path.join(tmp, 'container');
    fs.mkdirSync(path.join(container, 'Documents'), { recursive: true });
    fs.writeFileSync(path.join(container, 'Documents', 'notes.db'), 'x');
    const run: Run = async (cmd, args) => {
      const line = [cmd, ...args].join(' ');
      calls.push(line);
      const ok = (s: string | Buffer) => ({ stdout: Buffer.isBuffer(s) ? s : Buffer.from(s), stderr: '', exitCode: 0 });
      if (line === 'xcrun simctl list -j devices') return ok(fx('list-devices.json'));
      if (line.startsWith('xcrun simctl io')) return ok(png);
      if (line.startsWith('xcrun simctl install')) {
        const app = args[3]!;
        // The bundle must be unpacked with its executable bit when simctl sees it.
        installedApp = fs.readFileSync(path.join(app, 'Info.plist'), 'utf8');
        expect(fs.statSync(path.join(app, 'SimdeckSample')).mode & 0o111).not.toBe(0);
        return ok('');
      }
      if (line === `idb describe --json --udid ${UDID}`) return ok(fx('idb-describe.json'));
      if (line.startsWith('idb ui describe-all')) return ok(fx('idb-describe-all.json'));
      if (line.startsWith('xcrun simctl listapps')) return ok(fx('listapps.txt'));
      if (line.startsWith('xcrun simctl get_app_container')) return ok(`${container}\n`);
      if (line.startsWith('xcrun simctl boot '))
        return { stdout: Buffer.alloc(0), stderr: fx('boot-already-booted.txt'), exitCode: 149 };
      if (line.startsWith('xcrun simctl terminate'))
        return { stdout: Buffer.alloc(0), stderr: 'found nothing to terminate', exitCode: 3 };
      return ok('');
    };
    const driver = createIosDriver({ run, workDir: tmp, sleep: async () => undefined });
    const list = await driver.listDevices();
    expect(list[0]).toEqual({
      deviceId: UDID,
      name: 'iPhone 15 Pro',
      model: 'iPhone 15 Pro',
      type: 'ios',
      category: 'phone',
      osVersion: '17.5',
    });

    expect(await driver.boot(UDID)).toEqual({ width: 117, height: 255, rotation: 0 });
    expect(await driver.install(UDID, zip)).toEqual({
      packageName: 'dev.simdeck.sample',
      name: 'Simdeck Sample',
      version: '1.2.0',
      permissionsGranted: true,
    });
    expect(installedApp).toContain('<string>dev.simdeck.sample</string>');
    // The sample declares only the camera, which simctl cannot grant.
    expect(calls.filter((c) => c.includes(' privacy '))).toEqual([]);
    expect(fs.readdirSync(tmp).filter((f) => f.startsWith('simdeck-ios-'))).toEqual([]);
    await expect(driver.install(UDID, apk)).rejects.toMatchObject({ code: 'INVALID_PACKAGE' });

    await driver.launch(UDID, 'dev.simdeck.sample', { params: { user: 'demo' } });
    expect(calls.at(-1)).toBe(`xcrun simctl launch --terminate-running-process ${UDID} dev.simdeck.sample -user demo`);
    await driver.input(UDID, { kind: 'tap', x: 600, y: 1200 });
    expect(calls.at(-1)).toBe(`idb ui tap --udid ${UDID} 200 400`);
    await driver.input(UDID, { kind: 'touch', phase: 'start', x: 600, y: 1500 });
    await driver.input(UDID, { kind: 'touch', phase: 'end', x: 600, y: 1503 });
    expect(calls.at(-1)).toBe(`idb ui tap --udid ${UDID} 200 500`);

    const tree = await driver.uiTree(UDID);
    expect(tree.children.find((c) => c.id === 'username')?.text).toBe('demo');
    expect(await driver.listApps(UDID)).toEqual([
      { packageName: 'com.example.Notes', name: 'Notes "Pro"', version: '2024.11' },
      { packageName: 'dev.simdeck.sample', name: 'Simdeck Sample', version: '1.2.0' },
    ]);
    await driver.clearData(UDID, 'dev.simdeck.sample');
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

  function recordingRun() {
    const calls: string[] = [];
    const run: Run = async (cmd, args) => {
      calls.push([cmd, ...args].join(' '));
      const out = args.join(' ') === 'simctl list -j devices' ? fx('list-devices.json') : '';
      return { stdout: Buffer.from(out), stderr: '', exitCode: 0 };
    };
    return { run, calls };
  }

  it('grants the services the app declares when asked, and none otherwise', async () => {
    const zip = await zipDeclaring('perms.zip', [
      'NSLocationWhenInUseUsageDescription',
      'NSPhotoLibraryUsageDescription',
    ]);
    const { run, calls } = recordingRun();
    const driver = createIosDriver({ run, workDir: tmp });
    expect(await driver.install(UDID, zip)).toMatchObject({
      packageName: 'dev.simdeck.sample',
      permissionsGranted: true,
    });
    expect(calls.filter((c) => c.includes(' privacy '))).toEqual([
      `xcrun simctl privacy ${UDID} grant location dev.simdeck.sample`,
      `xcrun simctl privacy ${UDID} grant photos dev.simdeck.sample`,
    ]);
    calls.length = 0;
    expect(await driver.install(UDID, zip, { grantPermissions: false })).toMatchObject({ permissionsGranted: false });
    expect(calls.some((c) => c.startsWith('xcrun simctl install'))).toBe(true);
    expect(calls.filter((c) => c.includes(' privacy '))).toEqual([]);
  });

  it('reports a grant that simctl refuses without its output', async () => {
    const zip = await zipDeclaring('mic.zip', ['NSMicrophoneUsageDescription']);
    const run: Run = async (_cmd, args) => {
      if (args.join(' ') === 'simctl list -j devices')
        return { stdout: Buffer.from(fx('list-devices.json')), stderr: '', exitCode: 0 };
      if (args[1] === 'privacy')
        return {
          stdout: Buffer.alloc(0),
          stderr: 'Operation not permitted on /Users/ci/Library/Developer',
          exitCode: 1,
        };
      return { stdout: Buffer.alloc(0), stderr: '', exitCode: 0 };
    };
    const err = await createIosDriver({ run, workDir: tmp })
      .install(UDID, zip)
      .catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 'TOOL_FAILED',
      message: 'the app was installed but simctl could not grant its microphone permission',
    });
    expect((err as { diagnostic: string }).diagnostic).toContain('Operation not permitted');
  });
});
