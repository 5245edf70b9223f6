import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DeviceDriver, InputEvent } from '../driver';
import {
  adbShellCommand,
  amStartArgs,
  componentFor,
  dumpsysPackageArgs,
  forceStopArgs,
  inputArgs,
  installArgs,
  keycodeFor,
  pmClearArgs,
  quoteShellWord,
  resolveLauncherArgs,
  rotationArgs,
  textInputCommands,
  uninstallArgs,
} from './adb-commands';
import { createAndroidDriver } from './android-driver';
import type { Run } from './exec';
import { createIosDriver } from './ios-driver';
import { fakeTool } from '../../../test/harness/fake-apple-tools';
import { simctlLaunchArgs } from './simctl-commands';
import { idbInputArgs } from './idb-commands';

/**
 * Shell metacharacters fed to every device command of the android and ios drivers. The android
 * seam runs each `adb shell` command string through a real /bin/sh, as the device would, so an
 * injection really executes (it touches a marker file) and the words the device would see are
 * compared with the intended ones.
 */

let tmp: string;
let marker: string;

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-shell-'));
  marker = path.join(tmp, 'pwned');
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
beforeEach(() => fs.rmSync(marker, { force: true }));

/** Each value tries to run `touch <marker>` when a shell evaluates it unquoted. */
function attacks(): string[] {
  const m = marker;
  return [
    `; touch ${m}`,
    `$(touch ${m})`,
    `\`touch ${m}\``,
    `| touch ${m}`,
    `&& touch ${m}`,
    `' ; touch ${m} ; '`,
    `" ; touch ${m} ; "`,
    `a\ntouch ${m}`,
    `a'"'"'$(touch ${m})`,
    '%s',
    '100%sure',
    'ünïcødé ✓',
    'x'.repeat(10_000),
    '-rf',
    '--udid',
    '$HOME',
    '*',
    'a\\b',
    '',
  ];
}

/** The words /bin/sh makes of a command string, without running the command itself. */
function deviceWords(command: string): string[] {
  const r = spawnSync('/bin/sh', ['-c', `set -- ${command}\nprintf '%s\\0' "$@"`], { cwd: tmp, encoding: 'utf8' });
  return r.stdout.split('\0').slice(0, -1);
}

const EMU = 'emulator-5554';
const FIX = path.resolve(__dirname, '../../../test/fixtures/adb');

/** An adb whose `shell` hands the joined command to /bin/sh, like adbd does on the device. */
function shellingAdb() {
  const shellWords: string[][] = [];
  const argv: string[][] = [];
  const run: Run = async (cmd, args) => {
    argv.push([cmd, ...args]);
    const out = (s: string) => ({ stdout: Buffer.from(s), stderr: '', exitCode: 0 });
    if (cmd === 'emulator') return out('');
    if (args[0] === 'devices')
      return out(`List of devices attached\n${EMU} device product:sdk model:sdk transport_id:1\n`);
    if (args[2] !== 'shell') return out('Success\n');
    const words = deviceWords(args.slice(3).join(' '));
    shellWords.push(words);
    if (words[0] === 'getprop' && words.length === 1)
      return out(fs.readFileSync(path.join(FIX, 'getprop-emulator.txt'), 'utf8'));
    if (words[0] === 'cmd' && words[1] === 'package') return out(`${words.at(-1)}/.MainActivity\n`);
    if (words[0] === 'pm' && words[1] === 'clear') return out('Success\n');
    return out('');
  };
  return { run, shellWords, argv };
}

async function androidDevice() {
  const adb = shellingAdb();
  const driver = createAndroidDriver({
    run: adb.run,
    avdHome: path.join(tmp, 'no-avds'),
    hostSeed: 'h',
    sleep: async () => undefined,
  });
  const [device] = await driver.listDevices();
  adb.shellWords.length = 0;
  adb.argv.length = 0;
  return { driver, id: device!.deviceId, ...adb };
}

/**
 * A value as the protocol delivers it: JSON from the wire, which promises a type it need not keep
 * (a string where a number belongs). The drivers' own checks are what stand in its way.
 */
function fromWire<T>(value: object): T {
  return JSON.parse(JSON.stringify(value));
}

