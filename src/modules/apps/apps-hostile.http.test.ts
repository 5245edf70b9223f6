import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness/app';
import { bearer, createOrgWithRoles, type OrgWithRoles } from '../../../test/harness/factories';
import {
  DEMO_INFO,
  iosAppFiles,
  iosBundleEntries,
  iosZipWithManyEntries,
  multipartBody,
  packIosZip,
  pngClaiming,
  settingsApk,
  sharedReferencePlist,
  tarGz,
  withDeclaredSize,
  zipWithHugeEntry,
  zipWithRenamedEntries,
} from '../../../test/harness/app-packages';

/**
 * Crafted packages through POST /apps/upload: each is refused with 400 or 413 and a detail naming
 * the problem, nothing is left behind, and the server keeps answering while the attack is read.
 * The /healthz latency and RSS seen during each attack are printed (bench/packages.bench.ts
 * measures the latency on its own server); the test asserts only what cannot flake.
 */
let t: TestApp;
let org: OrgWithRoles;
let gigabyteManifestApk: Buffer;

const GB = 1024 * 1024 * 1024;
const MB = 1024 * 1024;
const RSS_CEILING = 300 * MB;

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  org = await createOrgWithRoles(t, 'Hostile');
  // 1 GiB of zeros deflated as it streams: about a megabyte on the wire.
  gigabyteManifestApk = await zipWithHugeEntry({
    files: { 'classes.dex': Buffer.from('dex\n035\0') },
    name: 'AndroidManifest.xml',
    bytes: GB,
  });
}, 120_000);
afterAll(async () => t?.close());

interface AttackRun {
  status: number;
  detail: string;
  probes: number;
  healthzMaxMs: number;
  rssMaxMb: number;
}

/** Uploads `file` while /healthz is probed and RSS sampled, until the upload is answered. */
async function underAttack(file: { name: string; data: Buffer }): Promise<AttackRun> {
  const body = multipartBody(file);
  let done = false;
  let rssMax = process.memoryUsage().rss;
  const sampler = setInterval(() => (rssMax = Math.max(rssMax, process.memoryUsage().rss)), 10);
  const answer = t.app
    .inject({
      method: 'POST',
      url: '/api/v1/apps/upload',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(org.developer.token) },
    })
    .finally(() => (done = true));
  let probes = 0;
  let healthzMaxMs = 0;
  try {
    while (!done) {
      const started = performance.now();
      const health = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      healthzMaxMs = Math.max(healthzMaxMs, performance.now() - started);
      probes++;
      // The probes' pace (one every few milliseconds while the upload runs), not a wait.
      await new Promise((r) => setTimeout(r, 5));
    }
    const res = await answer;
    return { status: res.statusCode, detail: res.json().detail, probes, healthzMaxMs, rssMaxMb: rssMax / MB };
  } finally {
    clearInterval(sampler);
  }
}

