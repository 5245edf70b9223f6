import { NodeBudget } from './binary-plist';
import { malformed, unsafe, type PackageLimits } from './package-limits';

/** An attribute value of compiled XML: strings, numbers, booleans, or a resource reference. */
export type AxmlValue = string | number | boolean | { ref: number } | null;

export interface AxmlElement {
  name: string;
  attrs: Record<string, AxmlValue>;
  children: AxmlElement[];
}

const CHUNK_STRING_POOL = 0x0001;
const CHUNK_XML = 0x0003;
const CHUNK_START_ELEMENT = 0x0102;
const CHUNK_END_ELEMENT = 0x0103;
const CHUNK_RESOURCE_MAP = 0x0180;

const TYPE_REFERENCE = 0x01;
const TYPE_STRING = 0x03;
const TYPE_INT_BOOLEAN = 0x12;

/** android: attributes by resource id, for manifests whose attribute names were stripped. */
const ANDROID_ATTRS: Record<number, string> = {
  0x01010001: 'label',
  0x01010002: 'icon',
  0x01010003: 'name',
  0x0101000f: 'debuggable',
  0x0101020c: 'minSdkVersion',
  0x0101021b: 'versionCode',
  0x0101021c: 'versionName',
  0x01010270: 'targetSdkVersion',
};

/**
 * A string pool of compiled XML or a resource table: offsets are read when the pool is met,
 * strings are decoded only when asked for, so a pool of a million strings costs nothing until used.
 */
export class StringPool {
  private readonly cache = new Map<number, string>();
  private readonly count: number;
  private readonly utf8: boolean;
  private readonly offsets: number;
  private readonly strings: number;
  private readonly end: number;

  constructor(
    private readonly buf: Buffer,
    at: number,
  ) {
    const headerSize = buf.readUInt16LE(at + 2);
    const size = buf.readUInt32LE(at + 4);
    this.count = buf.readUInt32LE(at + 8);
    this.utf8 = (buf.readUInt32LE(at + 16) & 0x100) !== 0;
    this.offsets = at + headerSize;
    this.strings = at + buf.readUInt32LE(at + 20);
    this.end = at + size;
    if (this.offsets + this.count * 4 > this.end || this.end > buf.length)
      throw malformed(`it has a string pool larger than its chunk`);
  }

  get(index: number): string | null {
    if (index < 0 || index >= this.count) return null;
    const cached = this.cache.get(index);
    if (cached !== undefined) return cached;
    let at = this.strings + this.buf.readUInt32LE(this.offsets + index * 4);
    let value: string;
    if (this.utf8) {
      at += this.buf[at]! & 0x80 ? 2 : 1;
      let bytes = this.buf[at]!;
      if (bytes & 0x80) bytes = ((bytes & 0x7f) << 8) | this.buf[++at]!;
      at += 1;
      value = this.buf.toString('utf8', at, Math.min(at + bytes, this.end));
    } else {
      let units = this.buf.readUInt16LE(at);
      if (units & 0x8000) {
        units = ((units & 0x7fff) << 16) | this.buf.readUInt16LE(at + 2);
        at += 2;
      }
      at += 2;
      value = this.buf.toString('utf16le', at, Math.min(at + units * 2, this.end));
    }
    this.cache.set(index, value);
    return value;
  }
}

/**
 * Decodes Android compiled XML (AndroidManifest.xml) into an element tree. Every chunk must fit
 * in its parent and advance the cursor; elements and attributes count against
 * `maxDocumentNodes`, nesting against `maxDocumentDepth`.
 */
export function parseBinaryXml(buf: Buffer, what: string, limits: PackageLimits): AxmlElement {
  if (buf.length < 8 || buf.readUInt16LE(0) !== CHUNK_XML) throw malformed(`it is not compiled binary XML`);
  const end = Math.min(buf.readUInt32LE(4), buf.length);
  const nodes = new NodeBudget(what, limits.maxDocumentNodes);
  let strings: StringPool | null = null;
  let resourceIds: number[] = [];
  let root: AxmlElement | null = null;
  const stack: AxmlElement[] = [];
  let at = buf.readUInt16LE(2);
  while (at + 8 <= end) {
    const type = buf.readUInt16LE(at);
    const headerSize = buf.readUInt16LE(at + 2);
    const size = buf.readUInt32LE(at + 4);
    if (size < 8 || headerSize < 8 || headerSize > size || at + size > end)
      throw malformed(`it has a chunk that does not fit`);
    if (type === CHUNK_STRING_POOL) {
      strings ??= new StringPool(buf, at);
    } else if (type === CHUNK_RESOURCE_MAP) {
      const ids = (size - headerSize) >>> 2;
      if (ids > limits.maxDocumentNodes) throw unsafe(`${what} has more than ${limits.maxDocumentNodes} nodes`);
      resourceIds = Array.from({ length: ids }, (_, i) => buf.readUInt32LE(at + headerSize + i * 4));
    } else if (type === CHUNK_START_ELEMENT) {
      if (!strings) throw malformed(`it has an element before its string pool`);
      nodes.add();
      if (stack.length + 1 > limits.maxDocumentDepth)
        throw unsafe(`${what} nests deeper than ${limits.maxDocumentDepth} levels`);
      const ext = at + headerSize;
      const element: AxmlElement = { name: strings.get(buf.readUInt32LE(ext + 4)) ?? '', attrs: {}, children: [] };
      const attrStart = buf.readUInt16LE(ext + 8);
      const attrSize = buf.readUInt16LE(ext + 10);
      const attrCount = buf.readUInt16LE(ext + 12);
      if (attrSize < 20 || ext + attrStart + attrCount * attrSize > at + size)
        throw malformed(`it has attributes outside their element`);
      nodes.add(attrCount);
      for (let i = 0; i < attrCount; i++) {
        const a = ext + attrStart + i * attrSize;
        const nameIndex = buf.readUInt32LE(a + 4);
        const name = strings.get(nameIndex) || ANDROID_ATTRS[resourceIds[nameIndex] ?? -1] || '';
        if (name) element.attrs[name] = typedValue(buf, a, strings);
      }
      if (stack.length > 0) stack[stack.length - 1]!.children.push(element);
      else if (root) throw malformed(`it has more than one root element`);
      else root = element;
      stack.push(element);
    } else if (type === CHUNK_END_ELEMENT) {
      if (!stack.pop()) throw malformed(`it closes an element it never opened`);
    }
    at += size;
  }
  if (!root) throw malformed(`it has no root element`);
  return root;
}

function typedValue(buf: Buffer, a: number, strings: StringPool): AxmlValue {
  const raw = buf.readUInt32LE(a + 8);
  const dataType = buf[a + 15]!;
  const data = buf.readUInt32LE(a + 16);
  switch (dataType) {
    case TYPE_STRING:
      return strings.get(data) ?? strings.get(raw);
    case TYPE_REFERENCE:
      return { ref: data };
    case TYPE_INT_BOOLEAN:
      return data !== 0;
    case 0x00:
      return raw !== 0xffffffff ? strings.get(raw) : null;
    default:
      return dataType >= 0x10 && dataType <= 0x1f ? data | 0 : raw !== 0xffffffff ? strings.get(raw) : data;
  }
}