/** Either the driver refuses the value as INVALID_INPUT, or it reached the device as intended. */
async function refusedOrIntact(action: Promise<unknown>, check: () => void): Promise<'refused' | 'ran'> {
  const outcome = await action.then(
    () => 'ran' as const,
    (err: { code?: string }) => {
      expect(err).toMatchObject({ code: 'INVALID_INPUT' });
      return 'refused' as const;
    },
  );
  expect(fs.existsSync(marker), 'a shell ran the injected command').toBe(false);
  if (outcome === 'ran') check();
  return outcome;
}

/** What `input text` types for its argument: "%s" is a space (see InputShellCommand.sendText). */
function typedBy(words: string[][]): string {
  return words
    .map((w) =>
      w[0] === 'input' && w[1] === 'text'
        ? w[2]!.replace(/%s/g, ' ')
        : w[0] === 'input' && w[2] === 'KEYCODE_ENTER'
          ? '\n'
          : w[2] === 'KEYCODE_TAB'
            ? '\t'
            : '',
    )
    .join('');
}

describe('android driver: every device shell argument is quoted or refused', () => {
  it('package names of terminate, clear data, uninstall and launch', async () => {
    for (const value of attacks()) {
      const d = await androidDevice();
      const ops: [string, () => Promise<unknown>, (words: string[][]) => void][] = [
        [
          'terminate',
          () => d.driver.terminate(d.id, value),
          (w) => expect(w.at(-1)).toEqual(['am', 'force-stop', value]),
        ],
        ['clear', () => d.driver.clearData(d.id, value), (w) => expect(w.at(-1)).toEqual(['pm', 'clear', value])],
        [
          'launch',
          () => d.driver.launch(d.id, value),
          (w) => expect(w.at(-1)!.slice(0, 5)).toEqual(['am', 'start', '-W', '-n', `${value}/.MainActivity`]),
        ],
      ];
      for (const [, op, check] of ops) {
        d.shellWords.length = 0;
        await refusedOrIntact(op(), () => check(d.shellWords));
      }
      d.argv.length = 0;
      await refusedOrIntact(d.driver.uninstall(d.id, value), () =>
        expect(d.argv.at(-1)).toEqual(['adb', '-s', EMU, 'uninstall', value]),
      );
    }
  });

  it('activity names and launch parameters', async () => {
    for (const value of attacks()) {
      const d = await androidDevice();
      await refusedOrIntact(d.driver.launch(d.id, 'dev.simdeck.sample', { activity: value }), () =>
        expect(d.shellWords.at(-1)).toEqual([
          'am',
          'start',
          '-W',
          '-n',
          value.includes('/') ? value : `dev.simdeck.sample/${value}`,
        ]),
      );
      d.shellWords.length = 0;
      await refusedOrIntact(d.driver.launch(d.id, 'dev.simdeck.sample', { params: { note: value } }), () =>
        expect(d.shellWords.at(-1)!.slice(-3)).toEqual(['--es', 'note', value]),
      );
      d.shellWords.length = 0;
      await refusedOrIntact(d.driver.launch(d.id, 'dev.simdeck.sample', { params: { [value]: 'v' } }), () =>
        expect(d.shellWords.at(-1)!.slice(-3)).toEqual(['--es', value, 'v']),
      );
    }
  });

  it('typed text arrives literally, split where `input text` would misread it', async () => {
    const d = await androidDevice();
    for (const value of attacks()) {
      d.shellWords.length = 0;
      await refusedOrIntact(d.driver.input(d.id, { kind: 'text', text: value }), () =>
        expect(typedBy(d.shellWords)).toBe(value),
      );
    }
    // Printable ASCII and line breaks are typed, never refused.
    for (const value of [`it's "$5" & \`x\`; 100% \\o/ %s`, 'line one\nline two\ttabbed']) {
      d.shellWords.length = 0;
      await d.driver.input(d.id, { kind: 'text', text: value });
      expect(typedBy(d.shellWords)).toBe(value);
    }
  });

  it('keys, buttons, coordinates and durations from the protocol', async () => {
    const d = await androidDevice();
    for (const value of attacks()) {
      const events = [
        { kind: 'key', key: value },
        { kind: 'button', button: value },
        { kind: 'long_press', x: 1, y: 1, durationMs: value },
        { kind: 'swipe', x: 1, y: 1, x2: 5, y2: 5, durationMs: value },
        { kind: 'tap', x: value, y: 1 },
      ].map((e) => fromWire<InputEvent>(e));
      for (const event of events) {
        d.shellWords.length = 0;
        // None of these values is a key, a button or a number: each is refused.
        await expect(d.driver.input(d.id, event)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
        expect(fs.existsSync(marker)).toBe(false);
        expect(d.shellWords).toEqual([]);
      }
    }
  });
});

const UDID = '4F6C2A6E-8D0B-4E7B-9E22-2C1B3E6F8A11';
const SIM_FIX = path.resolve(__dirname, '../../../test/fixtures/simctl');

let appleHosts = 0;
/** The iOS driver on stand-in xcrun and idb executables that record their argv. */
function iosDevice(): { driver: DeviceDriver; argv: () => string[][] } {
  appleHosts += 1;
  const bin = path.join(tmp, `apple-${appleHosts}`);
  const xcrun = fakeTool(bin, 'xcrun', [
    { prefix: 'simctl list -j devices', stdout: fs.readFileSync(path.join(SIM_FIX, 'list-devices.json')) },
    { prefix: 'simctl get_app_container', stdout: '/nonexistent/container\n' },
    { prefix: '' },
  ]);
  const idb = fakeTool(bin, 'idb', [
    { prefix: 'describe', stdout: fs.readFileSync(path.join(SIM_FIX, 'idb-describe.json')) },
    { prefix: '' },
  ]);
  const driver = createIosDriver({ xcrun: xcrun.path, idb: idb.path, workDir: tmp, sleep: async () => undefined });
  const argv = () => [...xcrun.calls().map((c) => ['xcrun', ...c.argv]), ...idb.calls().map((c) => ['idb', ...c.argv])];
  return { driver, argv };
}

describe('ios driver: tool arguments are argv, validated, and never read as options', () => {
  it('refuses bundle ids that are not bundle ids before any tool runs', async () => {
    for (const value of attacks()) {
      const { driver, argv } = iosDevice();
      for (const op of [
        () => driver.launch(UDID, value),
        () => driver.terminate(UDID, value),
        () => driver.uninstall(UDID, value),
        () => driver.clearData(UDID, value),
      ]) {
        await expect(op()).rejects.toMatchObject({ code: 'INVALID_INPUT' });
        expect(argv().filter((a) => a[2] !== 'list')).toEqual([]);
      }
    }
  });

  // Every attack runs through real (stand-in) processes: a few spawns each, slow on a loaded host.
  it('passes launch parameter values after the bundle id and typed text after `--`', { timeout: 120_000 }, async () => {
    const { driver, argv } = iosDevice();
    for (const value of attacks()) {
      await refusedOrIntact(driver.launch(UDID, 'dev.simdeck.sample', { params: { note: value } }), () =>
        expect(argv().filter((a) => a[2] === 'launch')).toContainEqual([
          'xcrun',
          'simctl',
          'launch',
          '--terminate-running-process',
          UDID,
          'dev.simdeck.sample',
          '-note',
          value,
        ]),
      );
      const typedBefore = argv().filter((a) => a[1] === 'ui').length;
      await refusedOrIntact(driver.input(UDID, { kind: 'text', text: value }), () =>
        expect(
          argv()
            .filter((a) => a[1] === 'ui')
            .slice(typedBefore),
        ).toEqual(value === '' ? [] : [['idb', 'ui', 'text', '--udid', UDID, '--', value]]),
      );
      for (const event of [
        { kind: 'button', button: value },
        { kind: 'key', key: value },
        { kind: 'tap', x: value, y: 2 },
      ].map((e) => fromWire<InputEvent>(e))) {
        await expect(driver.input(UDID, event)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
      }
    }
  });
});

/** Runs a builder: its words, or 'refused' when it threw INVALID_INPUT (anything else fails the test). */
function build<T>(fn: () => T): T | 'refused' {
  try {
    return fn();
  } catch (err) {
    expect(err).toMatchObject({ code: 'INVALID_INPUT' });
    return 'refused';
  }
}

describe('adb command builders with shell metacharacters', () => {
  const builders: [string, (v: string) => string[][]][] = [
    ['resolve-activity', (v) => [resolveLauncherArgs(v)]],
    ['force-stop', (v) => [forceStopArgs(v)]],
    ['pm clear', (v) => [pmClearArgs(v)]],
    ['dumpsys package', (v) => [dumpsysPackageArgs(v)]],
    ['am start (package)', (v) => [amStartArgs(componentFor(v, '.Main'))]],
    ['am start (activity)', (v) => [amStartArgs(componentFor('com.example.app', v))]],
    ['am start (extra value)', (v) => [amStartArgs('com.example.app/.Main', { note: v })]],
    ['am start (extra name)', (v) => [amStartArgs('com.example.app/.Main', { [v]: 1 })]],
    ['input text', (v) => textInputCommands(v)],
    ['input keyevent', (v) => inputArgs({ kind: 'key', key: v })],
    ['keycode', (v) => [['input', 'keyevent', keycodeFor(v)]]],
    ['input button', (v) => inputArgs({ kind: 'button', button: v })],
    [
      'input swipe duration',
      (v) =>
        inputArgs(
          fromWire<Extract<InputEvent, { kind: 'swipe' }>>({ kind: 'swipe', x: 1, y: 2, x2: 3, y2: 4, durationMs: v }),
        ),
    ],
  ];

  it('every command line is read back by /bin/sh as exactly its words, or the builder refuses', () => {
    let ran = 0;
    for (const [name, builder] of builders) {
      for (const value of attacks()) {
        const commands = build(() => builder(value));
        if (commands === 'refused') continue;
        for (const words of commands) {
          expect(deviceWords(adbShellCommand(words)), `${name} with ${JSON.stringify(value.slice(0, 40))}`).toEqual(
            words,
          );
          ran += 1;
        }
        expect(fs.existsSync(marker)).toBe(false);
      }
    }
    // Values that are valid where they stand (extra values, typed text) did run.
    expect(ran).toBeGreaterThan(20);
  });

  it('a quoted word echoes literally through a real shell', () => {
    for (const value of [
      ...attacks().filter((v) => v !== ''),
      "it's",
      "'",
      "''",
      '\\',
      'tab\there',
      '~root',
      '!event',
      '#comment',
      'a=b',
    ]) {
      const r = spawnSync('/bin/sh', ['-c', `printf '%s' ${quoteShellWord(value)}`], { cwd: tmp, encoding: 'utf8' });
      expect(r.stdout).toBe(value);
    }
    expect(fs.existsSync(marker)).toBe(false);
  });

  it('rotation and install arguments take only what they expect', () => {
    expect(rotationArgs(1)).toEqual([
      ['settings', 'put', 'system', 'accelerometer_rotation', '0'],
      ['settings', 'put', 'system', 'user_rotation', '1'],
    ]);
    expect(build(() => rotationArgs(4))).toBe('refused');
    // install runs on the host as argv: the path is one element, last, after the options.
    expect(installArgs(`/tmp/a; touch ${marker}.apk`, true)).toEqual([
      'install',
      '-r',
      '-g',
      `/tmp/a; touch ${marker}.apk`,
    ]);
    expect(installArgs('/tmp/a.apk', false)).toEqual(['install', '-r', '/tmp/a.apk']);
    for (const value of attacks()) expect(build(() => uninstallArgs(value))).toBe('refused');
  });
});

describe('simctl and idb builders with shell metacharacters', () => {
  it('refuse every attack as a bundle id or a launch parameter name', () => {
    for (const value of attacks()) {
      expect(build(() => simctlLaunchArgs(UDID, value))).toBe('refused');
      expect(build(() => simctlLaunchArgs(UDID, 'com.example.App', { [value]: 'v' }))).toBe('refused');
    }
  });

  it('keep values as single argv elements where they cannot be options', () => {
    for (const value of attacks()) {
      const launch = build(() => simctlLaunchArgs(UDID, 'com.example.App', { note: value }));
      if (launch !== 'refused')
        expect(launch).toEqual(['launch', '--terminate-running-process', UDID, 'com.example.App', '-note', value]);
      const text = build(() => idbInputArgs(UDID, { kind: 'text', text: value }, 3));
      if (text !== 'refused') expect(text).toEqual(value === '' ? [] : [['ui', 'text', '--udid', UDID, '--', value]]);
      expect(build(() => idbInputArgs(UDID, { kind: 'button', button: value }, 3))).toBe('refused');
      const key = build(() => idbInputArgs(UDID, { kind: 'key', key: value }, 3));
      expect(key).toBe('refused');
    }
  });
});
