import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBinaryXml, type XmlElement } from '../../examples/android-binary-xml';
import { buildSampleApk } from '../../examples/build-sample-app';
import {
  DEMO_INFO,
  iosAppFiles,
  iosBundleEntries,
  iosTarGzWithManyEntries,
  packIosTarGz,
  packIosZip,
  pngClaiming,
  sharedReferencePlist,
  tarGz,
  zipWithRenamedEntries,
} from '../../test/harness/app-packages';
import { parseBinaryXml } from './android-binary-xml';
import { parseBinaryPlist, type PlistValue } from './binary-plist';
import { extractIosBundle, readDevicePackage } from './device-package';
import { decoding, DEFAULT_PACKAGE_LIMITS, type PackageLimits } from './package-limits';
import { readPackage } from './package-reader';
import { parsePropertyList } from './property-list';

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-packages-'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const limits = (over: Partial<PackageLimits> = {}): PackageLimits => ({ ...DEFAULT_PACKAGE_LIMITS, ...over });

function file(name: string, data: Buffer): string {
  const p = path.join(tmp, `${Math.random().toString(16).slice(2)}-${name}`);
  fs.writeFileSync(p, data);
  return p;
}

const read = (filePath: string, over: Partial<PackageLimits> = {}, purpose: 'upload' | 'install' = 'upload') =>
  readPackage({ filePath, format: null, purpose, scratchFile: path.join(tmp, 'scratch.apk') }, limits(over));

describe('binary plists', () => {
  it('decodes shared references once: 8 arrays each holding 12 references to the next (12^8 when expanded)', () => {
    const root = parseBinaryPlist(
      sharedReferencePlist({ info: DEMO_INFO, depth: 8, fanOut: 12 }),
      'Info.plist',
      limits(),
    ) as Record<string, PlistValue>;
    expect(root.CFBundleIdentifier).toBe('com.example.demo');
    const level1 = root.Nested as PlistValue[][];
    expect(level1).toHaveLength(12);
    // The same object, not twelve copies: nothing was re-expanded.
    expect(level1[0]).toBe(level1[11]);
  });

  it('checks the depth of a shared subtree wherever it is referenced again', () => {
    const deep = sharedReferencePlist({ info: DEMO_INFO, depth: 16, fanOut: 2 });
    expect(() => parseBinaryPlist(deep, 'Info.plist', limits())).toThrow('Info.plist nests deeper than 16 levels');
    expect(() =>
      parseBinaryPlist(sharedReferencePlist({ info: DEMO_INFO, depth: 14, fanOut: 2 }), 'Info.plist', limits()),
    ).not.toThrow();
  });

  it('counts references against the node cap, and refuses a reference cycle', () => {
    expect(() =>
      parseBinaryPlist(sharedReferencePlist({ info: DEMO_INFO, depth: 1, fanOut: 150_000 }), 'Info.plist', limits()),
    ).toThrow('Info.plist has more than 100000 nodes');
    const cyclic = sharedReferencePlist({ info: {}, depth: 1, fanOut: 1 });
    // Objects: 0 the dictionary, 1 "leaf", 2 the array, 3 "Nested". Point the array's one reference at itself.
    const tableAt = Number(cyclic.readBigUInt64BE(cyclic.length - 8));
    cyclic.writeUInt16BE(2, cyclic.readUInt32BE(tableAt + 2 * 4) + 1);
    expect(() => decoding('Info.plist', () => parseBinaryPlist(cyclic, 'Info.plist', limits()))).toThrow(
      'Info.plist cannot be parsed: it refers to itself',
    );
  });
});

describe('XML plists', () => {
  const xml = (body: string) =>
    Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">${body}</plist>`);

  it('reads the usual types', () => {
    expect(
      parsePropertyList(
        xml('<dict><key>a</key><string>x</string><key>b</key><array><integer>3</integer><true/></array></dict>'),
        'Info.plist',
        limits(),
      ),
    ).toEqual({ a: 'x', b: [3, true] });
  });

  it('refuses nesting past the depth cap, too many nodes before building a DOM, entity declarations and oversized files', () => {
    expect(() => parsePropertyList(xml('<array>'.repeat(30) + '</array>'.repeat(30)), 'Info.plist', limits())).toThrow(
      'Info.plist nests deeper than 16 levels',
    );
    expect(() => parsePropertyList(xml(`<array>${'<true/>'.repeat(250_000)}</array>`), 'Info.plist', limits())).toThrow(
      'Info.plist has more than 100000 nodes',
    );
    expect(() =>
      decoding('Info.plist', () =>
        parsePropertyList(
          Buffer.from('<!DOCTYPE plist [<!ENTITY a "aaaa">]><plist><string>&a;</string></plist>'),
          'Info.plist',
          limits(),
        ),
      ),
    ).toThrow('Info.plist cannot be parsed: it declares XML entities');
    expect(() => parsePropertyList(Buffer.alloc(3 * 1024 * 1024, 0x20), 'Info.plist', limits())).toThrow(
      'Info.plist is 3 MB, more than the 2 MB allowed',
    );
  });
});

