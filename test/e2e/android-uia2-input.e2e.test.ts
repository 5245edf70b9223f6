import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSampleApk } from '../../examples/build-sample-app';
import type { DeviceDriver, UiNode } from '../../src/worker/driver';
import { createAdbKit } from '../../src/worker/drivers/adbkit-run';
import { createAndroidDriver, type InputSource } from '../../src/worker/drivers/android-driver';
import { type AdbStandin, startAdbStandin } from '../support/adb-standin';
import { ADB_BIN, freePort, killAdbServer } from '../support/adb-standin/adb-server';

/**
 * Input through Appium's UiAutomator2 server where minitouch cannot run, end to end over Debian's
 * adb server: the stand-in device has an ABI no prebuilt minitouch exists for, so taps, swipes,
 * keys and text go to the server's W3C actions, press_keycode and keys routes on the connection
 * the UI tree uses; when the server dies for good, `input` takes over. Skipped without adb.
 */

const find = (n: UiNode, id: string): UiNode | undefined =>
  n.id === id || n.id?.endsWith(`:id/${id}`) ? n : n.children.map((c) => find(c, id)).find(Boolean);
const byId = (n: UiNode, id: string): UiNode => {
  const f = find(n, id);
  if (!f) throw new Error(`no element ${id}`);
  return f;
};
const center = (n: UiNode) => ({ x: n.bounds.x + n.bounds.width / 2, y: n.bounds.y + n.bounds.height / 2 });
const count = (list: string[], re: RegExp) => list.filter((x) => re.test(x)).length;
const inputShells = (s: AdbStandin) => s.opened.filter((o) => /^(shell|exec):input /.test(o));

