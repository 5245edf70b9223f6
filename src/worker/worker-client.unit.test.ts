import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { buildSampleApk } from '../../examples/build-sample-app';
import type { DeviceDriver, DeviceSpec } from './driver';
import { createAndroidDriver, createIosDriver, createVirtualDriver } from './drivers/index';
import { execRun } from './drivers/exec';
import { DEVICE_CATALOG_VERSION } from './device-catalog';
import { deviceFromWire, INCOMPATIBLE_CATALOG_CLOSE_CODE, type WireDevice } from './protocol';
import { WorkerClient } from './worker-client';

/**
 * The worker client against a control plane stand-in on loopback that speaks the protocol:
 * welcome after hello, commands out, results back, and the package file for `install`.
 */

let tmp: string;
let apk: string;
beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-wc-'));
  apk = await buildSampleApk(path.join(tmp, 'sample.apk'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

interface Result {
  request_id: string;
  ok: boolean;
  data?: unknown;
  error?: string;
  code?: string;
}

interface Session {
  devices: DeviceSpec[];
  /** The catalog version the worker announced in its hello. */
  catalogVersion: unknown;
  logged: { obj: unknown; msg?: string }[];
  command(deviceId: string, op: string, args?: Record<string, unknown>): Promise<Result>;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function connect(driver: DeviceDriver): Promise<Session> {
  const server = http.createServer((req, res) => {
    if (req.url === '/files/sample.apk') fs.createReadStream(apk).pipe(res);
    else res.writeHead(404).end();
  });
  const wss = new WebSocketServer({ server, path: '/api/v1/workers/connect' });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const hello = new Promise<{ socket: WebSocket; devices: DeviceSpec[]; catalogVersion: unknown }>((resolve) => {
    wss.on('connection', (socket) => {
      socket.on('message', (raw) => {
        const msg = JSON.parse(raw.toString()) as {
          type: string;
          devices?: WireDevice[];
          worker_id?: string;
          catalog_version?: unknown;
        };
        if (msg.type === 'hello') {
          socket.send(JSON.stringify({ type: 'welcome', worker_id: msg.worker_id }));
          resolve({ socket, devices: (msg.devices ?? []).map(deviceFromWire), catalogVersion: msg.catalog_version });
        }
      });
    });
  });
  const logged: Session['logged'] = [];
  const log = (obj: unknown, msg?: string) => logged.push({ obj, msg });
  const client = new WorkerClient({
    serverUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    token: 'worker-token',
    workerId: 'wkr-test',
    driver,
    reconnect: false,
    heartbeatMs: 60_000,
    log: { info: log, warn: log, error: log },
  });
  await client.start();
  const { socket, devices, catalogVersion } = await hello;
  cleanups.push(async () => {
    await client.close();
    await driver.close();
    wss.close();
    await new Promise((r) => server.close(r));
  });
  let n = 0;
  return {
    devices,
    catalogVersion,
    logged,
    command(deviceId, op, args = {}) {
      const request_id = `r${++n}`;
      return new Promise((resolve) => {
        const onMessage = (raw: Buffer, isBinary: boolean) => {
          if (isBinary) return;
          const msg = JSON.parse(raw.toString()) as Result & { type: string };
          if (msg.type !== 'result' || msg.request_id !== request_id) return;
          socket.off('message', onMessage);
          resolve(msg);
        };
        socket.on('message', onMessage);
        socket.send(JSON.stringify({ type: 'command', request_id, device_id: deviceId, op, args }));
      });
    },
  };
}

describe('worker results carry the driver code and a clean message', () => {
  it('a virtual launch of an app that is not installed is APP_NOT_INSTALLED; bad arguments are INVALID_INPUT', async () => {
    const driver = createVirtualDriver({
      devices: 'Pixel 8:android:phone:14:1',
      dataDir: path.join(tmp, 'v1'),
      hostSeed: 'h',
    });
    const s = await connect(driver);
    const id = s.devices[0]!.deviceId;
    expect(await s.command(id, 'boot')).toMatchObject({ ok: true });
    expect(await s.command(id, 'launch', { package_name: 'com.example.missing' })).toEqual({
      type: 'result',
      request_id: expect.any(String),
      ok: false,
      code: 'APP_NOT_INSTALLED',
      error: 'com.example.missing is not installed on this device',
    });
    expect(await s.command(id, 'launch', { package_name: 'com.example.app; reboot' })).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
      error: expect.stringMatching(/^package_name must be an Android package name/),
    });
    expect(await s.command(id, 'launch', {})).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
      error: 'package_name must be a non-empty string',
    });
    expect(await s.command(id, 'input', { kind: 'long_press', x: 1, y: 1, durationMs: '1; reboot' })).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
    });
    expect(await s.command(id, 'rotate', { rotation: '90' })).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
      error: 'rotation must be 0, 90, 180 or 270',
    });
    expect(await s.command(id, 'format_disk')).toMatchObject({ ok: false, code: 'UNSUPPORTED' });
    expect(await s.command('00000000-0000-4000-8000-000000000000', 'screenshot')).toMatchObject({
      ok: false,
      code: 'UNKNOWN_DEVICE',
    });
    expect(s.logged.some((l) => l.msg === 'device command failed')).toBe(true);
  });

  it('install honours grant_permissions, default true, and list_apps shows the flag', async () => {
    const driver = createVirtualDriver({
      devices: 'Pixel 8:android:phone:14:2',
      dataDir: path.join(tmp, 'v2'),
      hostSeed: 'h',
    });
    const s = await connect(driver);
    const [a, b] = s.devices.map((d) => d.deviceId) as [string, string];
    for (const id of [a, b]) expect(await s.command(id, 'boot')).toMatchObject({ ok: true });
    expect(
      await s.command(a, 'install', { url: '/files/sample.apk', file_name: 'sample.apk', grant_permissions: false }),
    ).toMatchObject({
      ok: true,
      data: { packageName: 'dev.simdeck.sample', permissionsGranted: false },
    });
    expect(await s.command(a, 'list_apps')).toMatchObject({
      ok: true,
      data: [{ packageName: 'dev.simdeck.sample', permissionsGranted: false }],
    });
    expect(await s.command(b, 'install', { url: '/files/sample.apk', file_name: 'sample.apk' })).toMatchObject({
      ok: true,
      data: { permissionsGranted: true },
    });
    expect(await s.command(b, 'list_apps')).toMatchObject({
      ok: true,
      data: [{ packageName: 'dev.simdeck.sample', permissionsGranted: true }],
    });
    expect(await s.command(a, 'install', { url: '/files/sample.apk', grant_permissions: 'no' })).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
      error: 'grant_permissions must be a boolean',
    });
    expect(await s.command(a, 'install', { url: '/files/missing.apk' })).toMatchObject({
      ok: false,
      code: 'WORKER_FAILED',
      error: 'the worker could not download the package (HTTP 404)',
    });
  });
});

