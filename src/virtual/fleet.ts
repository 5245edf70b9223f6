import { createHash } from 'node:crypto';
import os from 'node:os';
import type { DeviceCategory, DeviceSpec, DeviceType } from '../worker/driver';

/** One line of a fleet description: `count` identical devices. */
export interface FleetEntry {
  name: string;
  type: DeviceType;
  category: DeviceCategory;
  osVersion: string;
  count: number;
}

/** The fleet a host offers when VIRTUAL_DEVICES is unset (docs/design/0014-virtual-devices.md). */
export const DEFAULT_FLEET: readonly FleetEntry[] = [
  { name: 'iPhone 15 Pro', type: 'ios', category: 'phone', osVersion: '17.5', count: 2 },
  { name: 'iPad Air', type: 'ios', category: 'tablet', osVersion: '17.5', count: 1 },
  { name: 'Apple TV 4K', type: 'ios', category: 'tv', osVersion: '17.5', count: 1 },
  { name: 'Pixel 8', type: 'android', category: 'phone', osVersion: '14', count: 2 },
  { name: 'Pixel Tablet', type: 'android', category: 'tablet', osVersion: '14', count: 1 },
  { name: 'Android TV', type: 'android', category: 'tv', osVersion: '13', count: 1 },
];

export class FleetFormatError extends Error {}

/**
 * Parses `VIRTUAL_DEVICES`: comma-separated entries `name:type:category:osVersion[:count]`, e.g.
 * `"iPhone 15 Pro:ios:phone:17.5:2,Pixel 8:android:phone:14"`. type is ios|android, category
 * phone|tablet|tv, count 1..64 (default 1). Whitespace around parts is ignored.
 */
export function parseVirtualDevices(value: string): FleetEntry[] {
  const entries: FleetEntry[] = [];
  for (const [i, raw] of value.split(',').entries()) {
    const part = raw.trim();
    if (part === '') continue;
    const fields = part.split(':').map((f) => f.trim());
    const where = `VIRTUAL_DEVICES entry ${i + 1} ("${part}")`;
    if (fields.length < 4 || fields.length > 5) {
      throw new FleetFormatError(`${where}: expected name:type:category:osVersion[:count]`);
    }
    const [name, type, category, osVersion, countText] = fields as [string, string, string, string, string | undefined];
    if (name === '') throw new FleetFormatError(`${where}: name is empty`);
    if (type !== 'ios' && type !== 'android') throw new FleetFormatError(`${where}: type must be ios or android`);
    if (category !== 'phone' && category !== 'tablet' && category !== 'tv') {
      throw new FleetFormatError(`${where}: category must be phone, tablet or tv`);
    }
    if (!/^\d+(\.\d+){0,2}$/.test(osVersion))
      throw new FleetFormatError(`${where}: osVersion must look like 17.5 or 14`);
    const count = countText === undefined || countText === '' ? 1 : Number(countText);
    if (!Number.isInteger(count) || count < 1 || count > 64)
      throw new FleetFormatError(`${where}: count must be 1..64`);
    entries.push({ name, type, category, osVersion, count });
  }
  if (entries.length === 0) throw new FleetFormatError('VIRTUAL_DEVICES lists no devices');
  return entries;
}

/** A UUID (version 5 layout, SHA-1 name based) that is the same for one host seed and name every time. */
export function stableDeviceId(hostSeed: string, key: string): string {
  const h = createHash('sha1').update(`simdeck-virtual-device\0${hostSeed}\0${key}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Expands fleet entries into devices. Ids derive from the host seed (default: the hostname), the
 * model and OS and the device's index within that model, so a restart keeps every device's id
 * and adding another model does not renumber the others.
 */
export function expandFleet(entries: readonly FleetEntry[], hostSeed: string = os.hostname()): DeviceSpec[] {
  const seen = new Map<string, number>();
  const out: DeviceSpec[] = [];
  for (const e of entries) {
    for (let n = 0; n < e.count; n++) {
      const base = `${e.type}|${e.category}|${e.name}|${e.osVersion}`;
      const index = seen.get(base) ?? 0;
      seen.set(base, index + 1);
      out.push({
        deviceId: stableDeviceId(hostSeed, `${base}|${index}`),
        name: e.count > 1 || index > 0 ? `${e.name} (${index + 1})` : e.name,
        model: e.name,
        type: e.type,
        category: e.category,
        osVersion: e.osVersion,
      });
    }
  }
  return out;
}
