import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { capabilitiesFor, sniffMedia, urlProblem } from '../device-capabilities';
import { createAndroidDriver } from './android-driver';
import type { Run } from './exec';
import { createIosDriver } from './ios-driver';
import { fakeTool } from '../../../test/harness/fake-apple-tools';

/**
 * The device capabilities over adb and simctl, on captured tool outputs: what each command line
 * is, how failures read, and that hostile values (`;`, `$(…)`, quotes, newlines) reach the device
 * as one intact word or are refused. The adb seam runs every `adb shell` line through a real
 * /bin/sh, as the device would, so an injection would really touch the marker file.
 */

let tmp: string;
let marker: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-caps-cmd-'));
  marker = path.join(tmp, 'pwned');
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
beforeEach(() => fs.rmSync(marker, { force: true }));

const hostile = () => [
  `; touch ${marker}`,
  `$(touch ${marker})`,
  `\`touch ${marker}\``,
  `' ; touch ${marker} ; '`,
  `" ; touch ${marker} ; "`,
  `a\ntouch ${marker}`,
  `| touch ${marker}`,
];

/** The words /bin/sh makes of a command line, without running its command. */
function deviceWords(command: string): string[] {
  const r = spawnSync('/bin/sh', ['-c', `set -- ${command}\nprintf '%s\\0' "$@"`], { cwd: tmp, encoding: 'utf8' });
  return r.stdout.split('\0').slice(0, -1);
}

const EMU = 'emulator-5554';
const FIX = path.resolve(__dirname, '../../../test/fixtures');

function adb(outputs: (words: string[]) => { out?: string; code?: number } | undefined = () => undefined) {
  const shell: string[][] = [];
  const argv: string[][] = [];
  const run: Run = async (cmd, args) => {
    argv.push([cmd, ...args]);
    const ok = (s: string, exitCode = 0) => ({ stdout: Buffer.from(s), stderr: '', exitCode });
    if (args[0] === 'devices') return ok(`List of devices attached\n${EMU} device product:sdk model:sdk\n`);
    if (args[2] !== 'shell') return ok('');
    const words = deviceWords(args.slice(3).join(' '));
    shell.push(words);
    if (words[0] === 'getprop' && words.length === 1)
      return ok(fs.readFileSync(path.join(FIX, 'adb', 'getprop-emulator.txt'), 'utf8'));
    const r = outputs(words);
    return ok(r?.out ?? '', r?.code ?? 0);
  };
  return { run, shell, argv };
}

async function android(outputs?: Parameters<typeof adb>[0]) {
  const a = adb(outputs);
  const driver = createAndroidDriver({
    run: a.run,
    avdHome: path.join(tmp, 'none'),
    hostSeed: 'h',
    sleep: async () => {},
  });
  const [d] = await driver.listDevices();
  a.shell.length = 0;
  a.argv.length = 0;
  return { driver, id: d!.deviceId, ...a };
}