describe('compiled Android XML', () => {
  const manifest = (children: XmlElement[] = []) =>
    encodeBinaryXml({ name: 'manifest', attrs: { package: 'com.example.x' }, children });

  it('refuses a chunk that does not advance (a decoder that trusts it loops forever)', () => {
    const good = manifest();
    // A trailing chunk header claiming size 0, and the document size grown to include it.
    const bad = Buffer.concat([good, Buffer.from([0x02, 0x01, 0x10, 0x00, 0, 0, 0, 0])]);
    bad.writeUInt32LE(bad.length, 4);
    expect(parseBinaryXml(good, 'AndroidManifest.xml', limits()).attrs.package).toBe('com.example.x');
    expect(() => decoding('AndroidManifest.xml', () => parseBinaryXml(bad, 'AndroidManifest.xml', limits()))).toThrow(
      'AndroidManifest.xml cannot be parsed: it has a chunk that does not fit',
    );
  });

  it('refuses elements nested past the depth cap', () => {
    let deep: XmlElement = { name: 'leaf', attrs: {} };
    for (let i = 0; i < 40; i++) deep = { name: 'meta-data', attrs: {}, children: [deep] };
    expect(() => parseBinaryXml(manifest([deep]), 'AndroidManifest.xml', limits())).toThrow(
      'AndroidManifest.xml nests deeper than 16 levels',
    );
  });
});

describe('archives', () => {
  it('stops a gzip bomb at the unpacked cap', async () => {
    // Sixteen 4 MB files: no single header says more than the cap, the stream does.
    const blobs = Array.from({ length: 16 }, (_, i) => ({
      name: `Demo.app/blob${i}`,
      data: { zeros: 4 * 1024 * 1024 },
    }));
    const bomb = file('bomb.tgz', await tarGz([...(await iosBundleEntries()), ...blobs]));
    expect(fs.statSync(bomb).size).toBeLessThan(1024 * 1024);
    expect(await read(bomb, { maxUnpackedBytes: 8 * 1024 * 1024 })).toMatchObject({
      ok: false,
      kind: 'too_large',
      message: 'the archive unpacks to more than 8 MB',
    });
    expect(await read(bomb)).toMatchObject({ ok: true, facts: { packageName: 'com.example.demo' } });
  });

  it('counts tar entries as they stream: 100,000 are refused', async () => {
    const few = file('few.tgz', await iosTarGzWithManyEntries(10));
    expect(await read(few)).toMatchObject({ ok: true, facts: { packageName: 'com.example.demo' } });
    const many = file('many.tgz', await iosTarGzWithManyEntries(100_000));
    expect(await read(many)).toMatchObject({
      ok: false,
      kind: 'unsafe',
      message: 'the archive has more than 50000 entries',
    });
  }, 60_000);

  it('gives up at the time limit', async () => {
    const slow = file(
      'slow.tgz',
      await tarGz([...(await iosBundleEntries()), { name: 'Demo.app/blob', data: { zeros: 256 * 1024 * 1024 } }]),
    );
    expect(await read(slow, { timeMs: 1 })).toMatchObject({
      ok: false,
      kind: 'unsafe',
      message: 'reading the package took longer than 0.001 s',
    });
  }, 60_000);

  it('refuses absolute entry names', async () => {
    const zip = file(
      'abs.zip',
      await zipWithRenamedEntries([...(await iosBundleEntries()), { name: 'zetc/passwd', data: Buffer.from('x') }], {
        'zetc/passwd': '/etc/passwd',
      }),
    );
    expect(await read(zip)).toMatchObject({
      ok: false,
      kind: 'unsafe',
      message: 'the entry "/etc/passwd" has an absolute path',
    });
  });
});

describe('on a device', () => {
  it('reads the sample app with its model, from a zip or a tar.gz', async () => {
    const apk = await buildSampleApk(path.join(tmp, 'sample.apk'));
    const info = await readDevicePackage(apk, 'android');
    expect(info).toMatchObject({
      platform: 'android',
      packageName: 'dev.simdeck.sample',
      name: 'Simdeck Sample',
      version: '1.2.0',
      build: '12',
      minOsVersion: '26',
    });
    expect(info.model?.screens).toBeDefined();
    expect(info.icon?.subarray(1, 4).toString('latin1')).toBe('PNG');
    const tgz = file('demo.tgz', await packIosTarGz(await iosAppFiles()));
    expect(await readDevicePackage(tgz, 'ios')).toMatchObject({
      platform: 'ios',
      packageName: 'com.example.demo',
      name: 'Demo App',
      version: '2.3.1',
      model: null,
    });
  });

  it('refuses an icon whose header claims more pixels than allowed, before decoding it', async () => {
    const zip = file(
      'icon.zip',
      await packIosZip({ ...(await iosAppFiles()), 'AppIcon60x60@2x.png': pngClaiming(100_000, 100_000) }),
    );
    await expect(readDevicePackage(zip, 'ios')).rejects.toMatchObject({
      code: 'INVALID_PACKAGE',
      message: 'the icon Demo.app/AppIcon60x60@2x.png claims 100000 × 100000 pixels, more than the 16777216 allowed',
    });
  });

  it('unpacks a bundle for simctl under the same caps: nothing lands outside the destination', async () => {
    const dest = fs.mkdtempSync(path.join(tmp, 'unpack-'));
    const good = file('good.tgz', await packIosTarGz(await iosAppFiles()));
    expect(path.relative(dest, await extractIosBundle(good, dest))).toBe('Demo.app');
    expect(fs.existsSync(path.join(dest, 'Demo.app', 'Info.plist'))).toBe(true);

    const out = fs.mkdtempSync(path.join(tmp, 'escape-'));
    const evil = file(
      'evil.tgz',
      await tarGz([{ name: 'Demo.app/../../escaped.txt', data: Buffer.from('x') }, ...(await iosBundleEntries())]),
    );
    await expect(extractIosBundle(evil, path.join(out, 'inner'))).rejects.toMatchObject({
      code: 'INVALID_PACKAGE',
      message: expect.stringContaining('points outside the archive'),
    });
    expect(fs.existsSync(path.join(out, 'escaped.txt'))).toBe(false);
  });
});
