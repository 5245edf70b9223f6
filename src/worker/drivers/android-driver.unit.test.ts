import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSampleApk } from '../../../examples/build-sample-app';
import {
  amStartArgs,
  categoryFromProps,
  classifyAdbFailure,
  inputArgs,
  parseAdbDevices,
  parseDumpsysVersion,
  parseGetprop,
  parsePmListPackages,
  parsePmResult,
  parseResolvedActivity,
  parseWmSize,
} from './adb-commands';
import { emulatorArgs, parseAvdConfig, snapshotLoadArgs } from './avd';
import { parseUia2Mode } from './android-ui-tree';
import { parseUiautomatorXml } from './uiautomator';
import { createAndroidDriver } from './android-driver';
import type { Run } from './exec';

const FIX = path.resolve(__dirname, '../../../test/fixtures/adb');
const fx = (name: string) => fs.readFileSync(path.join(FIX, name), 'utf8');

describe('adb output parsing', () => {
  it('parses adb devices -l', () => {
    const d = parseAdbDevices(fx('devices-l.txt'));
    expect(d.map((x) => [x.serial, x.state])).toEqual([
      ['emulator-5554', 'device'],
      ['38201FDH2000QK', 'device'],
      ['0A281FDD4001YQ', 'unauthorized'],
      ['emulator-5556', 'offline'],
    ]);
    expect(d[1]!.attrs).toMatchObject({ model: 'Pixel_8', product: 'shiba', transport_id: '3', usb: '1-1' });
  });

  it('parses getprop and derives the category', () => {
    const p = parseGetprop(fx('getprop-emulator.txt'));
    expect(p['ro.boot.qemu.avd_name']).toBe('Pixel_8_API_34');
    expect(p['ro.build.version.release']).toBe('14');
    expect(p['ro.kernel.qemu']).toBe('');
    expect(categoryFromProps(p)).toBe('phone');
    expect(categoryFromProps(parseGetprop(fx('getprop-tablet.txt')))).toBe('tablet');
    expect(categoryFromProps(parseGetprop(fx('getprop-tv.txt')))).toBe('tv');
  });

  it('parses wm size, pm list packages, dumpsys, resolve-activity and pm results', () => {
    expect(parseWmSize(fx('wm-size.txt'))).toEqual({ width: 1080, height: 2400 });
    expect(parseWmSize(fx('wm-size-override.txt'))).toEqual({ width: 1080, height: 2340 });
    expect(parsePmListPackages(fx('pm-list-packages.txt'))).toEqual([
      { packageName: 'com.example.shop', versionCode: '40123' },
      { packageName: 'dev.simdeck.sample', versionCode: '12' },
    ]);
    expect(parsePmListPackages('package:/data/app/~~x==/com.a.b-1/base.apk=com.a.b\n')).toEqual([
      { packageName: 'com.a.b', versionCode: null },
    ]);
    expect(parseDumpsysVersion(fx('dumpsys-package.txt'))).toEqual({ versionName: '1.2.0', versionCode: '12' });
    expect(parseResolvedActivity(fx('resolve-activity.txt'))).toBe('dev.simdeck.sample/.MainActivity');
    expect(parseResolvedActivity('No activity found\n')).toBeNull();
    expect(parsePmResult(fx('install-success.txt'))).toEqual({ ok: true });
    expect(parsePmResult(fx('install-failure.txt'))).toEqual({
      ok: false,
      reason: expect.stringMatching(/^INSTALL_FAILED_UPDATE_INCOMPATIBLE/),
    });
  });

  it('parses AVD config.ini files', () => {
    expect(parseAvdConfig(fx('avd/Pixel_8_API_34.avd/config.ini'))).toEqual({
      displayName: 'Pixel 8 API 34',
      model: 'Pixel 8',
      apiLevel: 34,
      category: 'phone',
    });
    expect(parseAvdConfig(fx('avd/Pixel_Tablet_API_34.avd/config.ini')).category).toBe('tablet');
    expect(parseAvdConfig(fx('avd/Television_1080p_API_33.avd/config.ini'))).toMatchObject({
      apiLevel: 33,
      category: 'tv',
    });
  });

  it('converts a uiautomator dump into a UI tree', () => {
    const tree = parseUiautomatorXml(fx('uiautomator-dump.xml'));
    expect(tree.bounds).toEqual({ x: 0, y: 0, width: 1080, height: 2400 });
    const flat: (typeof tree)[] = [];
    const walk = (n: typeof tree) => {
      flat.push(n);
      n.children.forEach(walk);
    };
    walk(tree);
    const byId = (id: string) => flat.find((n) => n.id === id)!;
    expect(byId('dev.simdeck.sample:id/username')).toMatchObject({
      role: 'input',
      text: 'demo',
      focused: true,
      bounds: { x: 55, y: 450, width: 970, height: 121 },
    });
    expect(byId('dev.simdeck.sample:id/remember')).toMatchObject({
      role: 'toggle',
      text: 'Remember me',
      checked: true,
    });
    expect(byId('dev.simdeck.sample:id/sign_in')).toMatchObject({ role: 'button', enabled: false });
    expect(byId('dev.simdeck.sample:id/items').role).toBe('list');
    expect(new Set(flat.map((n) => n.ref)).size).toBe(flat.length);
  });

  it('converts a UiAutomator2 page source (class-named elements, every window) into the same tree', () => {
    const tree = parseUiautomatorXml(fx('uiautomator2-source.xml'));
    // The display's size from the hierarchy element, not the first window's bounds.
    expect(tree).toMatchObject({ role: 'screen', bounds: { x: 0, y: 0, width: 1080, height: 2400 } });
    const flat: (typeof tree)[] = [];
    const walk = (n: typeof tree) => {
      flat.push(n);
      n.children.forEach(walk);
    };
    walk(tree);
    const byId = (id: string) => flat.find((n) => n.id === id);
    expect(byId('dev.simdeck.sample:id/username')).toMatchObject({
      role: 'input',
      text: 'demo',
      focused: true,
      enabled: true,
      bounds: { x: 55, y: 450, width: 970, height: 121 },
    });
    expect(byId('dev.simdeck.sample:id/password')).toMatchObject({ role: 'input', text: '••••••', focused: false });
    expect(byId('dev.simdeck.sample:id/remember')).toMatchObject({
      role: 'toggle',
      text: 'Remember me',
      checked: true,
    });
    // No content-desc attribute at all on most elements; the icon button is named by its own.
    expect(byId('dev.simdeck.sample:id/settings')).toMatchObject({ role: 'button', text: 'Settings' });
    expect(byId('dev.simdeck.sample:id/sign_in')).toMatchObject({ role: 'button', enabled: false });
    expect(byId('dev.simdeck.sample:id/items')!.children.map((c) => c.text)).toEqual(['Item 1', 'Item 2']);
    // displayed="false" views are left out with what they hold, as `uiautomator dump` does.
    expect(byId('dev.simdeck.sample:id/hidden_panel')).toBeUndefined();
    expect(flat.some((n) => n.text === 'Offline banner')).toBe(false);
    // Every window: the app's, the status bar's and a toast.
    expect(tree.children.map((c) => c.id ?? c.text)).toEqual([
      null,
      'com.android.systemui:id/status_bar_container',
      'Saved',
    ]);
    expect(byId('com.android.systemui:id/clock')!.text).toBe('12:00');
    expect(new Set(flat.map((n) => n.ref)).size).toBe(flat.length);
  });

  it('reads SIMDECK_ANDROID_UIA2 and refuses other values', () => {
    expect(parseUia2Mode(undefined)).toBe('auto');
    expect(parseUia2Mode(' off ')).toBe('off');
    expect(parseUia2Mode('auto')).toBe('auto');
    expect(() => parseUia2Mode('on')).toThrow(/SIMDECK_ANDROID_UIA2 must be auto or off/);
  });

  it('cuts a tree deeper than 200 levels', () => {
    const open = Array.from(
      { length: 300 },
      (_, i) => `<android.view.View index="0" class="android.view.View" text="d${i}" bounds="[0,0][10,10]">`,
    );
    const close = '</android.view.View>'.repeat(300);
    const tree = parseUiautomatorXml(`<hierarchy index="0" class="hierarchy">${open.join('')}${close}</hierarchy>`);
    let depth = 0;
    for (let n = tree; n.children[0]; n = n.children[0]) depth++;
    expect(depth).toBe(200);
  });

  it('refuses XML without a hierarchy', () => {
    expect(() => parseUiautomatorXml('<html><body/></html>')).toThrow(/no hierarchy/);
  });
});

