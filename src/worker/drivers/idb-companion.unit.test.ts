import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fakeTool } from '../../../test/harness/fake-apple-tools';
import { type FakeCompanion, type FakeHidCall, startFakeCompanion } from '../../../test/harness/fake-idb-companion';
import { KEY_NAMES, normalizeKeyCode } from '../key-names';
import { iosKeyAction, idbInputArgs } from './idb-commands';
import { reportedAddress } from './idb-companion';
import { type IdbPath, idbCompanionSettings } from './idb-companions';
import { createIosDriver, type IosDriverOptions } from './ios-driver';

/**
 * The iOS driver's input and UI tree over gRPC, against a stand-in companion: a real grpc-js
 * server on loopback built from the vendored idb.proto (test/harness/fake-idb-companion.ts). The
 * simulator list comes from the stand-in xcrun, the command-line fallback from the stand-in idb.
 */

const FIX = path.resolve(__dirname, '../../../test/fixtures/simctl');
const fx = (name: string) => fs.readFileSync(path.join(FIX, name), 'utf8');
const UDID = '4F6C2A6E-8D0B-4E7B-9E22-2C1B3E6F8A11';
const SCREEN = (JSON.parse(fx('idb-describe.json')) as { screen_dimensions: never }).screen_dimensions;

let tmp: string;
let bins = 0;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-idb-grpc-'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function companion(socketPath?: string, port?: number): Promise<FakeCompanion> {
  const c = await startFakeCompanion({
    describeAllJson: fx('idb-describe-all.json'),
    screen: SCREEN,
    socketPath,
    port,
  });
  onTestFinished(() => c.stop());
  return c;
}

/** A driver on stand-in xcrun and idb; its input paths are recorded. */
function device(options: IosDriverOptions) {
  bins += 1;
  const bin = path.join(tmp, `bin-${bins}`);
  const xcrun = fakeTool(bin, 'xcrun', [
    { prefix: 'simctl list -j devices', stdout: fx('list-devices.json') },
    { prefix: '' },
  ]);
  const idb = fakeTool(bin, 'idb', [
    { prefix: `describe --json --udid ${UDID}`, stdout: fx('idb-describe.json') },
    { prefix: 'ui describe-all', stdout: fx('idb-describe-all.json') },
    { prefix: 'ui' },
  ]);
  const paths: [IdbPath, string][] = [];
  const driver = createIosDriver({
    xcrun: xcrun.path,
    idb: idb.path,
    workDir: tmp,
    idbCompanion: null,
    onInputPath: (udid, p, reason) => {
      expect(udid).toBe(UDID);
      paths.push([p, reason]);
    },
    ...options,
  });
  onTestFinished(() => driver.close());
  const idbUi = () =>
    idb
      .calls()
      .filter((c) => c.argv[0] === 'ui')
      .map((c) => c.argv);
  return { driver, paths, idbUi, bin };
}

const via = (c: FakeCompanion): IosDriverOptions => ({ idbCompanionAddresses: { [UDID]: c.address } });

/** An event the server received, in words: `touch DOWN 200,400`, `key UP 40`, `delay 0.1`. */
function show(e: unknown): string {
  const ev = e as {
    event: string;
    delay?: { duration: number };
    press?: {
      direction: string;
      action: {
        action: string;
        touch?: { point: { x: number; y: number } };
        key?: { keycode: number };
        button?: { button: string };
      };
    };
  };
  if (ev.event === 'delay') return `delay ${ev.delay!.duration}`;
  const { action, direction } = ev.press!;
  if (action.action === 'touch') return `touch ${direction} ${action.touch!.point.x},${action.touch!.point.y}`;
  if (action.action === 'key') return `key ${direction} ${action.key!.keycode}`;
  return `button ${direction} ${action.button!.button}`;
}
const shown = (call: FakeHidCall | undefined) => (call?.events ?? []).map(show);