function tempFiles(): string[] {
  const dir = path.join(t.dataDir, 'tmp', 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

const attacks: Array<[string, () => Promise<{ name: string; data: Buffer }>, number, RegExp]> = [
  [
    'a zip entry named ../',
    async () => ({
      name: 'x.zip',
      data: await zipWithRenamedEntries(
        [...(await iosBundleEntries()), { name: 'aa/evil.txt', data: Buffer.from('x') }],
        { 'aa/evil.txt': '../evil.txt' },
      ),
    }),
    400,
    /^file: the entry "\.\.\/evil\.txt" points outside the archive$/,
  ],
  [
    'a tar.gz entry named ../',
    async () => ({
      name: 'x.tgz',
      data: await tarGz([...(await iosBundleEntries()), { name: 'Demo.app/../../evil.sh', data: Buffer.from('x') }]),
    }),
    400,
    /^file: the entry "Demo\.app\/\.\.\/\.\.\/evil\.sh" points outside the archive$/,
  ],
  [
    'a 1 GB manifest that deflates to about 1 MB',
    async () => ({ name: 'x.apk', data: gigabyteManifestApk }),
    413,
    /^file: AndroidManifest\.xml unpacks to 1024 MB, more than the 4 MB allowed$/,
  ],
  [
    'a 1 GB manifest whose header declares 1 KB',
    async () => ({ name: 'x.apk', data: withDeclaredSize(gigabyteManifestApk, 'AndroidManifest.xml', 1024) }),
    400,
    /^x\.apk is not an Android APK \(a zip holding AndroidManifest\.xml\): AndroidManifest\.xml unpacks to more bytes than its header declares$/,
  ],
  [
    'a 64 MB Info.plist in a tar.gz',
    async () => ({ name: 'x.tar.gz', data: await tarGz([{ name: 'Demo.app/Info.plist', data: { zeros: 64 * MB } }]) }),
    413,
    /^file: Demo\.app\/Info\.plist unpacks to 64 MB, more than the 2 MB allowed$/,
  ],
  [
    'a binary Info.plist whose nested arrays share references (depth 30)',
    async () => ({
      name: 'x.zip',
      data: await packIosZip({
        ...(await iosAppFiles()),
        'Info.plist': sharedReferencePlist({ info: DEMO_INFO, depth: 30, fanOut: 2 }),
      }),
    }),
    400,
    /^file: Info\.plist nests deeper than 16 levels$/,
  ],
  [
    'a tar.gz with a 4 MB PAX name',
    async () => ({
      name: 'x.tgz',
      data: await tarGz([
        ...(await iosBundleEntries()),
        { name: `Demo.app/${'n'.repeat(4_000_000)}`, data: Buffer.from('x') },
      ]),
    }),
    400,
    /^file: an entry name is 3\.8 MB long, more than the 1024 bytes allowed$/,
  ],
  [
    "a tar.gz with a PAX header over tar-stream's 4 MiB",
    async () => ({
      name: 'x.tgz',
      data: await tarGz([{ name: `Demo.app/${'n'.repeat(4 * MB)}`, data: Buffer.from('x') }]),
    }),
    400,
    /^file: a tar header is larger than 4 MB$/,
  ],
  [
    'a zip with 100,000 entries',
    async () => ({ name: 'x.zip', data: await iosZipWithManyEntries(100_000) }),
    400,
    /^file: the archive has more than 50000 entries$/,
  ],
  [
    'an icon claiming 100,000 × 100,000 pixels',
    async () => ({
      name: 'x.zip',
      data: await packIosZip({ ...(await iosAppFiles()), 'AppIcon60x60@2x.png': pngClaiming(100_000, 100_000) }),
    }),
    400,
    /^file: the icon Demo\.app\/AppIcon60x60@2x\.png claims 100000 × 100000 pixels, more than the 16777216 allowed$/,
  ],
];

describe('POST /apps/upload: hostile packages', () => {
  for (const [label, make, status, detail] of attacks) {
    it(`${status} for ${label}, while the server keeps answering`, async () => {
      const run = await underAttack(await make());
      console.log(
        `${label}: ${run.status}, /healthz max ${run.healthzMaxMs.toFixed(1)} ms over ${run.probes} probes, RSS max ${run.rssMaxMb.toFixed(0)} MB`,
      );
      expect(run.status, run.detail).toBe(status);
      expect(run.detail).toMatch(detail);
      expect(run.rssMaxMb * MB).toBeLessThan(RSS_CEILING);
      expect(tempFiles()).toEqual([]);
      expect(await t.container.db.select().from(apps).where(eq(apps.organizationId, org.orgId))).toEqual([]);
    }, 60_000);
  }

  it('still accepts a real package after every attack', async () => {
    const body = multipartBody({ name: 'settings.apk', data: settingsApk() });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/apps/upload',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(org.developer.token) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().name).toBe('Appium Settings');
  });
});