describe('adb command building', () => {
  it('maps input events to input commands', () => {
    expect(inputArgs({ kind: 'tap', x: 10.4, y: 20.6 })).toEqual([['input', 'tap', '10', '21']]);
    expect(inputArgs({ kind: 'swipe', x: 1, y: 2, x2: 3, y2: 4, durationMs: 500 })).toEqual([
      ['input', 'swipe', '1', '2', '3', '4', '500'],
    ]);
    expect(inputArgs({ kind: 'long_press', x: 5, y: 6 })).toEqual([['input', 'swipe', '5', '6', '5', '6', '800']]);
    expect(inputArgs({ kind: 'key', key: 'back' })).toEqual([['input', 'keyevent', 'KEYCODE_BACK']]);
    expect(inputArgs({ kind: 'key', key: 'KEYCODE_DPAD_UP' })).toEqual([['input', 'keyevent', 'KEYCODE_DPAD_UP']]);
    expect(inputArgs({ kind: 'button', button: 'HOME' })).toEqual([['input', 'keyevent', 'KEYCODE_HOME']]);
    expect(() => inputArgs({ kind: 'key', key: 'BACK; reboot' })).toThrow(/key must be a key name/);
    expect(inputArgs({ kind: 'text', text: 'a b' })).toEqual([['input', 'text', 'a%sb']]);
  });

  it('tells an offline, missing or connecting device from a failing tool', () => {
    expect(classifyAdbFailure("adb: device 'emulator-5554' not found")).toMatchObject({ code: 'DEVICE_OFFLINE' });
    expect(classifyAdbFailure('error: no devices/emulators found')).toMatchObject({ code: 'DEVICE_OFFLINE' });
    expect(
      classifyAdbFailure("error: device unauthorized.\nThis adb server's $ADB_VENDOR_KEYS is not set"),
    ).toMatchObject({ code: 'DEVICE_OFFLINE' });
    expect(classifyAdbFailure('error: device still authorizing')).toMatchObject({ code: 'DEVICE_BUSY' });
    expect(classifyAdbFailure('/system/bin/sh: uiautomator: inaccessible or not found')).toBeNull();
  });

  it('builds am start with typed extras', () => {
    expect(amStartArgs('com.p/.Main', { user: "o'hara", count: 3, big: 2 ** 40, ratio: 0.5, debug: true })).toEqual([
      'am',
      'start',
      '-W',
      '-n',
      'com.p/.Main',
      '--es',
      'user',
      "o'hara",
      '--ei',
      'count',
      '3',
      '--el',
      'big',
      String(2 ** 40),
      '--ef',
      'ratio',
      '0.5',
      '--ez',
      'debug',
      'true',
    ]);
  });
});