describe('iOS input over the idb companion', () => {
  it('sends a tap as a touch press DOWN and UP in points', async () => {
    const c = await companion();
    const { driver, paths, idbUi } = device(via(c));
    await driver.input(UDID, { kind: 'tap', x: 600, y: 1200 });
    expect(c.hidCalls.map(shown)).toEqual([['touch DOWN 200,400', 'touch UP 200,400']]);
    expect(c.hidCalls[0]).toMatchObject({ ended: true });
    await driver.input(UDID, { kind: 'long_press', x: 3, y: 4.5, durationMs: 1500 });
    expect(shown(c.hidCalls[1])).toEqual(['touch DOWN 1,1.5', 'delay 1.5', 'touch UP 1,1.5']);
    await driver.input(UDID, { kind: 'double_tap', x: 30, y: 30 });
    expect(shown(c.hidCalls[2])).toEqual([
      'touch DOWN 10,10',
      'touch UP 10,10',
      'delay 0.1',
      'touch DOWN 10,10',
      'touch UP 10,10',
    ]);
    expect(idbUi()).toEqual([]);
    expect(paths).toEqual([['companion', `reached idb's companion at ${c.address}`]]);
  });

  it('sends a swipe as touch moves 10 points apart, then UP at the end', async () => {
    const c = await companion();
    const { driver } = device(via(c));
    await driver.input(UDID, { kind: 'swipe', x: 30, y: 1500, x2: 30, y2: 300, durationMs: 300 });
    const events = shown(c.hidCalls[0]);
    const downs = events.filter((e) => e.startsWith('touch DOWN'));
    // 400 points: 41 points 10 apart, and the end once more (the companion's own expansion).
    expect(downs).toEqual([
      ...Array.from({ length: 41 }, (_, i) => `touch DOWN 10,${500 - 10 * i}`),
      'touch DOWN 10,100',
    ]);
    expect(events.at(-1)).toBe('touch UP 10,100');
    const held = c.hidCalls[0]!.events.reduce(
      (s, e) => s + ((e as { delay?: { duration: number } }).delay?.duration ?? 0),
      0,
    );
    expect(held).toBeCloseTo(0.3, 6);
  });

  it('types text as key presses by HID usage, shifted characters inside a shift press', async () => {
    const c = await companion();
    const { driver, idbUi } = device(via(c));
    await driver.input(UDID, { kind: 'text', text: 'Hi!\n' });
    expect(shown(c.hidCalls[0])).toEqual([
      'key DOWN 225',
      'key DOWN 11',
      'key UP 11',
      'key UP 225',
      'key DOWN 12',
      'key UP 12',
      'key DOWN 225',
      'key DOWN 30',
      'key UP 30',
      'key UP 225',
      'key DOWN 40',
      'key UP 40',
    ]);
    await driver.input(UDID, { kind: 'key', key: 'KEYCODE_DPAD_UP' });
    await driver.input(UDID, { kind: 'key', key: 'HOME' });
    await driver.input(UDID, { kind: 'button', button: 'lock' });
    expect(c.hidCalls.slice(1).map(shown)).toEqual([
      ['key DOWN 82', 'key UP 82'],
      ['button DOWN HOME', 'button UP HOME'],
      ['button DOWN LOCK', 'button UP LOCK'],
    ]);
    // Refused before anything is sent, on either path.
    await expect(driver.input(UDID, { kind: 'text', text: 'café' })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(driver.input(UDID, { kind: 'key', key: 'BACK' })).rejects.toMatchObject({ code: 'UNSUPPORTED' });
    await expect(driver.input(UDID, { kind: 'button', button: 'VOLUME_UP' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    await expect(driver.input(UDID, { kind: 'tap', x: 1e9, y: 1 })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(c.hidCalls).toHaveLength(4);
    expect(idbUi()).toEqual([]);
  });

  it('streams a touch as it happens: DOWN at start, DOWN at each move, UP at the end', async () => {
    const c = await companion();
    const { driver } = device(via(c));
    await driver.input(UDID, { kind: 'touch', phase: 'start', x: 300, y: 600 });
    // The simulator has the finger down before the gesture ends.
    await vi.waitFor(() => expect(shown(c.hidCalls[0])).toEqual(['touch DOWN 100,200']));
    expect(c.hidCalls[0]!.ended).toBe(false);
    await driver.input(UDID, { kind: 'touch', phase: 'move', x: 330, y: 660 });
    await vi.waitFor(() => expect(shown(c.hidCalls[0])).toHaveLength(2));
    await driver.input(UDID, { kind: 'touch', phase: 'end', x: 360, y: 720 });
    expect(shown(c.hidCalls[0])).toEqual(['touch DOWN 100,200', 'touch DOWN 110,220', 'touch UP 120,240']);
    expect(c.hidCalls).toHaveLength(1);
    expect(c.hidCalls[0]!.ended).toBe(true);
  });

  it('sends ten taps over one connection, one hid call each', async () => {
    const c = await companion();
    const { driver } = device(via(c));
    for (let i = 0; i < 10; i++) await driver.input(UDID, { kind: 'tap', x: 30 * i, y: 90 });
    expect(c.hidCalls.map(shown)).toEqual(
      Array.from({ length: 10 }, (_, i) => [`touch DOWN ${10 * i},30`, `touch UP ${10 * i},30`]),
    );
    expect(c.connections()).toEqual({ opened: 1, open: 1 });
    expect(c.describeCalls).toBe(1);
    await driver.close();
    await vi.waitFor(() => expect(c.connections().open).toBe(0));
  });

  it('reads the UI tree with accessibility_info, equal to the command line reading the same JSON', async () => {
    const c = await companion();
    const grpcPath = device(via(c));
    const cliPath = device({});
    const tree = await grpcPath.driver.uiTree(UDID);
    expect(c.accessibilityRequests).toHaveLength(1);
    expect(c.accessibilityRequests[0]).toMatchObject({ format: 'LEGACY' });
    expect(grpcPath.idbUi()).toEqual([]);
    expect(tree.children.find((n) => n.id === 'username')).toMatchObject({
      text: 'demo',
      bounds: { x: 60, y: 711, width: 1059, height: 132 },
    });
    expect(await cliPath.driver.uiTree(UDID)).toEqual(tree);
    expect(cliPath.idbUi()).toEqual([['ui', 'describe-all', '--json', '--udid', UDID]]);
  });

  it('answers a refused hid call as a tool failure and keeps the channel', async () => {
    const c = await companion();
    const { driver, idbUi } = device(via(c));
    c.failNextHid(grpc.status.INTERNAL, 'HID event failed');
    const err = await driver.input(UDID, { kind: 'tap', x: 3, y: 3 }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'TOOL_FAILED', message: 'idb hid failed' });
    expect((err as { diagnostic: string }).diagnostic).toContain('HID event failed');
    await driver.input(UDID, { kind: 'tap', x: 3, y: 3 });
    expect(c.hidCalls).toHaveLength(2);
    expect(idbUi()).toEqual([]);
  });
});

describe('the companion connection: started, lost, unreachable, torn down', () => {
  it('starts idb_companion on a private socket, and stops it when the simulator shuts down', async () => {
    const socket = path.join(tmp, 'started.sock');
    const c = await companion(socket);
    const bin = path.join(tmp, 'companion-bin');
    const started = fakeTool(bin, 'idb_companion', [
      { prefix: '', stdout: `${JSON.stringify({ grpc_path: socket })}\n`, hold: true },
    ]);
    const { driver, paths } = device({ idbCompanion: started.path });
    await driver.input(UDID, { kind: 'tap', x: 600, y: 1200 });
    expect(c.hidCalls.map(shown)).toEqual([['touch DOWN 200,400', 'touch UP 200,400']]);
    const [call] = started.calls();
    expect(call!.argv.slice(0, 3)).toEqual(['--udid', UDID, '--grpc-domain-sock']);
    const socketDir = path.dirname(call!.argv[3]!);
    expect(socketDir.startsWith(tmp)).toBe(true);
    expect(fs.statSync(socketDir).mode & 0o077).toBe(0);
    expect(paths).toEqual([['companion', 'started idb_companion']]);
    // A touch still held when the simulator is torn down ends with it.
    await driver.input(UDID, { kind: 'touch', phase: 'start', x: 3, y: 3 });
    await vi.waitFor(() => expect(c.hidCalls).toHaveLength(2));
    await driver.shutdown(UDID);
    await vi.waitFor(() => expect(c.hidCalls[1]!.ended || c.hidCalls[1]!.cancelled).toBe(true));
    await vi.waitFor(() => expect(() => process.kill(call!.pid, 0)).toThrow());
    expect(fs.existsSync(socketDir)).toBe(false);
    expect(started.calls()).toHaveLength(1);
  });

  it('turns to the command line at once when the companion it started exits', async () => {
    const socket = path.join(tmp, 'exits.sock');
    const c = await companion(socket);
    const started = fakeTool(path.join(tmp, 'exits-bin'), 'idb_companion', [
      { prefix: '', stdout: `${JSON.stringify({ grpc_path: socket })}\n`, hold: true },
    ]);
    const { driver, paths, idbUi } = device({ idbCompanion: started.path, idbCompanionRetryMs: 60_000 });
    await driver.input(UDID, { kind: 'tap', x: 3, y: 3 });
    process.kill(started.calls()[0]!.pid, 'SIGKILL');
    await vi.waitFor(() =>
      expect(paths).toEqual([
        ['companion', 'started idb_companion'],
        ['cli', 'idb_companion exited (SIGKILL)'],
      ]),
    );
    await driver.input(UDID, { kind: 'tap', x: 6, y: 6 });
    expect(c.hidCalls).toHaveLength(1);
    expect(idbUi()).toEqual([['ui', 'tap', '--udid', UDID, '2', '2']]);
  });

  it('closes the channel when the simulator shuts down', async () => {
    const c = await companion();
    const { driver } = device(via(c));
    await driver.input(UDID, { kind: 'touch', phase: 'start', x: 3, y: 3 });
    await vi.waitFor(() => expect(c.hidCalls).toHaveLength(1));
    expect(c.connections().open).toBe(1);
    await driver.shutdown(UDID);
    await vi.waitFor(() => expect(c.connections().open).toBe(0));
    expect(c.hidCalls[0]!.ended || c.hidCalls[0]!.cancelled).toBe(true);
  });

  it('falls back to the idb command line when no companion answers, and says why once', async () => {
    const closed = await freePort();
    const { driver, paths, idbUi } = device({
      idbCompanionAddresses: { [UDID]: `127.0.0.1:${closed}` },
      idbCompanionTimeoutMs: 500,
    });
    await driver.input(UDID, { kind: 'tap', x: 600, y: 1200 });
    await driver.input(UDID, { kind: 'text', text: '-x' });
    await driver.input(UDID, { kind: 'touch', phase: 'start', x: 600, y: 1500 });
    await driver.input(UDID, { kind: 'touch', phase: 'end', x: 600, y: 1503 });
    expect(idbUi()).toEqual([
      ['ui', 'tap', '--udid', UDID, '200', '400'],
      ['ui', 'text', '--udid', UDID, '--', '-x'],
      ['ui', 'tap', '--udid', UDID, '200', '500'],
    ]);
    expect(paths).toHaveLength(1);
    expect(paths[0]![0]).toBe('cli');
    expect(paths[0]![1]).toContain("idb's companion did not answer in time");

    const missing = device({ idbCompanion: path.join(tmp, 'no-such-companion') });
    await missing.driver.input(UDID, { kind: 'tap', x: 3, y: 3 });
    expect(missing.idbUi()).toEqual([['ui', 'tap', '--udid', UDID, '1', '1']]);
    expect(missing.paths.map(([p, why]) => [p, why.split(' (')[0]])).toEqual([
      ['cli', 'idb_companion is not installed on the device host'],
    ]);
  });

  it('tries the companion again after the retry time, in the background, and turns back to it', async () => {
    const port = await freePort();
    let clock = 1_000_000;
    const { driver, paths, idbUi } = device({
      idbCompanionAddresses: { [UDID]: `127.0.0.1:${port}` },
      // Also the second attempt's limit, which must succeed on a loaded machine.
      idbCompanionTimeoutMs: 2_000,
      idbCompanionRetryMs: 30_000,
      now: () => clock,
    });
    await driver.input(UDID, { kind: 'tap', x: 3, y: 3 });
    const c = await companion(undefined, port);
    clock += 29_000;
    await driver.input(UDID, { kind: 'tap', x: 6, y: 6 });
    // No attempt before the retry time: nothing asked the companion anything (a connection the
    // failed attempt's channel may still open while it closes carries no call).
    expect(c.describeCalls).toBe(0);
    expect(c.hidCalls).toEqual([]);
    clock += 1_000;
    // This tap starts the new attempt and still goes through the command line.
    await driver.input(UDID, { kind: 'tap', x: 9, y: 9 });
    expect(idbUi().map((a) => a.at(-1))).toEqual(['1', '2', '3']);
    await vi.waitFor(() => expect(paths.map(([p]) => p)).toEqual(['cli', 'companion']));
    await driver.input(UDID, { kind: 'tap', x: 12, y: 12 });
    expect(c.hidCalls.map(shown)).toEqual([['touch DOWN 4,4', 'touch UP 4,4']]);
    expect(idbUi()).toHaveLength(3);
  });

  it('turns to the command line when the companion goes away mid-session', async () => {
    const c = await companion();
    const { driver, paths, idbUi } = device({ ...via(c), idbCompanionRetryMs: 60_000 });
    await driver.input(UDID, { kind: 'tap', x: 3, y: 3 });
    await c.stop();
    await driver.input(UDID, { kind: 'tap', x: 6, y: 6 });
    await driver.input(UDID, { kind: 'tap', x: 9, y: 9 });
    expect(c.hidCalls).toHaveLength(1);
    expect(idbUi()).toEqual([
      ['ui', 'tap', '--udid', UDID, '2', '2'],
      ['ui', 'tap', '--udid', UDID, '3', '3'],
    ]);
    expect(paths.map(([p]) => p)).toEqual(['companion', 'cli']);
  });

  it('reads the address from the report line the companion prints', () => {
    expect(reportedAddress('{"grpc_path": "/tmp/x/c.sock"}')).toBe('unix:/tmp/x/c.sock');
    expect(reportedAddress('{"grpc_swift_port": 10882, "grpc_port": 10882}')).toBe('127.0.0.1:10882');
    for (const line of [
      '',
      'starting',
      '{"grpc_port": 0}',
      '{"grpc_port": "1; rm"}',
      '{"grpc_path": "rel.sock"}',
      'null',
    ])
      expect(reportedAddress(line)).toBeNull();
  });
});

/** A loopback port nothing listens on. */
async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

describe('companion settings', () => {
  it('reads the companion to start and the companions the operator runs', () => {
    expect(idbCompanionSettings({})).toEqual({ idbCompanion: 'idb_companion', idbCompanionAddresses: {} });
    expect(
      idbCompanionSettings({
        SIMDECK_IDB_COMPANION: 'off',
        SIMDECK_IDB_COMPANIONS: `${UDID}=127.0.0.1:10882, 9A1D7C52-3E4F-4B8A-8C1D-6E2F0A9B7C33=unix:/var/run/idb/c.sock`,
      }),
    ).toEqual({
      idbCompanion: null,
      idbCompanionAddresses: {
        [UDID]: '127.0.0.1:10882',
        '9A1D7C52-3E4F-4B8A-8C1D-6E2F0A9B7C33': 'unix:/var/run/idb/c.sock',
      },
    });
    expect(idbCompanionSettings({ SIMDECK_IDB_COMPANION: '/opt/homebrew/bin/idb_companion' }).idbCompanion).toBe(
      '/opt/homebrew/bin/idb_companion',
    );
    expect(() =>
      idbCompanionSettings({ SIMDECK_IDB_COMPANIONS: `${UDID}=127.0.0.1:99999,x=1.2.3.4:5,${UDID}=mac:10882;rm,=a:1` }),
    ).toThrow(/SIMDECK_IDB_COMPANIONS must be .*"4F6C.*:99999", "x=1.2.3.4:5", ".*;rm", "=a:1"$/);
  });
});

describe('iOS key names', () => {
  it('maps every key of the shared key set, or refuses it as having no iOS equivalent', () => {
    const names = [...new Set(Object.values(KEY_NAMES))].concat([
      'A',
      'Z',
      '0',
      '9',
      'F1',
      'F12',
      'MOVE_END',
      'PAGE_DOWN',
      'NUMPAD_ENTER',
      'FORWARD_DEL',
      'APP_SWITCH',
    ]);
    const none = ['MENU', 'SEARCH', 'VOLUME_UP', 'VOLUME_DOWN', 'BACK', 'APP_SWITCH'];
    for (const k of names) {
      expect(normalizeKeyCode(k)).toBe(k);
      if (none.includes(k)) expect(() => iosKeyAction(k)).toThrow(/has no iOS equivalent/);
      else expect(iosKeyAction(k)).not.toBeNull();
    }
    expect([iosKeyAction('A'), iosKeyAction('0'), iosKeyAction('F12'), iosKeyAction('POWER')]).toEqual([
      { usage: 4 },
      { usage: 39 },
      { usage: 69 },
      { button: 'LOCK' },
    ]);
    expect(idbInputArgs(UDID, { kind: 'key', key: 'z' }, 3)).toEqual([['ui', 'key', '--udid', UDID, '29']]);
  });
});