describe('android: capabilities over adb', () => {
  it('opens links with am start VIEW, every hostile link one intact word; an unresolved intent is a clear refusal', async () => {
    for (const tail of hostile()) {
      const d = await android();
      const url = `myapp://items/${tail}`;
      const outcome = await d.driver.openUrl(d.id, url).then(
        () => 'ran',
        (e: { code: string }) => e.code,
      );
      expect(fs.existsSync(marker)).toBe(false);
      if (outcome === 'ran')
        expect(d.shell.at(-1)).toEqual(['am', 'start', '-W', '-a', 'android.intent.action.VIEW', '-d', url]);
      else expect(outcome).toBe('INVALID_INPUT');
    }
    const d = await android(() => ({
      out: 'Starting: Intent { act=android.intent.action.VIEW dat=nothing://x }\nError: Activity not started, unable to resolve Intent { act=android.intent.action.VIEW dat=nothing://x flg=0x10000000 }\n',
    }));
    await expect(d.driver.openUrl(d.id, 'nothing://x')).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'no app on the device opens this link',
    });
  });

  it('sets the emulator location with geo fix (longitude first), appearance with uimode, network with svc', async () => {
    const d = await android();
    await d.driver.setLocation(d.id, { latitude: 52.52, longitude: 13.4 });
    expect(d.argv.at(-1)).toEqual(['adb', '-s', EMU, 'emu', 'geo', 'fix', '13.4', '52.52']);
    await d.driver.setAppearance(d.id, 'dark');
    expect(d.shell.at(-1)).toEqual(['cmd', 'uimode', 'night', 'yes']);
    await d.driver.setNetwork(d.id, 'offline');
    expect(d.shell.slice(-2)).toEqual([
      ['svc', 'wifi', 'disable'],
      ['svc', 'data', 'disable'],
    ]);
    await expect(
      d.driver.setLocation(d.id, JSON.parse('{"latitude":"1; reboot","longitude":2}')),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('grants, revokes and resets permissions with pm; an app that does not ask for one is told so', async () => {
    const d = await android((w) =>
      w[0] === 'pm' && w[3] === 'android.permission.ACCESS_COARSE_LOCATION'
        ? {
            out: "Exception occurred while executing 'grant':\njava.lang.SecurityException: Package dev.simdeck.sample has not requested permission android.permission.ACCESS_COARSE_LOCATION\n",
            code: 255,
          }
        : undefined,
    );
    await d.driver.setPermission(d.id, {
      package_name: 'dev.simdeck.sample',
      permission: 'location',
      state: 'granted',
    });
    expect(d.shell.slice(0, 1)).toEqual([
      ['pm', 'grant', 'dev.simdeck.sample', 'android.permission.ACCESS_FINE_LOCATION'],
    ]);
    d.shell.length = 0;
    await d.driver.setPermission(d.id, { package_name: 'dev.simdeck.sample', permission: 'camera', state: 'reset' });
    expect(d.shell).toEqual([
      ['pm', 'revoke', 'dev.simdeck.sample', 'android.permission.CAMERA'],
      ['pm', 'clear-permission-flags', 'dev.simdeck.sample', 'android.permission.CAMERA', 'user-set', 'user-fixed'],
    ]);
    const none = await android(() => ({
      out: 'java.lang.SecurityException: Package dev.simdeck.sample has not requested permission android.permission.READ_CONTACTS',
      code: 255,
    }));
    await expect(
      none.driver.setPermission(none.id, {
        package_name: 'dev.simdeck.sample',
        permission: 'contacts',
        state: 'granted',
      }),
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'dev.simdeck.sample does not ask for the contacts permission',
    });
    for (const value of hostile()) {
      await expect(
        d.driver.setPermission(d.id, { package_name: value, permission: 'camera', state: 'granted' }),
      ).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    }
    await expect(d.driver.setPermission(d.id, { permission: 'camera', state: 'granted' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    expect(fs.existsSync(marker)).toBe(false);
  });

  it('posts notifications whose hostile title and body stay intact words', async () => {
    for (const value of hostile()) {
      const d = await android();
      await d.driver.push(d.id, { title: value, body: value });
      expect(fs.existsSync(marker)).toBe(false);
      expect(d.shell.at(-1)).toEqual(['cmd', 'notification', 'post', '-S', 'bigtext', '-t', value, 'simdeck', value]);
    }
  });

  it('pushes media to the picture folder and scans it; refuses names with paths; has no clipboard', async () => {
    const d = await android();
    const file = path.join(tmp, 'a.jpg');
    fs.writeFileSync(file, Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
    await d.driver.addMedia(d.id, file, 'beach photo.jpg');
    expect(d.argv.find((a) => a[3] === 'push')).toEqual([
      'adb',
      '-s',
      EMU,
      'push',
      file,
      '/sdcard/Pictures/beach photo.jpg',
    ]);
    expect(d.shell.at(-1)).toEqual([
      'am',
      'broadcast',
      '-a',
      'android.intent.action.MEDIA_SCANNER_SCAN_FILE',
      '-d',
      'file:///sdcard/Pictures/beach photo.jpg',
    ]);
    await expect(d.driver.addMedia(d.id, file, '../../data/x.jpg')).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(d.driver.setClipboard(d.id, 'x')).rejects.toMatchObject({ code: 'UNSUPPORTED' });
  });

  it('returns appearance, network and location to the defaults when the device shuts down', async () => {
    const d = await android();
    await d.driver.shutdown(d.id);
    expect(d.shell).toContainEqual(['cmd', 'uimode', 'night', 'no']);
    expect(d.shell).toContainEqual(['svc', 'wifi', 'enable']);
    expect(d.argv).toContainEqual(['adb', '-s', EMU, 'emu', 'geo', 'fix', '-122.084', '37.422']);
  });
});

const UDID = '4F6C2A6E-8D0B-4E7B-9E22-2C1B3E6F8A11';

let simctlHosts = 0;
/** The iOS driver on a stand-in xcrun (spawned by node-simctl) that records each call. */
function simctl() {
  simctlHosts += 1;
  const xcrun = fakeTool(path.join(tmp, `xcrun-${simctlHosts}`), 'xcrun', [
    { prefix: 'simctl list -j devices', stdout: fs.readFileSync(path.join(FIX, 'simctl', 'list-devices.json')) },
    { prefix: 'simctl pbpaste', stdout: 'copied; $(x)' },
    { prefix: 'simctl pbcopy', readStdin: true },
    { prefix: '' },
  ]);
  const driver = createIosDriver({ xcrun: xcrun.path });
  const last = () => {
    const c = xcrun
      .calls()
      .filter((x) => x.argv[1] !== 'list')
      .at(-1)!;
    return { args: c.argv.slice(1), input: c.stdin, files: c.files };
  };
  return { driver, last };
}

describe('ios: capabilities over simctl', () => {
  it('runs each capability as simctl argv through node-simctl, text on stdin and payloads in a file', {
    timeout: 90_000,
  }, async () => {
    const s = simctl();
    await s.driver.openUrl(UDID, `myapp://x/';$(touch${'$'}{IFS}${marker})"`);
    expect(s.last().args).toEqual(['openurl', UDID, `myapp://x/';$(touch${'$'}{IFS}${marker})"`]);
    await s.driver.setLocation(UDID, { latitude: -33.86, longitude: 151.21 });
    expect(s.last().args).toEqual(['location', UDID, 'set', '-33.8600000,151.2100000']);
    await s.driver.setPermission(UDID, { package_name: 'dev.simdeck.Sample', permission: 'photos', state: 'denied' });
    expect(s.last().args).toEqual(['privacy', UDID, 'revoke', 'photos', 'dev.simdeck.Sample']);
    await s.driver.setPermission(UDID, { package_name: 'dev.simdeck.Sample', permission: 'contacts', state: 'reset' });
    expect(s.last().args).toEqual(['privacy', UDID, 'reset', 'contacts', 'dev.simdeck.Sample']);
    await s.driver.setPermission(UDID, { permission: 'location', state: 'reset' });
    expect(s.last().args).toEqual(['privacy', UDID, 'reset', 'location']);
    await s.driver.setClipboard(UDID, 'a "b"\n$(c)');
    expect(s.last()).toMatchObject({ args: ['pbcopy', UDID], input: 'a "b"\n$(c)' });
    expect(await s.driver.getClipboard(UDID)).toEqual({ text: 'copied; $(x)' });
    await s.driver.setAppearance(UDID, 'dark');
    expect(s.last().args).toEqual(['ui', UDID, 'appearance', 'dark']);
    await s.driver.push(UDID, { package_name: 'dev.simdeck.Sample', title: 'T"', body: 'B', data: { id: 3 } });
    const push = s.last();
    expect(push.args.slice(0, 2)).toEqual(['push', UDID]);
    // node-simctl hands simctl the payload as a file (removed afterwards); the stand-in read it when it ran.
    expect(JSON.parse(push.files[push.args[2]!] as string)).toEqual({
      id: 3,
      aps: { alert: { title: 'T"', body: 'B' }, sound: 'default' },
      'Simulator Target Bundle': 'dev.simdeck.Sample',
    });
    expect(fs.existsSync(push.args[2]!)).toBe(false);
    const media = path.join(tmp, 'x.jpg');
    fs.writeFileSync(media, 'jpeg');
    await s.driver.addMedia(UDID, media, 'x.jpg');
    expect(s.last().args).toEqual(['addmedia', UDID, media]);
    expect(fs.existsSync(marker)).toBe(false);
  });

  it('refuses what simctl cannot do and values it must not see', async () => {
    const s = simctl();
    await expect(s.driver.setNetwork(UDID, 'offline')).rejects.toMatchObject({ code: 'UNSUPPORTED' });
    await expect(
      s.driver.setPermission(UDID, { package_name: 'dev.simdeck.Sample', permission: 'camera', state: 'granted' }),
    ).rejects.toMatchObject({ code: 'UNSUPPORTED' });
    await expect(s.driver.push(UDID, { title: 't', body: 'b' })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(
      s.driver.setPermission(UDID, { package_name: '-rf', permission: 'photos', state: 'granted' }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(s.driver.openUrl(UDID, '--help')).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(fs.existsSync(marker)).toBe(false);
  });
});

describe('capability rules', () => {
  it('knows which device kinds offer what, links it may open, and media by their first bytes', () => {
    expect(capabilitiesFor('ios', 'ios')).not.toContain('network');
    expect(capabilitiesFor('virtual', 'android')).toContain('network');
    expect(capabilitiesFor(null, 'android')).toEqual([]);
    for (const bad of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'intent://x',
      'a b://c',
      'x'.repeat(3000),
      'no-scheme',
    ])
      expect(urlProblem(bad)).not.toBeNull();
    expect(urlProblem('https://example.com/a?b=c')).toBeNull();
    expect(urlProblem('sample://items/3')).toBeNull();
    expect(sniffMedia(Buffer.from('89504e470d0a1a0a0000', 'hex'))).toBe('png');
    expect(sniffMedia(Buffer.from('000000186674797068656963', 'hex'))).toBe('heic');
    expect(sniffMedia(Buffer.from('00000018667479706d703432', 'hex'))).toBe('mp4');
    expect(sniffMedia(Buffer.from('GIF89a'))).toBeNull();
  });
});
