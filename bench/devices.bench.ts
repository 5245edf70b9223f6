import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSampleApk } from '../examples/build-sample-app';
import { createAndroidDriver } from '../src/worker/drivers/android-driver';
import type { AndroidStreamMode } from '../src/worker/drivers/android-screen';
import { createAdbKit } from '../src/worker/drivers/adbkit-run';
import type { DeviceDriver, UiNode } from '../src/worker/driver';
import { startAdbStandin } from '../test/support/adb-standin';
import { ADB_BIN, freePort, killAdbServer } from '../test/support/adb-standin/adb-server';
import type { BenchRow } from './harness';

/**
 * Real-device paths measured through the stand-in device (test/support/adb-standin): the Android
 * driver, the adbkit client and Debian's adb server as with an emulator, but the device is a
 * virtual one behind the adb transport protocol. Per stream kind (minicap; screenrecord's H.264 on
 * an Android 14 stand-in, where no minicap build exists, counting access units, with the JPEG
 * frames ffmpeg decodes from them beside; the screencap + input fallback): frames per second
 * during a continuous drag, tap → changed frame p50/p95,
 * UI tree time (`uiautomator dump`) and create → active (connect + list + boot); beside the
 * fallback row, the same device with taps as the UiAutomator2 server's W3C actions (the
 * driver's input call alone is timed beside, as its frames come from the same polling; a drag's
 * moves are replayed at its end there, so it shows no frames during the drag). Two more rows
 * compare the UI tree's two paths on the same screen: `uiautomator dump` and Appium's UiAutomator2
 * server (first read: install + instrument + session + source; then reads on the running server).
 * Emulator and simulator rows are printed as "not measured here": no emulator runs on this machine.
 */
function pct(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  return Number((s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0).toFixed(1));
}