describe.skipIf(!ADB_BIN)('android input through the UiAutomator2 server where minitouch cannot run', () => {
  let tmp: string;
  let standin: AdbStandin;
  let adbPort: number;
  let driver: DeviceDriver;
  let deviceId: string;
  const told: { source: InputSource; reason: string }[] = [];

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-uia2-input-'));
    const apk = await buildSampleApk(path.join(tmp, 'sample.apk'));
    // An ABI the prebuilt packages have no minitouch build for (as an Android 10+ emulator without root).
    standin = await startAdbStandin({ model: 'Pixel 8', sdk: 34, osVersion: '14', abi: 'riscv64' });
    adbPort = await freePort();
    await createAdbKit({ bin: ADB_BIN!, port: adbPort }).client.connect(standin.serial);
    driver = createAndroidDriver({
      adb: ADB_BIN!,
      adbServerPort: adbPort,
      hostSeed: 'uia2-input-e2e',
      uia2StartTimeoutMs: 10_000,
      onInputSource: (_serial, source, reason) => told.push({ source, reason }),
    });
    deviceId = (await driver.listDevices()).find((d) => d.model === 'Pixel 8')!.deviceId;
    await driver.boot(deviceId);
    await driver.install(deviceId, apk);
    await driver.launch(deviceId, 'dev.simdeck.sample');
  });

  afterAll(async () => {
    await driver?.close();
    killAdbServer(adbPort);
    await standin?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('taps and types through the server: the screen changes, the focused field gets the text', async () => {
    const before = await driver.screenshot(deviceId);
    let tree = await driver.uiTree(deviceId);
    expect(byId(tree, 'username').focused).toBe(false);
    await driver.input(deviceId, { kind: 'tap', ...center(byId(tree, 'username')) });
    // The server answers once the chain ran: the next read sees its effect without waiting.
    tree = await driver.uiTree(deviceId);
    expect(byId(tree, 'username').focused).toBe(true);
    expect((await driver.screenshot(deviceId)).jpeg.equals(before.jpeg)).toBe(false);
    await driver.input(deviceId, { kind: 'text', text: 'demo' });
    expect(byId(await driver.uiTree(deviceId), 'username').text).toBe('demo');
    await driver.input(deviceId, { kind: 'tap', ...center(byId(tree, 'password')) });
    await driver.input(deviceId, { kind: 'text', text: 'secret' });
    await driver.input(deviceId, { kind: 'tap', ...center(byId(await driver.uiTree(deviceId), 'sign-in')) });
    expect(byId(await driver.uiTree(deviceId), 'welcome').text).toBe('Welcome, demo');

    const { requests } = standin.device.uia2;
    expect(count(requests, /^POST \/session\/:id\/actions$/)).toBe(3);
    expect(count(requests, /^POST \/session\/:id\/keys$/)).toBe(2);
    // One server for tree and input, no `input` command, no minitouch.
    expect(standin.device.uia2.started).toBe(1);
    expect(count(standin.opened, /^shell:am instrument/)).toBe(1);
    expect(inputShells(standin)).toEqual([]);
    expect(standin.opened).not.toContain('localabstract:minitouch');
    expect(told).toEqual([
      { source: 'uiautomator2', reason: expect.stringMatching(/^actions through the server on host port \d+$/) },
    ]);
  });

  it('a swipe scrolls the list, a streamed drag too, and BACK goes back', async () => {
    const tree = await driver.uiTree(deviceId);
    const x = tree.bounds.width / 2;
    const y = tree.bounds.height * 0.7;
    // How far an item both trees show moved up.
    const items = (t: UiNode): UiNode[] => [...(/item-\d+$/.test(t.id ?? '') ? [t] : []), ...t.children.flatMap(items)];
    const scrolled = (a: UiNode, b: UiNode) => {
      const later = new Map(items(b).map((n) => [n.id, n.bounds.y]));
      const common = items(a).find((n) => later.has(n.id));
      if (!common) throw new Error('no item on both screens');
      return common.bounds.y - later.get(common.id)!;
    };
    await driver.input(deviceId, { kind: 'swipe', x, y, x2: x, y2: y - 150, durationMs: 200 });
    const afterSwipe = await driver.uiTree(deviceId);
    expect(scrolled(tree, afterSwipe)).toBeGreaterThan(0);
    // Touch phases: start and moves are kept, the end sends them as one chain.
    const actions = () => count(standin.device.uia2.requests, /actions$/);
    const sent = actions();
    await driver.input(deviceId, { kind: 'touch', phase: 'start', x, y });
    await driver.input(deviceId, { kind: 'touch', phase: 'move', x, y: y - 100 });
    await driver.input(deviceId, { kind: 'touch', phase: 'move', x, y: y - 200 });
    expect(actions()).toBe(sent);
    await driver.input(deviceId, { kind: 'touch', phase: 'end', x, y: y - 200 });
    expect(actions()).toBe(sent + 1);
    const afterDrag = await driver.uiTree(deviceId);
    expect(scrolled(afterSwipe, afterDrag)).toBeGreaterThan(0);

    const item = items(afterDrag).find((n) => n.bounds.y > y / 2 && n.bounds.y + n.bounds.height < y)!;
    await driver.input(deviceId, { kind: 'tap', ...center(item) });
    expect(byId(await driver.uiTree(deviceId), 'detail-title').text).toBe(item.text);
    await driver.input(deviceId, { kind: 'key', key: 'BACK' });
    const back = await driver.uiTree(deviceId);
    expect(find(back, 'detail-title')).toBeUndefined();
    expect(find(back, item.id!)).toBeDefined();
    expect(count(standin.device.uia2.requests, /press_keycode$/)).toBe(1);
    // A point the device refuses (off its screen) is the caller's error, not sent again through `input`.
    await expect(driver.input(deviceId, { kind: 'tap', x: x * 2 + 10, y: 10 })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    // Back to the top for the next cases.
    await driver.input(deviceId, { kind: 'swipe', x, y: y - 300, x2: x, y2: y + 100, durationMs: 200 });
    await driver.input(deviceId, { kind: 'swipe', x, y: y - 300, x2: x, y2: y + 100, durationMs: 200 });
    expect(byId(await driver.uiTree(deviceId), 'welcome').text).toBe('Welcome, demo');
    expect(inputShells(standin)).toEqual([]);
  });

  it('ten taps cost no adb service, no shell command and no process on the device', async () => {
    const welcome = center(byId(await driver.uiTree(deviceId), 'welcome'));
    const opened = standin.opened.length;
    const actions = count(standin.device.uia2.requests, /actions$/);
    for (let i = 0; i < 10; i++) await driver.input(deviceId, { kind: 'tap', ...welcome });
    // Nothing opened through adb at all: the taps rode the server's open connection.
    expect(standin.opened.slice(opened)).toEqual([]);
    expect(count(standin.device.uia2.requests, /actions$/)).toBe(actions + 10);
    expect(inputShells(standin)).toEqual([]);
  });

  it('starts a server that died once again and goes on; a key it has no number for goes through `input`', async () => {
    standin.device.uia2.crash();
    const welcome = center(byId(standin.device.virtual.uiTree(), 'welcome'));
    const actions = count(standin.device.uia2.requests, /actions$/);
    await driver.input(deviceId, { kind: 'tap', ...welcome });
    expect(standin.device.uia2.started).toBe(2);
    expect(count(standin.device.uia2.requests, /actions$/)).toBe(actions + 1);
    expect(inputShells(standin)).toEqual([]);
    // NUMPAD_5 is a key name `input keyevent` takes; the table of numbers has none for it.
    await driver.input(deviceId, { kind: 'key', key: 'NUMPAD_5' });
    expect(inputShells(standin)).toEqual(['shell:input keyevent KEYCODE_NUMPAD_5']);
    expect(standin.device.uia2.isRunning).toBe(true);
    expect(told.map((t) => t.source)).toEqual(['uiautomator2']);
  });

  it('falls back to `input` when the server dies and cannot start again, says so once, and still works', async () => {
    const item = center(byId(await driver.uiTree(deviceId), 'open-settings'));
    standin.device.uia2.mode = 'crash';
    standin.device.uia2.crash();
    const shells = inputShells(standin).length;
    await driver.input(deviceId, { kind: 'tap', ...item });
    // The tap arrived through `input` and opened the settings screen.
    expect(inputShells(standin).slice(shells)).toEqual([`shell:input tap ${Math.round(item.x)} ${Math.round(item.y)}`]);
    expect(find(standin.device.virtual.uiTree(), 'open-settings')).toBeUndefined();
    expect(told.map((t) => t.source)).toEqual(['uiautomator2', 'input']);
    expect(told[1]!.reason).toMatch(/the UiAutomator2 server failed: .*Process crashed/);
    // The next events go straight to `input`: no second try of the server, no second log line.
    const instrumented = count(standin.opened, /^shell:am instrument/);
    await driver.input(deviceId, { kind: 'key', key: 'BACK' });
    expect(inputShells(standin).at(-1)).toBe('shell:input keyevent KEYCODE_BACK');
    expect(byId(standin.device.virtual.uiTree(), 'welcome').text).toBe('Welcome, demo');
    expect(count(standin.opened, /^shell:am instrument/)).toBe(instrumented);
    expect(told).toHaveLength(2);
    // The tree falls back with it (the dump), and the forward is gone.
    expect(find(await driver.uiTree(deviceId), 'welcome')).toBeDefined();
    expect(standin.opened).toContain('shell:uiautomator dump /sdcard/simdeck-ui.xml');
    expect(standin.device.uia2.isRunning).toBe(false);
  });
});