describe('android driver over the exec seam', () => {
  let tmp: string;
  let apk: string;
  let png: Buffer;
  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-adb-'));
    apk = await buildSampleApk(path.join(tmp, 'sample.apk'));
    png = await sharp({ create: { width: 108, height: 240, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  function fakeAdb(responses: Record<string, string | Buffer>) {
    const calls: string[] = [];
    const run: Run = async (cmd, args) => {
      const line = [cmd, ...args].join(' ');
      calls.push(line);
      const hit = Object.entries(responses).find(
        ([k]) => line === k || line.endsWith(k) || (k.startsWith('~') && line.includes(k.slice(1))),
      );
      if (!hit) return { stdout: Buffer.alloc(0), stderr: '', exitCode: 0 };
      const out = hit[1];
      return { stdout: Buffer.isBuffer(out) ? out : Buffer.from(out), stderr: '', exitCode: 0 };
    };
    return { run, calls };
  }

  it('lists running devices and idle AVDs with stable ids, and drives an app', async () => {
    const { run, calls } = fakeAdb({
      'adb devices -l': fx('devices-l.txt'),
      'adb -s emulator-5554 shell getprop': fx('getprop-emulator.txt'),
      'adb -s 38201FDH2000QK shell getprop': fx('getprop-phone.txt'),
      'emulator -list-avds': fx('list-avds.txt'),
      'shell wm size': fx('wm-size.txt'),
      'shell settings get system user_rotation': '0\n',
      'shell getprop sys.boot_completed': '1\n',
      '~ install -r ': fx('install-success.txt'),
      'shell cmd package resolve-activity --brief -c android.intent.category.LAUNCHER dev.simdeck.sample':
        fx('resolve-activity.txt'),
      'shell pm clear dev.simdeck.sample': 'Success\n',
      'exec-out screencap -p': png,
      'exec-out cat /sdcard/simdeck-ui.xml': fx('uiautomator-dump.xml'),
      'shell pm list packages -3 --show-versioncode': fx('pm-list-packages.txt'),
      'shell dumpsys package dev.simdeck.sample': fx('dumpsys-package.txt'),
      'shell dumpsys package com.example.shop': '    versionCode=40123 minSdk=24 targetSdk=34\n    versionName=4.1.0\n',
    });
    const driver = createAndroidDriver({
      run,
      avdHome: path.join(FIX, 'avd'),
      hostSeed: 'h1',
      sleep: async () => undefined,
    });
    const devices = await driver.listDevices();
    expect(devices.map((d) => [d.name, d.model, d.category, d.osVersion])).toEqual([
      ['Pixel 8 API 34', 'Pixel 8', 'phone', '14'],
      ['Pixel 8', 'Pixel 8', 'phone', '14'],
      ['Pixel Tablet API 34', 'Pixel Tablet', 'tablet', '14'],
      ['Television (1080p) API 33', 'Tv 1080p', 'tv', '13'],
    ]);
    const again = await createAndroidDriver({ run, avdHome: path.join(FIX, 'avd'), hostSeed: 'h1' }).listDevices();
    expect(again.map((d) => d.deviceId)).toEqual(devices.map((d) => d.deviceId));

    const emu = devices[0]!.deviceId;
    expect(await driver.boot(emu)).toEqual({ width: 1080, height: 2400, rotation: 0 });
    calls.length = 0;
    const run2 = run;
    void run2;
    await expect(driver.install(emu, apk)).resolves.toEqual({
      packageName: 'dev.simdeck.sample',
      name: 'Simdeck Sample',
      version: '1.2.0',
      permissionsGranted: true,
    });
    expect(calls).toContain(`adb -s emulator-5554 install -r -g ${apk}`);
    await expect(driver.install(emu, apk, { grantPermissions: false })).resolves.toMatchObject({
      permissionsGranted: false,
    });
    expect(calls.at(-1)).toBe(`adb -s emulator-5554 install -r ${apk}`);

    await driver.launch(emu, 'dev.simdeck.sample', { params: { user: 'demo user', n: 2 } });
    expect(calls.at(-1)).toBe(
      `adb -s emulator-5554 shell am start -W -n dev.simdeck.sample/.MainActivity --es user 'demo user' --ei n 2`,
    );
    await driver.launch(emu, 'dev.simdeck.sample', { activity: '.SettingsActivity' });
    expect(calls.at(-1)).toBe('adb -s emulator-5554 shell am start -W -n dev.simdeck.sample/.SettingsActivity');

    await driver.input(emu, { kind: 'text', text: 'demo user' });
    expect(calls.at(-1)).toBe('adb -s emulator-5554 shell input text demo%suser');
    await driver.input(emu, { kind: 'touch', phase: 'start', x: 100, y: 900 });
    await driver.input(emu, { kind: 'touch', phase: 'move', x: 100, y: 600 });
    await driver.input(emu, { kind: 'touch', phase: 'end', x: 100, y: 300 });
    expect(calls.at(-1)).toMatch(/^adb -s emulator-5554 shell input swipe 100 900 100 300 \d+$/);

    await driver.rotate(emu, 90);
    expect(calls.slice(-4, -2)).toEqual([
      'adb -s emulator-5554 shell settings put system accelerometer_rotation 0',
      'adb -s emulator-5554 shell settings put system user_rotation 1',
    ]);

    const shot = await driver.screenshot(emu);
    const meta = await sharp(shot.jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 108, 240]);

    const tree = await driver.uiTree(emu);
    expect(calls).toContain('adb -s emulator-5554 shell uiautomator dump /sdcard/simdeck-ui.xml');
    expect(tree.children[0]!.bounds.width).toBe(1080);

    expect(await driver.listApps(emu)).toEqual([
      { packageName: 'com.example.shop', name: 'com.example.shop', version: '4.1.0' },
      { packageName: 'dev.simdeck.sample', name: 'dev.simdeck.sample', version: '1.2.0' },
    ]);
    await driver.clearData(emu, 'dev.simdeck.sample');
    expect(calls.at(-1)).toBe('adb -s emulator-5554 shell pm clear dev.simdeck.sample');
    await driver.terminate(emu, 'dev.simdeck.sample');
    expect(calls.at(-1)).toBe('adb -s emulator-5554 shell am force-stop dev.simdeck.sample');
  });

  it('boots an idle AVD through the emulator and reports install failures', async () => {
    const spawned: string[] = [];
    const { run } = fakeAdb({
      'adb devices -l': 'List of devices attached\n\n',
      'emulator -list-avds': 'Pixel_8_API_34\n',
      'shell wm size': fx('wm-size.txt'),
      'shell getprop sys.boot_completed': '1\n',
      '~ install -r -g ': fx('install-failure.txt'),
    });
    const driver = createAndroidDriver({
      run,
      avdHome: path.join(FIX, 'avd'),
      hostSeed: 'h1',
      sleep: async () => undefined,
      spawn: (cmd, args) => {
        spawned.push([cmd, ...args].join(' '));
        return { pid: 1, kill: () => undefined };
      },
    });
    const [avd] = await driver.listDevices();
    await expect(driver.screenshot(avd!.deviceId)).rejects.toMatchObject({ code: 'NOT_BOOTED' });
    await driver.boot(avd!.deviceId);
    expect(spawned).toEqual([
      'emulator -avd Pixel_8_API_34 -port 5580 -no-window -no-audio -no-boot-anim -no-snapshot-save -read-only',
    ]);
    await expect(driver.install(avd!.deviceId, apk)).rejects.toMatchObject({
      code: 'INVALID_PACKAGE',
      message: 'the device refused the package (INSTALL_FAILED_UPDATE_INCOMPATIBLE)',
    });
    await expect(driver.boot('nope')).rejects.toMatchObject({ code: 'UNKNOWN_DEVICE' });
  });
});

describe('snapshot boot and reset commands', () => {
  it('boots from a named snapshot without saving back, and loads one to reset', () => {
    expect(emulatorArgs('Pixel_8_API_34', 5580, { snapshot: 'simdeck-ready' })).toEqual([
      '-avd',
      'Pixel_8_API_34',
      '-port',
      '5580',
      '-snapshot',
      'simdeck-ready',
      '-no-window',
      '-no-audio',
      '-no-boot-anim',
      '-no-snapshot-save',
      '-read-only',
    ]);
    expect(emulatorArgs('Pixel_8_API_34', 5580)).not.toContain('-snapshot');
    expect(snapshotLoadArgs('emulator-5580', 'simdeck-ready')).toEqual([
      '-s',
      'emulator-5580',
      'emu',
      'avd',
      'snapshot',
      'load',
      'simdeck-ready',
    ]);
    for (const bad of ['-wipe-data', 'a b', '../x', ''])
      expect(() => snapshotLoadArgs('emulator-5580', bad)).toThrow(/snapshot names/);
    expect(() => emulatorArgs('Pixel_8_API_34', 5580, { snapshot: '-no-snapshot' })).toThrow(/snapshot names/);
  });
});
