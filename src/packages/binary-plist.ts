import { malformed, unsafe, type PackageLimits } from './package-limits';

export type PlistValue =
  | string
  | number
  | boolean
  | Date
  | Buffer
  | null
  | { UID: number }
  | PlistValue[]
  | { [key: string]: PlistValue };

/** Counts nodes (objects and references to them) against `maxDocumentNodes`. */
export class NodeBudget {
  private used = 0;
  constructor(
    private readonly what: string,
    private readonly max: number,
  ) {}

  add(n = 1): void {
    this.used += n;
    if (this.used > this.max) throw unsafe(`${this.what} has more than ${this.max} nodes`);
  }
}

/**
 * Parses a binary plist (`bplist00`). Each object is decoded once and memoised by its index,
 * so containers that share references cost their size once, never their expansion; the depth
 * of every reference (with the memoised height of what it points to) is checked against
 * `maxDocumentDepth`, and objects plus references against `maxDocumentNodes`. Cycles are refused.
 */
export function parseBinaryPlist(buf: Buffer, what: string, limits: PackageLimits): PlistValue {
  if (buf.length < 40 || buf.toString('latin1', 0, 6) !== 'bplist') throw malformed(`it is not a binary plist`);
  const trailer = buf.subarray(buf.length - 32);
  const offsetSize = trailer[6]!;
  const refSize = trailer[7]!;
  const count = readBig(trailer, 8);
  const top = readBig(trailer, 16);
  const tableAt = readBig(trailer, 24);
  if (![1, 2, 4, 8].includes(offsetSize) || ![1, 2, 4, 8].includes(refSize))
    throw malformed(`it has an invalid trailer`);
  if (count > limits.maxDocumentNodes) throw unsafe(`${what} has more than ${limits.maxDocumentNodes} nodes`);
  if (top >= count || tableAt < 8 || tableAt + count * offsetSize > buf.length - 32)
    throw malformed(`it has an invalid trailer`);

  const nodes = new NodeBudget(what, limits.maxDocumentNodes);
  const values = new Map<number, PlistValue>();
  const heights = new Map<number, number>();
  const open = new Set<number>();

  const uint = (at: number, size: number): number => {
    if (at + size > buf.length) throw malformed(`it is truncated`);
    let n = 0;
    for (let i = 0; i < size; i++) n = n * 256 + buf[at + i]!;
    return n;
  };
  const offsetOf = (index: number): number => {
    const at = uint(tableAt + index * offsetSize, offsetSize);
    if (at < 8 || at >= tableAt) throw malformed(`it has an object outside its object table`);
    return at;
  };
  /** The length of a data, string or container object, and where its content starts. */
  const lengthAt = (at: number): { length: number; start: number } => {
    const low = buf[at]! & 0x0f;
    if (low !== 0x0f) return { length: low, start: at + 1 };
    const marker = buf[at + 1];
    if (marker === undefined || marker >> 4 !== 0x1) throw malformed(`it has an invalid length`);
    const size = 1 << (marker & 0x0f);
    if (size > 8) throw malformed(`it has an invalid length`);
    return { length: uint(at + 2, size), start: at + 2 + size };
  };
  const within = (start: number, bytes: number) => {
    if (start + bytes > tableAt) throw malformed(`it is truncated`);
  };

  /** Decodes object `index` reached at `depth`; returns it with the height of its subtree. */
  const visit = (index: number, depth: number): PlistValue => {
    nodes.add();
    if (index >= count) throw malformed(`it refers to an object that does not exist`);
    const known = values.get(index);
    if (known !== undefined) {
      if (depth + heights.get(index)! - 1 > limits.maxDocumentDepth) throw deep();
      return known;
    }
    if (open.has(index)) throw malformed(`it refers to itself`);
    if (depth > limits.maxDocumentDepth) throw deep();
    const at = offsetOf(index);
    const marker = buf[at]!;
    const kind = marker >> 4;
    let value: PlistValue;
    let height = 1;
    switch (kind) {
      case 0x0:
        value = marker === 0x08 ? false : marker === 0x09 ? true : null;
        break;
      case 0x1: {
        const size = 1 << (marker & 0x0f);
        if (size > 16) throw malformed(`it has an invalid integer`);
        within(at + 1, size);
        value =
          size === 8
            ? Number(buf.readBigInt64BE(at + 1))
            : size === 16
              ? Number(buf.readBigInt64BE(at + 9))
              : uint(at + 1, size);
        break;
      }
      case 0x2: {
        const size = 1 << (marker & 0x0f);
        within(at + 1, size);
        if (size === 4) value = buf.readFloatBE(at + 1);
        else if (size === 8) value = buf.readDoubleBE(at + 1);
        else throw malformed(`it has an invalid real number`);
        break;
      }
      case 0x3:
        within(at + 1, 8);
        value = new Date(Date.UTC(2001, 0, 1) + buf.readDoubleBE(at + 1) * 1000);
        break;
      case 0x4: {
        const { length, start } = lengthAt(at);
        within(start, length);
        value = Buffer.from(buf.subarray(start, start + length));
        break;
      }
      case 0x5: {
        const { length, start } = lengthAt(at);
        within(start, length);
        value = buf.toString('latin1', start, start + length);
        break;
      }
      case 0x6: {
        const { length, start } = lengthAt(at);
        within(start, length * 2);
        value = Buffer.from(buf.subarray(start, start + length * 2))
          .swap16()
          .toString('utf16le');
        break;
      }
      case 0x8:
        value = { UID: uint(at + 1, (marker & 0x0f) + 1) };
        break;
      case 0xa:
      case 0xc:
      case 0xd: {
        const { length, start } = lengthAt(at);
        const refs = kind === 0xd ? length * 2 : length;
        within(start, refs * refSize);
        open.add(index);
        const child = (i: number) => {
          const ref = uint(start + i * refSize, refSize);
          const v = visit(ref, depth + 1);
          height = Math.max(height, 1 + heights.get(ref)!);
          return v;
        };
        if (kind === 0xd) {
          const dict: { [key: string]: PlistValue } = {};
          for (let i = 0; i < length; i++) {
            const key = child(i);
            if (typeof key !== 'string') throw malformed(`it has a dictionary key that is not a string`);
            dict[key] = child(length + i);
          }
          value = dict;
        } else {
          const list: PlistValue[] = [];
          for (let i = 0; i < length; i++) list.push(child(i));
          value = list;
        }
        open.delete(index);
        break;
      }
      default:
        throw malformed(`it has an object of unknown type 0x${marker.toString(16)}`);
    }
    values.set(index, value);
    heights.set(index, height);
    return value;
  };
  const deep = () => unsafe(`${what} nests deeper than ${limits.maxDocumentDepth} levels`);
  return visit(top, 1);
}

function readBig(buf: Buffer, at: number): number {
  const n = buf.readBigUInt64BE(at);
  return n > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(n);
}
