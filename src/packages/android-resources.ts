import { StringPool, type AxmlValue } from './android-binary-xml';
import { malformed, unsafe, type PackageLimits } from './package-limits';

/** One configuration's value of a resource: `density` 0 is the default, 0xfffe anydpi, 0xffff nodpi. */
export interface ResourceValue {
  value: AxmlValue;
  density: number;
  /** The configuration names a language (a translation, not the default). */
  localized: boolean;
}

const CHUNK_STRING_POOL = 0x0001;
const CHUNK_TABLE = 0x0002;
const CHUNK_PACKAGE = 0x0200;
const CHUNK_TYPE = 0x0201;
const FLAG_SPARSE = 0x01;
const FLAG_OFFSET16 = 0x02;
const ENTRY_COMPLEX = 0x0001;
const ENTRY_COMPACT = 0x0008;
const NO_ENTRY = 0xffffffff;
/** References are followed this many times (label → @string/app_name → "Demo"). */
const MAX_REFERENCE_HOPS = 4;

/**
 * The parts of resources.arsc that name an app: values of single resources by id, in each
 * configuration. Opening it indexes the type chunks only; an entry is decoded when asked for.
 */
export class ResourceTable {
  private constructor(
    private readonly buf: Buffer,
    private readonly strings: StringPool | null,
    /** (package id << 8 | type id) → offsets of that type's chunks. */
    private readonly types: Map<number, number[]>,
  ) {}

  static parse(buf: Buffer, limits: PackageLimits): ResourceTable {
    const what = 'resources.arsc';
    try {
      if (buf.length < 12 || buf.readUInt16LE(0) !== CHUNK_TABLE) throw malformed(`it is not a resource table`);
      const end = Math.min(buf.readUInt32LE(4), buf.length);
      let strings: StringPool | null = null;
      const types = new Map<number, number[]>();
      let chunks = 0;
      for (const top of chunksOf(buf, buf.readUInt16LE(2), end)) {
        if (top.type === CHUNK_STRING_POOL) strings ??= new StringPool(buf, top.at);
        if (top.type !== CHUNK_PACKAGE) continue;
        const packageId = buf.readUInt32LE(top.at + 8) & 0xff;
        for (const inner of chunksOf(buf, top.at + top.headerSize, top.at + top.size)) {
          if (inner.type !== CHUNK_TYPE) continue;
          if (++chunks > limits.maxDocumentNodes)
            throw unsafe(`${what} has more than ${limits.maxDocumentNodes} type chunks`);
          const key = (packageId << 8) | buf[inner.at + 8]!;
          const list = types.get(key) ?? [];
          list.push(inner.at);
          types.set(key, list);
        }
      }
      return new ResourceTable(buf, strings, types);
    } catch (err) {
      if (err instanceof RangeError) throw malformed(`it is truncated`);
      throw err;
    }
  }

  /** The values of `value` in every configuration, following references; a plain value is itself. */
  resolve(value: AxmlValue, hops = 0): ResourceValue[] {
    if (value === null || typeof value !== 'object') return [{ value, density: 0, localized: false }];
    if (hops >= MAX_REFERENCE_HOPS) return [];
    try {
      return this.lookup(value.ref).flatMap((v) =>
        v.value !== null && typeof v.value === 'object'
          ? this.resolve(v.value, hops + 1).map((r) => ({
              ...r,
              density: v.density || r.density,
              localized: v.localized || r.localized,
            }))
          : [v],
      );
    } catch (err) {
      if (err instanceof RangeError) return [];
      throw err;
    }
  }

  private lookup(id: number): ResourceValue[] {
    const out: ResourceValue[] = [];
    const index = id & 0xffff;
    for (const at of this.types.get(((id >>> 24) << 8) | ((id >>> 16) & 0xff)) ?? []) {
      const buf = this.buf;
      const headerSize = buf.readUInt16LE(at + 2);
      const size = buf.readUInt32LE(at + 4);
      const flags = buf[at + 9]!;
      const count = buf.readUInt32LE(at + 12);
      const entriesStart = at + buf.readUInt32LE(at + 16);
      const config = at + 20;
      const offset = entryOffset(buf, at + headerSize, flags, count, index);
      if (offset === NO_ENTRY || entriesStart + offset + 8 > at + size) continue;
      const entry = entriesStart + offset;
      const entryFlags = buf.readUInt16LE(entry + 2);
      let dataType: number;
      let data: number;
      if (entryFlags & ENTRY_COMPACT) {
        dataType = entryFlags >>> 8;
        data = buf.readUInt32LE(entry + 4);
      } else {
        if (entryFlags & ENTRY_COMPLEX) continue;
        const valueAt = entry + buf.readUInt16LE(entry);
        if (valueAt + 8 > at + size) continue;
        dataType = buf[valueAt + 3]!;
        data = buf.readUInt32LE(valueAt + 4);
      }
      out.push({
        value: this.decodeValue(dataType, data),
        density: buf.readUInt16LE(config + 14),
        localized: buf[config + 8] !== 0,
      });
    }
    return out;
  }

  private decodeValue(dataType: number, data: number): AxmlValue {
    if (dataType === 0x03) return this.strings?.get(data) ?? null;
    if (dataType === 0x01 || dataType === 0x07) return { ref: data };
    if (dataType === 0x12) return data !== 0;
    if (dataType >= 0x10 && dataType <= 0x1f) return data | 0;
    return null;
  }
}

function entryOffset(buf: Buffer, table: number, flags: number, count: number, index: number): number {
  if (flags & FLAG_SPARSE) {
    // Sorted (index, offset / 4) pairs.
    let lo = 0;
    let hi = count - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const idx = buf.readUInt16LE(table + mid * 4);
      if (idx === index) return buf.readUInt16LE(table + mid * 4 + 2) * 4;
      if (idx < index) lo = mid + 1;
      else hi = mid - 1;
    }
    return NO_ENTRY;
  }
  if (index >= count) return NO_ENTRY;
  if (flags & FLAG_OFFSET16) {
    const v = buf.readUInt16LE(table + index * 2);
    return v === 0xffff ? NO_ENTRY : v * 4;
  }
  return buf.readUInt32LE(table + index * 4);
}

function* chunksOf(
  buf: Buffer,
  start: number,
  end: number,
): Generator<{ type: number; headerSize: number; size: number; at: number }> {
  let at = start;
  while (at + 8 <= end) {
    const type = buf.readUInt16LE(at);
    const headerSize = buf.readUInt16LE(at + 2);
    const size = buf.readUInt32LE(at + 4);
    if (size < 8 || headerSize < 8 || headerSize > size || at + size > end)
      throw malformed(`it has a chunk that does not fit`);
    yield { type, headerSize, size, at };
    at += size;
  }
}