describe('the device-command catalog between worker and control plane', () => {
  it('the worker announces the catalog version it speaks and checks arguments for the device platform', async () => {
    const driver = createVirtualDriver({
      devices: 'iPhone 15:ios:phone:17.5:1',
      dataDir: path.join(tmp, 'v3'),
      hostSeed: 'h',
    });
    const s = await connect(driver);
    expect(s.catalogVersion).toBe(DEVICE_CATALOG_VERSION);
    const id = s.devices[0]!.deviceId;
    expect(await s.command(id, 'boot')).toMatchObject({ ok: true, data: { rotation: 0 } });
    // An iOS device: an Android activity and a bundle id with a leading '-' are refused before the driver.
    expect(await s.command(id, 'launch', { package_name: 'com.example.App', activity_name: '.Main' })).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
      error: 'activity_name: only Android apps have activities',
    });
    expect(await s.command(id, 'terminate', { package_name: '-com.example.App' })).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
      error: expect.stringMatching(/^package_name must be an iOS bundle id/),
    });
    // A package is fetched from the control plane only: never from another host with the worker's token.
    expect(await s.command(id, 'install', { url: 'https://elsewhere.example/p.apk' })).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
      error: 'url must be a path on the control plane',
    });
  });

  it('a worker refused for another catalog version says why, stops and does not reconnect', async () => {
    const server = http.createServer();
    const wss = new WebSocketServer({ server, path: '/api/v1/workers/connect' });
    let connections = 0;
    wss.on('connection', (socket) => {
      connections += 1;
      socket.once('message', () =>
        socket.close(
          INCOMPATIBLE_CATALOG_CLOSE_CODE,
          'this worker speaks device-command catalog 2; this server speaks 3',
        ),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const logged: { obj: unknown; msg?: string }[] = [];
    const log = (obj: unknown, msg?: string) => logged.push({ obj, msg });
    const driver = createVirtualDriver({ devices: 'Pixel 8:android:phone:14:1', dataDir: path.join(tmp, 'v4') });
    const client = new WorkerClient({
      serverUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      token: 'worker-token',
      workerId: 'wkr-old',
      driver,
      heartbeatMs: 60_000,
      log: { info: log, warn: log, error: log },
    });
    cleanups.push(async () => {
      await client.close();
      await driver.close();
      wss.close();
      await new Promise((r) => server.close(r));
    });
    await expect(client.start()).rejects.toThrow(
      'the control plane refused this worker: this worker speaks device-command catalog 2; this server speaks 3',
    );
    expect(logged).toContainEqual({
      obj: { code: INCOMPATIBLE_CATALOG_CLOSE_CODE, reason: expect.stringContaining('catalog 2') },
      msg: 'the control plane refused this worker',
    });
    // Reconnecting would meet the same refusal: the client stays down (its first retry would come after 200 ms).
    await new Promise((r) => setTimeout(r, 400));
    expect(connections).toBe(1);
  });
});

describe('a failing device tool', () => {
  const SECRET = 'connect to build-host-7.corp.internal failed: /home/ci/.android/adbkey secret-7f3a';
  let bin: string;
  let savedPath: string | undefined;
  beforeAll(() => {
    bin = fs.mkdtempSync(path.join(tmp, 'bin-'));
    const fixture = (p: string) => path.resolve(__dirname, '../../test/fixtures', p);
    const script = (name: string, body: string) =>
      fs.writeFileSync(path.join(bin, name), `#!/bin/sh\n${body}\n`, { mode: 0o755 });
    script(
      'adb',
      `case "$*" in
  "devices -l") printf 'List of devices attached\\nemulator-5554 device product:sdk model:sdk transport_id:1\\n' ;;
  "-s emulator-5554 shell getprop") cat '${fixture('adb/getprop-emulator.txt')}' ;;
  *"pm clear"*) echo "error: device offline" >&2; exit 1 ;;
  *) echo "${SECRET}" >&2; exit 1 ;;
esac`,
    );
    script(
      'xcrun',
      `case "$*" in
  "simctl list -j devices") cat '${fixture('simctl/list-devices.json')}' ;;
  *) echo "${SECRET}" >&2; exit 1 ;;
esac`,
    );
    savedPath = process.env.PATH;
    process.env.PATH = `${bin}${path.delimiter}${savedPath ?? ''}`;
  });
  afterAll(() => {
    process.env.PATH = savedPath;
  });

  function expectClean(r: Result): void {
    for (const leak of ['build-host', 'corp.internal', '/home/ci', 'adbkey', 'secret-7f3a', bin])
      expect(r.error).not.toContain(leak);
  }

  it('android: TOOL_FAILED without the stderr in the result, which goes to the log; offline is DEVICE_OFFLINE', async () => {
    // The adb CLI runner (the adbkit client would start this fake adb as its server).
    const s = await connect(createAndroidDriver({ run: execRun, hostSeed: 'h', avdHome: path.join(tmp, 'no-avds') }));
    const id = s.devices[0]!.deviceId;
    const r = await s.command(id, 'terminate', { package_name: 'com.example.app' });
    expect(r).toMatchObject({ ok: false, code: 'TOOL_FAILED', error: 'adb am force-stop failed' });
    expectClean(r);
    expect(JSON.stringify(s.logged)).toContain('secret-7f3a');
    const offline = await s.command(id, 'clear_data', { package_name: 'com.example.app' });
    expect(offline).toMatchObject({
      ok: false,
      code: 'DEVICE_OFFLINE',
      error: 'the device is offline or has not authorized its host',
    });
  });

  it('ios: TOOL_FAILED without the stderr in the result', async () => {
    const s = await connect(createIosDriver({ workDir: tmp }));
    const booted = s.devices.find((d) => d.name === 'iPhone 15 Pro')!.deviceId;
    const r = await s.command(booted, 'uninstall', { package_name: 'com.example.App' });
    expect(r).toMatchObject({ ok: false, code: 'TOOL_FAILED', error: 'simctl uninstall failed' });
    expectClean(r);
    expect(JSON.stringify(s.logged)).toContain('secret-7f3a');
    const ui = await s.command(booted, 'ui_tree');
    expect(ui).toMatchObject({ ok: false, code: 'TOOL_FAILED', error: 'idb is not installed on the device host' });
  });

  it('a host whose tools fail to list devices still registers, with none', async () => {
    const s = await connect(
      createAndroidDriver({ adb: path.join(bin, 'missing-adb'), emulator: path.join(bin, 'missing-emulator') }),
    );
    expect(s.devices).toEqual([]);
    expect(s.logged.some((l) => l.msg === 'listing devices failed')).toBe(true);
  });
});
