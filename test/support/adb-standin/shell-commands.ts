import sharp from 'sharp';
import { readDevicePackage } from '../../../src/packages/device-package';
import type { InputEvent, Rotation } from '../../../src/worker/driver';
import { getpropText, logcatBinary, logcatThreadtime, uiautomatorXml } from './formats';
import { parseShellLine } from './shell-words';
import type { StandinDevice } from './standin-device';
import { instrument, UIA2_SERVER, UIA2_TEST } from './uiautomator2';

/** Where a command writes, and whether the adb stream is still open (streaming commands stop when not). */
export interface ShellIo {
  write(data: Buffer | string): Promise<void>;
  readonly closed: boolean;
}

type Command = (dev: StandinDevice, args: string[], io: ShellIo) => Promise<number> | number;

const ROTATIONS: Rotation[] = [0, 90, 180, 270];

/** Runs one sh command line (the text after `shell:` or `exec:`) on the stand-in; the exit status. */
export async function runShellLine(dev: StandinDevice, line: string, io: ShellIo): Promise<number> {
  let status = 0;
  let skip = false;
  for (const c of parseShellLine(line)) {
    if (!skip) {
      const [name, ...args] = c.argv;
      const cmd = name === undefined ? undefined : COMMANDS[name.replace(/^\/system\/bin\//, '')];
      if (name === undefined) status = 0;
      else if (cmd) status = await cmd(dev, args, io);
      else if (dev.files.has(name)) status = await runBinary(dev, name, args, io);
      else {
        // mksh's words for a command it cannot find.
        await io.write(`/system/bin/sh: ${name}: inaccessible or not found\n`);
        status = 127;
      }
    }
    skip = c.then === '&&' ? status !== 0 : c.then === '||' ? status === 0 : false;
  }
  return status;
}

/** Programs pushed to the device (minicap, minitouch) run through a hook the stand-in registers. */
export const BINARIES = new Map<string, Command>();

function runBinary(dev: StandinDevice, file: string, args: string[], io: ShellIo) {
  const name = file.split('/').at(-1)!;
  const bin = BINARIES.get(name);
  if (!bin || !((dev.files.get(file)?.mode ?? 0) & 0o111))
    return io.write(`/system/bin/sh: ${file}: can't execute: Permission denied\n`).then(() => 126);
  return bin(dev, args, io);
}

const text = (_dev: StandinDevice, s: string, io: ShellIo) => io.write(s).then(() => 0);

/** The event `input keyevent <code>` injects (a name, `KEYCODE_` optional). */
export function keyEvent(code: string): InputEvent {
  const k = code.replace(/^KEYCODE_/, '');
  const buttons: Record<string, string> = {
    HOME: 'HOME',
    POWER: 'POWER',
    VOLUME_UP: 'VOLUME_UP',
    VOLUME_DOWN: 'VOLUME_DOWN',
  };
  if (buttons[k]) return { kind: 'button', button: buttons[k]! };
  const keys: Record<string, string> = { DEL: 'DEL', ENTER: 'ENTER', TAB: 'TAB', BACK: 'BACK' };
  return { kind: 'key', key: keys[k] ?? k };
}

/** `input` (frameworks/base cmds/input): tap, swipe, text (with %s for spaces) and keyevent. */
async function input(dev: StandinDevice, args: string[], io: ShellIo): Promise<number> {
  const n = args.slice(1).map(Number);
  let event: InputEvent | null = null;
  if (args[0] === 'tap' && n.length === 2) event = { kind: 'tap', x: n[0]!, y: n[1]! };
  else if (args[0] === 'swipe' && n.length >= 4) {
    const [x, y, x2, y2, ms] = n as [number, number, number, number, number | undefined];
    event =
      x === x2 && y === y2 && (ms ?? 0) >= 500
        ? { kind: 'long_press', x, y, durationMs: ms }
        : { kind: 'swipe', x, y, x2, y2, durationMs: ms };
  } else if (args[0] === 'text' && args[1] !== undefined) event = { kind: 'text', text: args[1].replace(/%s/g, ' ') };
  else if (args[0] === 'keyevent' && args[1]) event = keyEvent(args[1]);
  if (!event) {
    await io.write('Error: Unknown command\n');
    return 1;
  }
  try {
    dev.virtual.input(event);
    return 0;
  } catch (e) {
    await io.write(`Error: ${(e as Error).message}\n`);
    return 1;
  }
}

async function screencapPng(dev: StandinDevice): Promise<Buffer> {
  const frame = await dev.virtual.frame(true);
  return sharp(frame.jpeg).png({ compressionLevel: 1 }).toBuffer();
}

async function pm(dev: StandinDevice, args: string[], io: ShellIo): Promise<number> {
  const [verb, ...rest] = args;
  const pkg = rest.filter((a) => !a.startsWith('-')).at(-1) ?? '';
  const installed = () => dev.virtual.listApps().some((a) => a.packageName === pkg);
  switch (verb) {
    case 'install': {
      const copy = dev.hostCopy(pkg, '.apk');
      if (!copy) return text(dev, `Failure [INSTALL_FAILED_INVALID_URI: Don't have file ${pkg}]\n`, io);
      try {
        const info = await readDevicePackage(copy, 'android');
        dev.virtual.install(info, { grantPermissions: rest.includes('-g') });
        return text(dev, 'Success\n', io);
      } catch {
        return text(dev, `Failure [INSTALL_PARSE_FAILED_NOT_APK: Failed to parse ${pkg}]\n`, io);
      }
    }
    case 'uninstall':
      if (!installed()) return text(dev, 'Failure [DELETE_FAILED_INTERNAL_ERROR]\n', io);
      dev.virtual.uninstall(pkg);
      dev.pids.delete(pkg);
      return text(dev, 'Success\n', io);
    case 'clear':
      if (!installed()) return text(dev, 'Failed\n', io);
      dev.virtual.clearData(pkg);
      dev.pids.delete(pkg);
      return text(dev, 'Success\n', io);
    case 'list': {
      if (rest[0] !== 'packages') break;
      // `pm list packages [FILTER]`: the names containing FILTER.
      const filter = rest.slice(1).find((a) => !a.startsWith('-')) ?? '';
      return text(
        dev,
        dev.virtual
          .listApps()
          .filter((a) => a.packageName.includes(filter))
          .map((a) => `package:${a.packageName}${rest.includes('--show-versioncode') ? ' versionCode:1' : ''}\n`)
          .join(''),
        io,
      );
    }
  }
  await io.write(`Unknown command: ${verb ?? ''}\n`);
  return 1;
}

/** `am start [-W] -n pkg/.Activity [--es|--ez|--ei|--el|--ef key value]…` and `am force-stop`. */
async function am(dev: StandinDevice, args: string[], io: ShellIo): Promise<number> {
  if (args[0] === 'instrument') return instrument(dev, args.slice(1), io);
  if (args[0] === 'force-stop' && (args[1] === UIA2_SERVER || args[1] === UIA2_TEST)) {
    dev.uia2.forceStop();
    return 0;
  }
  if (args[0] === 'force-stop' && args[1]) {
    dev.virtual.terminate(args[1]);
    dev.pids.delete(args[1]);
    return 0;
  }
  if (args[0] !== 'start') return text(dev, `Error: Unknown command: ${args[0] ?? ''}\n`, io).then(() => 1);
  const cmp = args[args.indexOf('-n') + 1] ?? '';
  const params: Record<string, string | number | boolean> = {};
  for (let i = 0; i < args.length; i++) {
    const t = args[i];
    if (t === '--es') params[args[i + 1]!] = args[i + 2]!;
    else if (t === '--ez') params[args[i + 1]!] = args[i + 2] === 'true';
    else if (t === '--ei' || t === '--el' || t === '--ef') params[args[i + 1]!] = Number(args[i + 2]);
    else continue;
    i += 2;
  }
  const [pkg, act] = cmp.split('/') as [string, string | undefined];
  await io.write(`Starting: Intent { cmp=${cmp} }\n`);
  if (!dev.virtual.listApps().some((a) => a.packageName === pkg) || act !== '.MainActivity') {
    const cls = act?.startsWith('.') ? `${pkg}${act}` : act;
    await io.write(`Error type 3\nError: Activity class {${pkg}/${cls}} does not exist.\n`);
    return 1;
  }
  const t0 = Date.now();
  dev.virtual.launch(pkg, { params });
  dev.started(pkg);
  if (args.includes('-W'))
    await io.write(
      `Status: ok\nLaunchState: COLD\nActivity: ${cmp}\nTotalTime: ${Date.now() - t0}\nWaitTime: ${Date.now() - t0}\nComplete\n`,
    );
  return 0;
}

/** `logcat -d` prints what is there; `logcat -B` streams binary entries until the reader goes. */
async function logcat(dev: StandinDevice, args: string[], io: ShellIo): Promise<number> {
  if (args.includes('-c')) {
    dev.virtual.logs.log.clear();
    return 0;
  }
  const binary = args.includes('-B');
  const minPriority = args.some((a) => a === '*:I') ? 4 : 2;
  let after = 0;
  for (;;) {
    const { records, next } = dev.logRecords(after);
    after = next;
    for (const r of records.filter((x) => x.priority >= minPriority))
      await io.write(binary ? logcatBinary(r) : logcatThreadtime(r));
    if (args.includes('-d') || io.closed) return 0;
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const COMMANDS: Record<string, Command> = {
  echo: (dev, args, io) => text(dev, `${args.join(' ')}\n`, io),
  true: () => 0,
  getprop: (dev, args, io) => text(dev, args[0] ? `${dev.props[args[0]] ?? ''}\n` : getpropText(dev.props), io),
  wm: (dev, args, io) => {
    const { width, height } = dev.virtual.screenInfo();
    const portrait = dev.virtual.rotation === 0 || dev.virtual.rotation === 180;
    return text(
      dev,
      args[0] === 'size' ? `Physical size: ${portrait ? width : height}x${portrait ? height : width}\n` : '',
      io,
    );
  },
  settings: (dev, args, io) => {
    const [verb, ns, key, value] = args;
    const k = `${ns}/${key}`;
    if (verb === 'get') return text(dev, `${dev.settings.get(k) ?? 'null'}\n`, io);
    if (verb === 'delete') return text(dev, dev.settings.delete(k) ? 'Deleted 1 rows\n' : 'Deleted 0 rows\n', io);
    if (verb !== 'put' || value === undefined) return 255;
    dev.settings.set(k, value);
    if (k === 'system/user_rotation') dev.virtual.rotate(ROTATIONS[Number(value) % 4] ?? 0);
    return 0;
  },
  input,
  screencap: async (dev, args, io) => {
    const png = await screencapPng(dev);
    const file = args.find((a) => !a.startsWith('-'));
    if (file) dev.writeFile(file, png);
    else await io.write(png);
    return 0;
  },
  uiautomator: async (dev, args, io) => {
    if (args[0] !== 'dump') return 1;
    const file = args[1] ?? '/sdcard/window_dump.xml';
    const pkg = dev.virtual.foregroundApp() ?? 'com.android.launcher3';
    dev.writeFile(file, Buffer.from(uiautomatorXml(dev.virtual.uiTree(), pkg, dev.virtual.rotation / 90)));
    // The real tool's words, misspelling included (UiAutomator's DumpCommand).
    return text(dev, `UI hierchary dumped to: ${file}\n`, io);
  },
  cat: async (dev, args, io) => {
    let status = 0;
    for (const f of args) {
      const file = dev.files.get(f);
      if (file) await io.write(file.data);
      else {
        await io.write(`cat: ${f}: No such file or directory\n`);
        status = 1;
      }
    }
    return status;
  },
  rm: (dev, args) => {
    for (const f of args.filter((a) => !a.startsWith('-'))) dev.files.delete(f);
    return 0;
  },
  chmod: (dev, args) => {
    const f = dev.files.get(args[1] ?? '');
    if (f) f.mode = 0o100000 | Number.parseInt(args[0] ?? '644', 8);
    return f ? 0 : 1;
  },
  pm,
  am,
  cmd: async (dev, args, io) => {
    if (args[0] === 'package' && args[1] === 'resolve-activity') {
      const pkg = args.at(-1)!;
      if (!dev.virtual.listApps().some((a) => a.packageName === pkg)) return text(dev, 'No activity found\n', io);
      return text(
        dev,
        `priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=false\n${pkg}/.MainActivity\n`,
        io,
      );
    }
    return text(dev, `cmd: Can't find service: ${args[0] ?? ''}\n`, io).then(() => 20);
  },
  dumpsys: (dev, args, io) => {
    const app = dev.virtual.listApps().find((a) => a.packageName === args[1]);
    if (args[0] !== 'package' || !app) return text(dev, '', io);
    return text(
      dev,
      `Packages:\n  Package [${app.packageName}] (1a2b3c4):\n    versionCode=1 minSdk=26 targetSdk=34\n    versionName=${app.version}\n`,
      io,
    );
  },
  pidof: (dev, args, io) => {
    const pid = args[0] ? dev.pids.get(args[0]) : undefined;
    return pid === undefined ? 1 : text(dev, `${pid}\n`, io);
  },
  logcat,
};
