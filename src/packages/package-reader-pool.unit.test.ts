import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iosAppFiles, packIosZip, SETTINGS_APK_PATH } from '../../test/harness/app-packages';
import { PackageReaderPool } from './package-reader-pool';

let tmp: string;
const pools: PackageReaderPool[] = [];
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-pool-'));
});
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
  fs.rmSync(tmp, { recursive: true, force: true });
});

function poolWith(options: Omit<ConstructorParameters<typeof PackageReaderPool>[0], 'tempDir'>): PackageReaderPool {
  const pool = new PackageReaderPool({ tempDir: tmp, ...options });
  pools.push(pool);
  return pool;
}

/**
 * A named pipe nobody writes to: opening it to read blocks until a writer comes, so a read of it
 * hangs without running any code that could notice its own deadline. `release` lets it go.
 */
function stuckFile(name: string): { filePath: string; release(): void } {
  const filePath = path.join(tmp, name);
  execFileSync('mkfifo', [filePath]);
  return {
    filePath,
    release: () => fs.closeSync(fs.openSync(filePath, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK)),
  };
}

describe('package reader pool', () => {
  it('reads on its threads what the event loop never parses', async () => {
    const pool = poolWith({});
    const info = await pool.inspectUpload({ filePath: SETTINGS_APK_PATH, fileName: 'settings.apk' });
    expect(info).toMatchObject({
      platform: 'android',
      packageName: 'io.appium.settings',
      name: 'Appium Settings',
      version: '8.0.10',
      minSdkVersion: '26',
    });
    expect(info.iconPng?.subarray(1, 4).toString('latin1')).toBe('PNG');
    const zip = path.join(tmp, 'demo.zip');
    fs.writeFileSync(zip, await packIosZip(await iosAppFiles()));
    expect(await pool.checkInstallable({ filePath: zip, fileName: 'Demo.zip', platform: 'ios' })).toEqual({
      platform: 'ios',
      packageName: 'com.example.demo',
      name: 'Demo App',
      version: '2.3.1',
    });
    await expect(
      pool.checkInstallable({ filePath: zip, fileName: 'Demo.zip', platform: 'android' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      detail: 'file: Demo.zip is an iOS app bundle and cannot be installed on an Android device',
    });
  });

  it('terminates a read stuck past its time limit, and its replacement thread reads the next one', async () => {
    // The limit leaves the good read after it room on a loaded machine (a fresh thread parses an APK).
    const pool = poolWith({ limits: { timeMs: 2000 }, pool: { threads: 1 } });
    const stuck = stuckFile('stuck.apk');
    try {
      await expect(pool.inspectUpload({ filePath: stuck.filePath, fileName: 'stuck.apk' })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        detail: 'file: reading the package took longer than 2 s',
      });
    } finally {
      stuck.release();
    }
    expect((await pool.inspectUpload({ filePath: SETTINGS_APK_PATH, fileName: 'settings.apk' })).packageName).toBe(
      'io.appium.settings',
    );
  });

  it('refuses reads past its queue with 503', async () => {
    const pool = poolWith({ limits: { timeMs: 500 }, pool: { threads: 1, maxQueue: 1 } });
    const stuck = [0, 1, 2, 3].map((i) => stuckFile(`queued-${i}.apk`));
    try {
      const results = await Promise.allSettled(
        stuck.map((s) => pool.inspectUpload({ filePath: s.filePath, fileName: 'x.apk' })),
      );
      const codes = results.map((r) => (r.status === 'rejected' ? (r.reason as { code: string }).code : 'OK'));
      // One read on the thread and one waiting; the other two are refused at once.
      expect(codes.filter((c) => c === 'UNAVAILABLE')).toHaveLength(2);
      expect(
        results.find((r) => r.status === 'rejected' && (r.reason as { code: string }).code === 'UNAVAILABLE'),
      ).toMatchObject({
        reason: { detail: 'Too many packages are being read right now: try again in a moment' },
      });
    } finally {
      // Only the reads that reached a thread hold their pipe open; the others have nothing to release.
      for (const s of stuck) {
        try {
          s.release();
        } catch {}
      }
    }
  });

  it('answers 413 when a read outgrows the thread heap, and keeps reading', async () => {
    const pool = poolWith({
      limits: { maxPlistBytes: 256 * 1024 * 1024, maxDocumentNodes: 100_000_000 },
      pool: { threads: 1, heapMb: 64 },
    });
    const plist = Buffer.from(
      `<?xml version="1.0"?><plist><array>${'<string>xxxxxxxx</string>'.repeat(2_000_000)}</array></plist>`,
    );
    const zip = path.join(tmp, 'heavy.zip');
    fs.writeFileSync(zip, await packIosZip({ ...(await iosAppFiles()), 'Info.plist': plist }));
    await expect(pool.inspectUpload({ filePath: zip, fileName: 'heavy.zip' })).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      detail: 'file: reading the package needs more than the 64 MB of memory allowed',
    });
    expect((await pool.inspectUpload({ filePath: SETTINGS_APK_PATH, fileName: 'settings.apk' })).packageName).toBe(
      'io.appium.settings',
    );
  }, 60_000);
});
