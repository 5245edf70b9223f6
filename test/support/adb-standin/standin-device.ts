import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DeviceSpec } from '../../../src/worker/driver';
import { stableDeviceId } from '../../../src/virtual/fleet';
import { VirtualDevice } from '../../../src/virtual/virtual-device';
import { PRIORITY, type LogRecord } from './formats';
import type { AdbStream } from './transport';
import { Uia2Standin } from './uiautomator2';

export interface StandinFile {
  data: Buffer;
  mode: number;
  mtime: number;
}

/**
 * The state behind the stand-in: a booted virtual Android phone (screen, apps, input, log),
 * a flat file system for what adb pushes and pulls, system properties, settings and the pids
 * of the apps it started.
 */
export class StandinDevice {
  readonly virtual: VirtualDevice;
  readonly files = new Map<string, StandinFile>();
  readonly settings = new Map<string, string>([['system/user_rotation', '0']]);
  readonly props: Record<string, string>;
  readonly pids = new Map<string, number>();
  /** Device-side sockets by service name (`tcp:<port>`, `localabstract:<name>`); others are refused. */
  readonly sockets = new Map<string, (stream: AdbStream) => void>();
  private nextPid = 4242;
  readonly dataDir: string;
  /** Which minicap connection the virtual screen streams to. */
  streamOwner: object | null = null;
  /** The UiAutomator2 server's state (uiautomator2.ts). */
  readonly uia2 = new Uia2Standin();

  constructor(
    opts: {
      name?: string;
      model?: string;
      osVersion?: string;
      sdk?: number;
      abi?: string;
      renderScale?: number;
    } = {},
  ) {
    const model = opts.model ?? 'Pixel 8';
    const spec: DeviceSpec = {
      deviceId: stableDeviceId('adb-standin', model),
      name: opts.name ?? model,
      model,
      type: 'android',
      category: 'phone',
      osVersion: opts.osVersion ?? '11',
    };
    this.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-adb-standin-'));
    this.virtual = new VirtualDevice({
      spec,
      dataDir: path.join(this.dataDir, 'apps'),
      renderScale: opts.renderScale ?? 1,
      jpegQuality: 80,
      now: Date.now,
    });
    this.virtual.boot();
    this.props = {
      'ro.product.model': model,
      'ro.product.name': 'sdk_standin',
      'ro.product.device': 'standin',
      'ro.product.manufacturer': 'simdeck',
      'ro.product.cpu.abi': opts.abi ?? 'x86_64',
      'ro.product.cpu.abilist': opts.abi ?? 'x86_64,arm64-v8a',
      'ro.build.version.release': spec.osVersion,
      'ro.build.version.sdk': String(opts.sdk ?? 30),
      'ro.build.characteristics': 'default',
      'ro.adb.secure': '0',
      'sys.boot_completed': '1',
    };
  }

  /** The banner of the CNXN reply (adbd's get_connection_string). */
  banner(): string {
    const p = this.props;
    return `device::ro.product.name=${p['ro.product.name']};ro.product.model=${p['ro.product.model']};ro.product.device=${p['ro.product.device']};features=`;
  }

  writeFile(file: string, data: Buffer, mode = 0o100644): void {
    this.files.set(file, { data, mode, mtime: Math.floor(Date.now() / 1000) });
  }

  /** A host path holding a device file's bytes (for readers that want a path, like the package reader). */
  hostCopy(file: string, ext: string): string | null {
    const f = this.files.get(file);
    if (!f) return null;
    const p = path.join(this.dataDir, `copy-${Date.now()}-${Math.random().toString(36).slice(2)}${ext}`);
    fs.writeFileSync(p, f.data);
    return p;
  }

  started(packageName: string): number {
    let pid = this.pids.get(packageName);
    if (pid === undefined) {
      pid = this.nextPid++;
      this.pids.set(packageName, pid);
    }
    return pid;
  }

  /** The virtual device's log lines after `after` as logcat records (app lines under the app's pid). */
  logRecords(after: number): { records: LogRecord[]; next: number } {
    const r = this.virtual.logs.log.read(after);
    // A crash's AndroidRuntime lines belong to the crashed app's process.
    let crashed: string | null = null;
    const records = r.lines.map((l) => {
      if (l.tag === 'AndroidRuntime') crashed = r.crashes.find((c) => c.seq === l.seq)?.package_name ?? crashed;
      const pkg = l.source === 'app' ? (l.tag === 'AndroidRuntime' ? crashed : l.tag) : null;
      const pid = pkg ? this.started(pkg) : 571;
      return { at: l.at, pid, tid: pid, priority: PRIORITY[l.level], tag: l.tag, message: l.message };
    });
    return { records, next: r.next };
  }

  close(): void {
    this.virtual.stopStream();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
