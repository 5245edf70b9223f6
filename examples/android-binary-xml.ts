/**
 * A minimal writer for Android's binary XML (the format aapt2 compiles AndroidManifest.xml
 * into): a UTF-16 string pool, a resource map for `android:` attributes, and namespace/element
 * chunks. Enough to produce manifests that Android tooling and app-info-parser read.
 */

export const ANDROID_NS = 'http://schemas.android.com/apk/res/android';

/** android: attribute resource ids (frameworks/base/core/res/res/values/public.xml). */
const ATTR_IDS: Record<string, number> = {
  label: 0x01010001,
  icon: 0x01010002,
  name: 0x01010003,
  exported: 0x01010010,
  minSdkVersion: 0x0101020c,
  versionCode: 0x0101021b,
  versionName: 0x0101021c,
  targetSdkVersion: 0x01010270,
};

export type AttrValue = string | number | boolean;

export interface XmlElement {
  name: string;
  /** `android:x` attributes go into the android namespace; others have none. */
  attrs: Record<string, AttrValue>;
  children?: XmlElement[];
}

const TYPE_STRING = 0x03;
const TYPE_INT_DEC = 0x10;
const TYPE_INT_BOOLEAN = 0x12;
const NO_INDEX = 0xffffffff;

class Chunks {
  parts: Buffer[] = [];
  push(b: Buffer): void {
    this.parts.push(b);
  }
}

function u16(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
}

function chunk(type: number, headerSize: number, header: Buffer, body: Buffer): Buffer {
  const size = 8 + header.length + body.length;
  return Buffer.concat([u16(type), u16(headerSize), u32(size), header, body]);
}

export function encodeBinaryXml(root: XmlElement): Buffer {
  // Attribute names with resource ids must come first in the pool, in resource-map order.
  const attrNames: string[] = [];
  const others: string[] = [];
  const visit = (el: XmlElement) => {
    for (const [k, v] of Object.entries(el.attrs)) {
      if (k.startsWith('android:')) {
        const n = k.slice(8);
        if (ATTR_IDS[n] === undefined) throw new Error(`no resource id known for android:${n}`);
        if (!attrNames.includes(n)) attrNames.push(n);
      } else if (!others.includes(k)) others.push(k);
      if (typeof v === 'string' && !others.includes(v)) others.push(v);
    }
    if (!others.includes(el.name)) others.push(el.name);
    el.children?.forEach(visit);
  };
  visit(root);
  for (const s of ['android', ANDROID_NS]) if (!others.includes(s)) others.push(s);
  const strings = [...attrNames, ...others.filter((s) => !attrNames.includes(s))];
  const idx = (s: string) => {
    const i = strings.indexOf(s);
    if (i < 0) throw new Error(`string not in pool: ${s}`);
    return i;
  };

  // String pool (UTF-16).
  const offsets: Buffer[] = [];
  const data: Buffer[] = [];
  let off = 0;
  for (const s of strings) {
    offsets.push(u32(off));
    const enc = Buffer.concat([u16(s.length), Buffer.from(s, 'utf16le'), u16(0)]);
    data.push(enc);
    off += enc.length;
  }
  let dataBuf = Buffer.concat(data);
  if (dataBuf.length % 4 !== 0) dataBuf = Buffer.concat([dataBuf, Buffer.alloc(4 - (dataBuf.length % 4))]);
  const offsetsBuf = Buffer.concat(offsets);
  const poolHeader = Buffer.concat([u32(strings.length), u32(0), u32(0), u32(28 + offsetsBuf.length), u32(0)]);
  const pool = chunk(0x0001, 28, poolHeader, Buffer.concat([offsetsBuf, dataBuf]));

  const resMap = chunk(0x0180, 8, Buffer.alloc(0), Buffer.concat(attrNames.map((n) => u32(ATTR_IDS[n]!))));

  const body = new Chunks();
  let line = 1;
  const nodeHeader = () => Buffer.concat([u32(line++), u32(NO_INDEX)]);
  body.push(chunk(0x0100, 16, nodeHeader(), Buffer.concat([u32(idx('android')), u32(idx(ANDROID_NS))])));
  const emit = (el: XmlElement) => {
    const attrs = Object.entries(el.attrs).map(([k, v]) => {
      const android = k.startsWith('android:');
      const name = android ? k.slice(8) : k;
      let raw = NO_INDEX;
      let type: number;
      let value: number;
      if (typeof v === 'string') {
        raw = idx(v);
        type = TYPE_STRING;
        value = raw;
      } else if (typeof v === 'boolean') {
        type = TYPE_INT_BOOLEAN;
        value = v ? 0xffffffff : 0;
      } else {
        type = TYPE_INT_DEC;
        value = v;
      }
      return Buffer.concat([
        u32(android ? idx(ANDROID_NS) : NO_INDEX),
        u32(idx(name)),
        u32(raw),
        u16(8),
        Buffer.from([0, type]),
        u32(value),
      ]);
    });
    const ext = Buffer.concat([
      u32(NO_INDEX),
      u32(idx(el.name)),
      u16(20),
      u16(20),
      u16(attrs.length),
      u16(0),
      u16(0),
      u16(0),
    ]);
    body.push(chunk(0x0102, 16, nodeHeader(), Buffer.concat([ext, ...attrs])));
    el.children?.forEach(emit);
    body.push(chunk(0x0103, 16, nodeHeader(), Buffer.concat([u32(NO_INDEX), u32(idx(el.name))])));
  };
  emit(root);
  body.push(chunk(0x0101, 16, nodeHeader(), Buffer.concat([u32(idx('android')), u32(idx(ANDROID_NS))])));
  return chunk(0x0003, 8, Buffer.alloc(0), Buffer.concat([pool, resMap, ...body.parts]));
}
