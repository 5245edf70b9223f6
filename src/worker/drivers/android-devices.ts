import fs from 'node:fs';
import path from 'node:path';
import { stableDeviceId } from '../../virtual/fleet';
import type { DeviceSpec } from '../driver';
import { DeviceDriverError } from '../driver-error';
import { categoryFromProps, parseAdbDevices, parseGetprop } from './adb-commands';
import type { AdbHost } from './adb-host';
import { AVD_NAME, androidReleaseFor, parseAvdConfig } from './avd';
import { runToolText } from './exec';

/** A device the driver knows: its spec, its adb serial while connected, its AVD when an emulator. */
export interface KnownAndroid {
  spec: DeviceSpec;
  /** adb serial when connected. */
  serial: string | null;
  avd: string | null;
}

/**
 * The Android devices of this host: what adb sees connected and the AVDs that could be started.
 * Device ids are UUIDs derived from the host seed and the AVD name (emulators) or the serial
 * (USB devices), so they survive reconnects.
 */
export class AndroidDevices {
  private readonly known = new Map<string, KnownAndroid>();

  constructor(
    private readonly host: AdbHost,
    private readonly opts: { emulator: string; avdHome: string; hostSeed: string },
  ) {}

  async refresh(): Promise<DeviceSpec[]> {
    const { host, opts } = this;
    const seen = new Map<string, KnownAndroid>();
    const devices = parseAdbDevices(await runToolText(host.run, host.call('devices', ['devices', '-l'])));
    const runningAvds = new Set<string>();
    for (const d of devices.filter((x) => x.state === 'device')) {
      const props = parseGetprop(await host.sh(d.serial, ['getprop']));
      const avd = props['ro.boot.qemu.avd_name'] || props['ro.kernel.qemu.avd_name'] || null;
      if (avd) runningAvds.add(avd);
      const model = props['ro.product.model'] ?? d.attrs.model?.replace(/_/g, ' ') ?? d.serial;
      const deviceId = stableDeviceId(opts.hostSeed, avd ? `android-avd|${avd}` : `android-serial|${d.serial}`);
      const avdInfo = avd ? this.readAvd(avd) : null;
      seen.set(deviceId, {
        serial: d.serial,
        avd,
        spec: {
          deviceId,
          name: avdInfo?.displayName ?? model,
          model: avdInfo?.model ?? model,
          type: 'android',
          category: categoryFromProps(props),
          osVersion: props['ro.build.version.release'] ?? 'unknown',
        },
      });
    }
    for (const avd of await this.listAvds()) {
      if (runningAvds.has(avd)) continue;
      const info = this.readAvd(avd);
      const deviceId = stableDeviceId(opts.hostSeed, `android-avd|${avd}`);
      seen.set(deviceId, {
        serial: null,
        avd,
        spec: {
          deviceId,
          name: info?.displayName ?? avd,
          model: info?.model ?? avd,
          type: 'android',
          category: info?.category ?? 'phone',
          osVersion: androidReleaseFor(info?.apiLevel ?? null),
        },
      });
    }
    this.known.clear();
    for (const [k, v] of seen) this.known.set(k, v);
    return [...seen.values()].map((k) => k.spec);
  }

  /** AVD names as the emulator lists them; none when the emulator is missing. */
  private async listAvds(): Promise<string[]> {
    const { emulator } = this.opts;
    try {
      const out = await runToolText(this.host.run, {
        tool: 'emulator',
        action: '-list-avds',
        cmd: emulator,
        args: ['-list-avds'],
      });
      return out
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => AVD_NAME.test(l));
    } catch {
      return [];
    }
  }

  private readAvd(avd: string) {
    try {
      return parseAvdConfig(fs.readFileSync(path.join(this.opts.avdHome, `${avd}.avd`, 'config.ini'), 'utf8'));
    } catch {
      return null;
    }
  }

  async lookup(deviceId: string): Promise<KnownAndroid> {
    if (!this.known.has(deviceId)) await this.refresh();
    const k = this.known.get(deviceId);
    if (!k) throw new DeviceDriverError('UNKNOWN_DEVICE', `no Android device ${deviceId} on this host`);
    return k;
  }

  /** The adb serial of a connected device; NOT_BOOTED when it is an emulator that is not running. */
  async serialOf(deviceId: string): Promise<string> {
    let k = await this.lookup(deviceId);
    if (!k.serial) {
      await this.refresh();
      k = await this.lookup(deviceId);
    }
    if (!k.serial) throw new DeviceDriverError('NOT_BOOTED', `device ${deviceId} is not booted`);
    return k.serial;
  }
}