const find = (n: UiNode, id: string): UiNode | undefined =>
  n.id?.endsWith(`:id/${id}`) ? n : n.children.map((c) => find(c, id)).find(Boolean);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function measure(
  label: string,
  device: {
    abi?: string;
    sdk?: number;
    osVersion?: string;
    video?: boolean;
    mode?: AndroidStreamMode;
    /** `auto`: where minitouch cannot run, input goes through the UiAutomator2 server's actions. */
    uia2?: 'auto' | 'off';
    name?: string;
  },
): Promise<BenchRow> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-bench-devices-'));
  const apk = await buildSampleApk(path.join(tmp, 'sample.apk'));
  const standin = await startAdbStandin({
    model: 'Pixel 8',
    abi: device.abi,
    sdk: device.sdk,
    osVersion: device.osVersion,
  });
  const port = await freePort();
  let driver: DeviceDriver | null = null;
  let inputSource = 'minitouch';
  try {
    const t0 = performance.now();
    await createAdbKit({ bin: ADB_BIN!, port }).client.connect(standin.serial);
    driver = createAndroidDriver({
      adb: ADB_BIN!,
      adbServerPort: port,
      hostSeed: 'bench',
      streamMode: device.mode,
      uia2: device.uia2 ?? 'off',
      onInputSource: (_serial, s) => (inputSource = s),
    });
    const spec = (await driver.listDevices()).find((d) => d.model === 'Pixel 8')!;
    const id = spec.deviceId;
    const screen = await driver.boot(id);
    const createToActive = performance.now() - t0;

    await driver.install(id, apk);
    await driver.launch(id, 'dev.simdeck.sample');
    const treeMs: number[] = [];
    for (let i = 0; i < 10; i++) {
      const s = performance.now();
      await driver.uiTree(id);
      treeMs.push(performance.now() - s);
    }
    const tree = await driver.uiTree(id);
    const fields = ['username', 'password'].map((f) => find(tree, f)!.bounds);

    // The frames counted: JPEG frames, or the H.264 units for the H.264 source (its decoded JPEG
    // frames are counted beside).
    let count = 0;
    let jpegs = 0;
    let waiter: (() => void) | null = null;
    const seen = () => {
      count++;
      waiter?.();
    };
    await driver.startStream(
      id,
      () => {
        jpegs++;
        if (!device.video) seen();
      },
      device.video ? seen : undefined,
    );
    const deadline = Date.now() + 10_000;
    while (count === 0 && Date.now() < deadline) await sleep(20);
    await sleep(300);

    // Tap → changed frame: alternate focus between the two fields; each tap changes the screen.
    const tapMs: number[] = [];
    // How long the driver's input call itself takes (the input path's own cost, before any frame).
    const callMs: number[] = [];
    for (let i = 0; i < 20; i++) {
      const b = fields[i % 2]!;
      const before = count;
      const s = performance.now();
      const arrived = new Promise<void>((r) => (waiter = () => count > before && r()));
      await driver.input(id, { kind: 'tap', x: b.x + b.width / 2, y: b.y + b.height / 2 });
      callMs.push(performance.now() - s);
      await Promise.race([arrived, sleep(2000)]);
      waiter = null;
      if (count > before) tapMs.push(performance.now() - s);
      await sleep(50);
    }

    // Sign in: the items list scrolls under a drag.
    await driver.input(id, { kind: 'tap', x: fields[0]!.x + 5, y: fields[0]!.y + 5 });
    await sleep(100);
    await driver.input(id, { kind: 'text', text: 'demo' });
    await driver.input(id, { kind: 'tap', x: fields[1]!.x + 5, y: fields[1]!.y + 5 });
    await sleep(100);
    await driver.input(id, { kind: 'text', text: 'secret' });
    const signIn = find(await driver.uiTree(id), 'sign-in')!.bounds;
    await driver.input(id, { kind: 'tap', x: signIn.x + signIn.width / 2, y: signIn.y + signIn.height / 2 });
    await sleep(300);
    // Frames per second while a finger drags the list up and down for 2 s (a move every 16 ms).
    const x = screen.width / 2;
    const y0 = screen.height * 0.7;
    await driver.input(id, { kind: 'touch', phase: 'start', x, y: y0 });
    const start = count;
    const startJpegs = jpegs;
    const t1 = performance.now();
    for (let i = 0; performance.now() - t1 < 2000; i++) {
      await driver.input(id, { kind: 'touch', phase: 'move', x, y: y0 - 200 * Math.abs(Math.sin(i / 10)) });
      await sleep(16);
    }
    const seconds = (performance.now() - t1) / 1000;
    const fps = (count - start) / seconds;
    const jpegFps = (jpegs - startJpegs) / seconds;
    await driver.input(id, { kind: 'touch', phase: 'end', x, y: y0 });
    await driver.stopStream(id);
    return {
      name: device.name ?? `Android via stand-in (${label})`,
      input_by: inputSource,
      screen: `${screen.width}x${screen.height}`,
      stream_fps: Number(fps.toFixed(1)),
      jpeg_fps: Number(jpegFps.toFixed(1)),
      tap_to_frame_p50_ms: pct(tapMs, 50),
      tap_to_frame_p95_ms: pct(tapMs, 95),
      taps_seen: `${tapMs.length}/20`,
      tap_call_p50_ms: pct(callMs, 50),
      ui_tree_p50_ms: pct(treeMs, 50),
      create_to_active_ms: Number(createToActive.toFixed(0)),
    };
  } finally {
    await driver?.close();
    killAdbServer(port);
    await standin.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** UI tree reads on the sample's login screen through one path: the first read, then 20 more. */
async function measureTree(label: string, uia2: 'auto' | 'off'): Promise<BenchRow> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-bench-tree-'));
  const apk = await buildSampleApk(path.join(tmp, 'sample.apk'));
  const standin = await startAdbStandin({ model: 'Pixel 8' });
  const port = await freePort();
  let driver: DeviceDriver | null = null;
  try {
    await createAdbKit({ bin: ADB_BIN!, port }).client.connect(standin.serial);
    let source = 'dump';
    driver = createAndroidDriver({
      adb: ADB_BIN!,
      adbServerPort: port,
      hostSeed: 'bench-tree',
      uia2,
      onUiTreeSource: (_serial, s) => (source = s),
    });
    const id = (await driver.listDevices()).find((d) => d.model === 'Pixel 8')!.deviceId;
    await driver.boot(id);
    await driver.install(id, apk);
    await driver.launch(id, 'dev.simdeck.sample');
    const t0 = performance.now();
    await driver.uiTree(id);
    const first = performance.now() - t0;
    const ms: number[] = [];
    for (let i = 0; i < 20; i++) {
      const s = performance.now();
      await driver.uiTree(id);
      ms.push(performance.now() - s);
    }
    return {
      name: `UI tree via ${label} (stand-in)`,
      served_by: source,
      first_tree_ms: Number(first.toFixed(0)),
      ui_tree_p50_ms: pct(ms, 50),
      ui_tree_p95_ms: pct(ms, 95),
    };
  } finally {
    await driver?.close();
    killAdbServer(port);
    await standin.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

export default async function bench(): Promise<BenchRow[]> {
  const notHere = (name: string): BenchRow => ({
    name,
    screen: 'not measured here',
    stream_fps: null,
    jpeg_fps: null,
    tap_to_frame_p50_ms: null,
    tap_to_frame_p95_ms: null,
    taps_seen: null,
    ui_tree_p50_ms: null,
    create_to_active_ms: null,
  });
  const rows: BenchRow[] = [];
  if (!ADB_BIN) rows.push(notHere('Android via stand-in (adb is not installed)'));
  else {
    rows.push(await measure('minicap + minitouch', {}));
    // Android 14: no minicap build, so screenrecord's H.264 (ffmpeg on the host encodes it for the stand-in).
    rows.push(await measure('H.264 screenrecord + minitouch', { sdk: 34, osVersion: '14', video: true }));
    // An ABI without prebuilt helpers, minicap pinned: screencap polling and `input`, the fallback path.
    rows.push(await measure('screencap + input fallback', { abi: 'riscv64', mode: 'minicap' }));
    // The same device with the UiAutomator2 server on: taps as W3C actions on its one connection.
    rows.push(
      await measure('screencap + UiAutomator2 actions', {
        abi: 'riscv64',
        mode: 'minicap',
        uia2: 'auto',
        name: 'tap → changed frame via UiAutomator2 actions (stand-in)',
      }),
    );
    rows.push(await measureTree('uiautomator dump', 'off'));
    rows.push(await measureTree('UiAutomator2 server', 'auto'));
  }
  rows.push(
    notHere('Android emulator, real host (goal: ≥30 fps, tap→frame p50 ≤100 ms, tree ≤300 ms, snapshot boot ≤10 s)'),
  );
  rows.push(notHere('UI tree via UiAutomator2 server, real emulator (goal: ≤300 ms)'));
  rows.push(notHere('Android emulator H.264 (screenrecord), real host'));
  rows.push(notHere('iOS simulator, real host (goal: ≥30 fps, tap→frame p50 ≤150 ms)'));
  return rows;
}
