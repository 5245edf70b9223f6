import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, auditEvents, builds, domainEvents } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness/app';
import { describeAuthCases, type AuthCaseEnv } from '../../../test/harness/auth-cases';
import { bearer, createOrgWithRoles, type OrgWithRoles } from '../../../test/harness/factories';
import {
  apkWithExtraEntries,
  apkWithNativeLibs,
  buildApks,
  iosAppFiles,
  multipartBody,
  packIosTarGz,
  packIosZip,
  SETTINGS_PACKAGE,
  settingsApk,
  streamingMultipart,
  zipWithout,
} from '../../../test/harness/app-packages';
import { waitFor } from '../../../test/harness/sessions-factories';

let t: TestApp;
let a: OrgWithRoles;
let b: OrgWithRoles;

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  a = await createOrgWithRoles(t, 'Org A');
  b = await createOrgWithRoles(t, 'Org B');
});
afterAll(async () => t?.close());

function upload(
  token: string,
  file: { name: string; data: Buffer } | null,
  fields: Record<string, string> = {},
  url = '/api/v1/apps/upload',
) {
  const body = multipartBody(file, fields);
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
}

async function freshOrg() {
  return createOrgWithRoles(t, 'Fresh');
}

function storageFiles(): string[] {
  const root = path.join(t.dataDir, 'storage');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((p) =>
    fs.statSync(path.join(root, p)).isFile(),
  );
}

function tempFiles(): string[] {
  const dir = path.join(t.dataDir, 'tmp', 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

async function rowsOf(orgId: number) {
  const appRows = await t.container.db.select().from(apps).where(eq(apps.organizationId, orgId));
  const buildRows = await t.container.db.select().from(builds).where(eq(builds.organizationId, orgId));
  return { appRows, buildRows };
}

describe('POST /apps/upload: formats', () => {
  it('accepts a real APK and reads its metadata', async () => {
    const org = await freshOrg();
    const res = await upload(
      org.developer.token,
      { name: 'settings.apk', data: settingsApk() },
      { note: 'first drop' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'Appium Settings',
      package_name: SETTINGS_PACKAGE,
      platform: 'android',
      created: true,
      version: '8.0.10',
      build_number: '192',
      warnings: [],
    });
    expect(body.public_id).toMatch(/^app_[A-Za-z0-9]{20}$/);
    expect(body.icon_url).toBe(`/api/v1/apps/${body.public_id}/icon.png`);
    expect(body.created_at).toBe('2026-06-01T12:00:00.000');

    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/v1/apps/${body.public_id}`, headers: bearer(org.viewer.token) })
    ).json();
    expect(detail.latest_version).toBe('8.0.10');
    expect(detail.latest_build_number).toBe('192');
    expect(detail.builds).toHaveLength(1);
    const build = detail.builds[0];
    expect(build).toMatchObject({
      min_sdk_version: '26',
      target_sdk_version: '35',
      uploaded_by: org.developer.email,
      note: 'first drop',
      file_size: settingsApk().length,
      tags: [],
    });
    expect(build.permissions).toContain('android.permission.INTERNET');
    expect(build.metadata).toMatchObject({
      format: 'apk',
      debuggable: true,
      release: false,
      native_architectures: [],
      // No simdeck app model inside: a virtual device shows a placeholder screen for it.
      simdeck_app_model: false,
    });
    expect(build.metadata.sha256).toBe(createHash('sha256').update(settingsApk()).digest('hex'));

    const icon = await t.app.inject({ method: 'GET', url: body.icon_url, headers: bearer(org.viewer.token) });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    const meta = await sharp(icon.rawPayload).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBeGreaterThanOrEqual(48);

    // Audit and event rows were written with the upload.
    const audit = await t.container.db.select().from(auditEvents).where(eq(auditEvents.organizationId, org.orgId));
    expect(audit.map((r) => r.action).sort()).toEqual(['app.created', 'build.uploaded']);
    const events = await t.container.db.select().from(domainEvents).where(eq(domainEvents.organizationId, org.orgId));
    expect(events.map((e) => e.type).sort()).toEqual(['app.uploaded', 'build.uploaded']);
    expect(events[0]!.data).toMatchObject({ app_id: body.public_id, package_name: SETTINGS_PACKAGE });
    expect(tempFiles()).toEqual([]);
  });

  it('hashes a large upload exactly, while it streams to disk', async () => {
    const org = await freshOrg();
    // Large enough that the hasher follows the writes in several steps rather than at the end.
    const data = await apkWithExtraEntries({ 'assets/blob.bin': randomBytes(24 * 1024 * 1024) });
    const res = await upload(org.developer.token, { name: 'large.apk', data });
    expect(res.statusCode, res.body).toBe(200);
    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/apps/${res.json().public_id}`,
        headers: bearer(org.viewer.token),
      })
    ).json();
    expect(detail.builds[0]).toMatchObject({
      file_size: data.length,
      metadata: { sha256: createHash('sha256').update(data).digest('hex') },
    });
    expect(tempFiles()).toEqual([]);
  });

  it('warns when an APK has native code but none for x86_64', async () => {
    const org = await freshOrg();
    const res = await upload(org.developer.token, {
      name: 'native.apk',
      data: await apkWithNativeLibs(['arm64-v8a', 'armeabi-v7a']),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().warnings).toHaveLength(1);
    expect(res.json().warnings[0]).toMatch(/x86_64/);
    const ok = await upload(org.developer.token, {
      name: 'native.apk',
      data: await apkWithNativeLibs(['arm64-v8a', 'x86_64']),
    });
    expect(ok.json().warnings).toEqual([]);
    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/apps/${ok.json().public_id}`,
        headers: bearer(org.viewer.token),
      })
    ).json();
    expect(detail.builds[0].metadata.native_architectures).toEqual(['arm64-v8a', 'x86_64']);
  });

  it('accepts a split-APK .apks bundle (base.apk and splits/base-master.apk layouts)', async () => {
    const org = await freshOrg();
    const res = await upload(org.developer.token, {
      name: 'settings.apks',
      data: await buildApks({ abiSplits: ['arm64_v8a', 'x86_64'] }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      package_name: SETTINGS_PACKAGE,
      platform: 'android',
      version: '8.0.10',
      warnings: [],
    });
    const res2 = await upload(org.developer.token, {
      name: 'settings.apks',
      data: await buildApks({ layout: 'splits', abiSplits: ['arm64_v8a'] }),
    });
    expect(res2.statusCode, res2.body).toBe(200);
    expect(res2.json().created).toBe(false);
    expect(res2.json().warnings[0]).toMatch(/x86_64/);
    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/apps/${res.json().public_id}`,
        headers: bearer(org.viewer.token),
      })
    ).json();
    expect(detail.builds[0].metadata).toMatchObject({ format: 'apks', native_architectures: ['arm64-v8a'] });
    expect(detail.builds[0].metadata.splits).toEqual(['splits/base-arm64_v8a.apk', 'splits/base-master.apk']);
  });

  it('accepts an iOS simulator .app packed as .zip, with Info.plist metadata and icon', async () => {
    const org = await freshOrg();
    const res = await upload(org.developer.token, { name: 'Demo.zip', data: await packIosZip(await iosAppFiles()) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Demo App',
      package_name: 'com.example.demo',
      platform: 'ios',
      version: '2.3.1',
      build_number: '417',
      warnings: [],
    });
    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/apps/${res.json().public_id}`,
        headers: bearer(org.viewer.token),
      })
    ).json();
    expect(detail.builds[0]).toMatchObject({
      min_sdk_version: '15.0',
      target_sdk_version: '17.5',
      permissions: ['NSCameraUsageDescription', 'NSLocationWhenInUseUsageDescription'],
    });
    expect(detail.builds[0].metadata).toMatchObject({
      format: 'ios_zip',
      native_architectures: ['arm64', 'x86_64'],
      supported_platforms: ['iPhoneSimulator'],
      simdeck_app_model: false,
    });
    const icon = await t.app.inject({ method: 'GET', url: res.json().icon_url, headers: bearer(org.viewer.token) });
    const meta = await sharp(icon.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([120, 120]);
  });

  it('accepts the Payload/X.app layout, a binary Info.plist, and .tar.gz / .tgz archives', async () => {
    const org = await freshOrg();
    const payloadZip = await upload(org.developer.token, {
      name: 'Demo.zip',
      data: await packIosZip(await iosAppFiles({ bundleId: 'com.example.payload', binaryPlist: true }), {
        payload: true,
      }),
    });
    expect(payloadZip.statusCode, payloadZip.body).toBe(200);
    expect(payloadZip.json()).toMatchObject({ package_name: 'com.example.payload', platform: 'ios', version: '2.3.1' });

    const tgz = await upload(org.developer.token, {
      name: 'Demo.tgz',
      data: await packIosTarGz(await iosAppFiles({ bundleId: 'com.example.tgz', version: '3.0' })),
    });
    expect(tgz.statusCode, tgz.body).toBe(200);
    expect(tgz.json()).toMatchObject({ package_name: 'com.example.tgz', version: '3.0' });

    const targz = await upload(org.developer.token, {
      name: 'Demo.tar.gz',
      data: await packIosTarGz(await iosAppFiles({ bundleId: 'com.example.targz', binaryPlist: true }), {
        payload: true,
        dotSlash: true,
      }),
    });
    expect(targz.statusCode, targz.body).toBe(200);
    expect(targz.json().package_name).toBe('com.example.targz');
    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/apps/${targz.json().public_id}`,
        headers: bearer(org.viewer.token),
      })
    ).json();
    expect(detail.builds[0].metadata.format).toBe('ios_tar_gz');
    const icon = await t.app.inject({ method: 'GET', url: targz.json().icon_url, headers: bearer(org.viewer.token) });
    expect((await sharp(icon.rawPayload).metadata()).width).toBe(120);
  });

  it('warns when an iOS build has no arm64 simulator slice', async () => {
    const org = await freshOrg();
    const x86Only = await upload(org.developer.token, {
      name: 'Demo.zip',
      data: await packIosZip(await iosAppFiles({ slices: [{ arch: 'x86_64', platform: 7 }] })),
    });
    expect(x86Only.statusCode, x86Only.body).toBe(200);
    expect(x86Only.json().warnings[0]).toMatch(/arm64 iOS-simulator/);
    const deviceArm = await upload(org.developer.token, {
      name: 'Demo.zip',
      data: await packIosZip(
        await iosAppFiles({ bundleId: 'com.example.device', slices: [{ arch: 'arm64', platform: 2 }] }),
      ),
    });
    expect(deviceArm.json().warnings[0]).toMatch(/arm64 iOS-simulator/);
  });
});

describe('POST /apps/upload: rejections', () => {
  const cases: Array<[string, () => Promise<{ name: string; data: Buffer }>, RegExp]> = [
    [
      'text renamed to .apk',
      async () => ({ name: 'x.apk', data: Buffer.from('hello, not a zip') }),
      /not an Android APK.*zip magic/,
    ],
    [
      'zip without a manifest as .apk',
      async () => ({ name: 'x.apk', data: await zipWithout({ 'classes.dex': 'dex' }) }),
      /AndroidManifest\.xml is missing/,
    ],
    [
      'zip with a text manifest as .apk',
      async () => ({ name: 'x.apk', data: await zipWithout({ 'AndroidManifest.xml': '<manifest/>' }) }),
      /AndroidManifest\.xml cannot be parsed/,
    ],
    ['APK renamed .apks', async () => ({ name: 'x.apks', data: settingsApk() }), /split-APK bundle.*no base\.apk/],
    [
      'APK renamed .zip',
      async () => ({ name: 'x.zip', data: settingsApk() }),
      /iOS simulator app.*no X\.app\/Info\.plist/,
    ],
    ['gzip-less .tgz', async () => ({ name: 'x.tgz', data: await packIosZip(await iosAppFiles()) }), /gzip magic/],
    [
      'zip without Info.plist',
      async () => ({ name: 'x.zip', data: await packIosZip(await iosAppFiles({ omitInfoPlist: true })) }),
      /no X\.app\/Info\.plist/,
    ],
    [
      'bundle whose executable is not Mach-O',
      async () => ({
        name: 'x.zip',
        data: await packIosZip(await iosAppFiles({ executableBytes: Buffer.from('#!/bin/sh\necho hi\n') })),
      }),
      /not a Mach-O/,
    ],
    [
      'tar.gz without Info.plist',
      async () => ({ name: 'x.tar.gz', data: await packIosTarGz(await iosAppFiles({ omitInfoPlist: true })) }),
      /no X\.app\/Info\.plist/,
    ],
    ['unknown extension', async () => ({ name: 'x.ipa2', data: settingsApk() }), /expected an Android \.apk or \.apks/],
  ];
  for (const [label, make, detail] of cases) {
    it(`400 for ${label}, leaving nothing behind`, async () => {
      const org = await freshOrg();
      const before = storageFiles();
      const res = await upload(org.developer.token, await make());
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().detail).toMatch(detail);
      expect(storageFiles()).toEqual(before);
      expect(tempFiles()).toEqual([]);
      const { appRows, buildRows } = await rowsOf(org.orgId);
      expect([appRows.length, buildRows.length]).toEqual([0, 0]);
    });
  }

  it('400 without a file part, and for a non-multipart body', async () => {
    const res = await upload(a.developer.token, null, { name: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/file/);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/apps/upload',
      payload: { name: 'x' },
      headers: bearer(a.developer.token),
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().detail).toMatch(/file/);
  });

  it('note: 500 characters is accepted, 501 is 400', async () => {
    const org = await freshOrg();
    const ok = await upload(org.developer.token, { name: 's.apk', data: settingsApk() }, { note: 'n'.repeat(500) });
    expect(ok.statusCode, ok.body).toBe(200);
    const before = storageFiles();
    const bad = await upload(org.developer.token, { name: 's.apk', data: settingsApk() }, { note: 'n'.repeat(501) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/^note: /);
    expect(storageFiles()).toEqual(before);
    expect((await rowsOf(org.orgId)).buildRows).toHaveLength(1);
  });

  it('400 when the given platform contradicts the content', async () => {
    const org = await freshOrg();
    const res = await upload(org.developer.token, { name: 's.apk', data: settingsApk() }, { platform: 'ios' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/platform: the file is an android package, not ios/);
    const ios = await upload(
      org.developer.token,
      { name: 'Demo.zip', data: await packIosZip(await iosAppFiles()) },
      { platform: 'android' },
    );
    expect(ios.statusCode).toBe(400);
    expect((await rowsOf(org.orgId)).appRows).toHaveLength(0);
  });

  it('413 from Content-Length before the body is read', async () => {
    const org = await freshOrg();
    const body = multipartBody({ name: 'big.apk', data: Buffer.from('PK\x03\x04') });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/apps/upload',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(org.developer.token), 'content-length': String(600 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toMatch(/500 MB/);
    expect((await rowsOf(org.orgId)).appRows).toHaveLength(0);
  });

  it('413 when a streamed file passes 500 MB, with no partial file or row left', async () => {
    const org = await freshOrg();
    const before = storageFiles();
    const body = streamingMultipart('huge.apk', 500 * 1024 * 1024 + 1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/apps/upload',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(org.developer.token) },
    });
    expect(res.statusCode, res.body).toBe(413);
    expect(storageFiles()).toEqual(before);
    expect(tempFiles()).toEqual([]);
    const { appRows, buildRows } = await rowsOf(org.orgId);
    expect([appRows.length, buildRows.length]).toEqual([0, 0]);
  }, 120_000);
});

describe('POST /apps/upload: detection, overrides, new build vs new app', () => {
  it('a file name with directories and control characters is stored as its bare, clean name', async () => {
    const org = await freshOrg();
    const res = await upload(org.developer.token, { name: '../../etc/se\u0000tt\u0007ings.apk', data: settingsApk() });
    expect(res.statusCode, res.body).toBe(200);
    const [build] = (await rowsOf(org.orgId)).buildRows;
    expect(build!.fileName).toBe('settings.apk');
  });

  it('hostile multipart framing is a 400 naming the problem, leaves nothing behind, and the server keeps serving', async () => {
    const org = await freshOrg();
    const before = storageFiles();
    const boundary = 'hostile';
    const post = (payload: Buffer) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/apps/upload',
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(org.developer.token) },
      });
    const filePart = (name: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\nPK\x03\x04\r\n`;
    const cases: [Buffer, RegExp][] = [
      // A part header that never ends: refused at 16 KB, not buffered to its 8 MB.
      [
        Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"\r\nX-Pad: `),
          Buffer.alloc(8 * 1024 * 1024, 'a'),
        ]),
        /headers are longer than 16384 bytes/,
      ],
      [Buffer.from(`${filePart('a.apk')}${filePart('b.apk')}--${boundary}--\r\n`), /^Too many files: at most 1$/],
      [
        Buffer.from(
          `${Array.from({ length: 25 }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join('')}--${boundary}--\r\n`,
        ),
        /^Too many (fields|parts)/,
      ],
      [
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\n${'n'.repeat(70 * 1024)}\r\n--${boundary}--\r\n`,
        ),
        /^note: longer than 65536 bytes$/,
      ],
      [
        Buffer.from(`--${boundary}\r\nno colon\r\n\r\nx\r\n--${boundary}--\r\n`),
        /^The multipart body is malformed: A part header has no name$/,
      ],
    ];
    for (const [payload, detail] of cases) {
      const res = await post(payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().detail).toMatch(detail);
    }
    expect(tempFiles()).toEqual([]);
    expect(storageFiles()).toEqual(before);
    const { appRows, buildRows } = await rowsOf(org.orgId);
    expect([appRows.length, buildRows.length]).toEqual([0, 0]);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await upload(org.developer.token, { name: 'settings.apk', data: settingsApk() })).statusCode).toBe(200);
  });

  it('a client that goes away mid-upload leaves no file or row behind, and the server keeps serving', async () => {
    const org = await freshOrg();
    const before = storageFiles();
    const url = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    const boundary = 'cut-off';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.apk"\r\n\r\n`;
    const socket = net.connect(Number(url.port), url.hostname);
    await once(socket, 'connect');
    socket.write(
      `POST /api/v1/apps/upload HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${org.developer.token}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${64 * 1024 * 1024}\r\n\r\n${head}`,
    );
    // Part of the file arrives, then the client is gone.
    for (let i = 0; i < 32; i++) socket.write(randomBytes(64 * 1024));
    await waitFor(() => tempFiles().length > 0, 'the upload to be spooling');
    expect(tempFiles()).toHaveLength(1);
    socket.destroy();
    await waitFor(() => tempFiles().length === 0, 'the spool file to be removed');
    expect(tempFiles()).toEqual([]);
    expect(storageFiles()).toEqual(before);
    const { appRows, buildRows } = await rowsOf(org.orgId);
    expect([appRows.length, buildRows.length]).toEqual([0, 0]);
    expect((await upload(org.developer.token, { name: 'settings.apk', data: settingsApk() })).statusCode).toBe(200);
  });

  it('form fields override detected name, package name and version', async () => {
    const org = await freshOrg();
    const res = await upload(
      org.developer.token,
      { name: 's.apk', data: settingsApk() },
      {
        name: 'Settings QA',
        package_name: 'com.acme.settings.qa',
        version: '9.9',
        build_number: '1000',
        platform: 'android',
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Settings QA',
      package_name: 'com.acme.settings.qa',
      version: '9.9',
      build_number: '1000',
    });
    // Builds of the app are the package it was uploaded as, whatever name the form gave it.
    const url = `/api/v1/apps/${res.json().public_id}/builds`;
    const build = await upload(org.developer.token, { name: 's.apk', data: settingsApk() }, { note: 'next' }, url);
    expect(build.statusCode, build.body).toBe(200);
    const other = await upload(
      org.developer.token,
      { name: 'Demo.zip', data: await packIosZip(await iosAppFiles({ bundleId: 'com.acme.other' })) },
      {},
      url,
    );
    expect(other.statusCode).toBe(400);
    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/apps/${res.json().public_id}`,
        headers: bearer(org.viewer.token),
      })
    ).json();
    expect(detail.builds.map((b: { metadata: { package_name: string } }) => b.metadata.package_name)).toEqual([
      SETTINGS_PACKAGE,
      SETTINGS_PACKAGE,
    ]);
  });

  it('the same package on the same platform becomes a new build; another package a new app', async () => {
    const org = await freshOrg();
    const first = (await upload(org.developer.token, { name: 's.apk', data: settingsApk() })).json();
    const second = await upload(org.admin.token, { name: 's.apks', data: await buildApks() }, { note: 'as bundle' });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ id: first.id, public_id: first.public_id, created: false });
    const ios = (
      await upload(org.developer.token, {
        name: 'Demo.zip',
        data: await packIosZip(await iosAppFiles({ bundleId: SETTINGS_PACKAGE })),
      })
    ).json();
    expect(ios.id).not.toBe(first.id);
    expect(ios.created).toBe(true);

    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/v1/apps/${first.public_id}`, headers: bearer(org.viewer.token) })
    ).json();
    expect(detail.builds.map((x: { note: string | null }) => x.note)).toEqual(['as bundle', null]);
    expect(detail.builds[0].uploaded_by).toBe(org.admin.email);

    const list = await t.app.inject({ method: 'GET', url: '/api/v1/apps/', headers: bearer(org.viewer.token) });
    expect(list.json()).toHaveLength(2);
    const android = await t.app.inject({
      method: 'GET',
      url: '/api/v1/apps/?platform=android',
      headers: bearer(org.viewer.token),
    });
    expect(android.json().map((x: { public_id: string }) => x.public_id)).toEqual([first.public_id]);
    expect(android.json()[0]).toEqual({
      id: first.id,
      public_id: first.public_id,
      name: 'Appium Settings',
      package_name: SETTINGS_PACKAGE,
      platform: 'android',
      icon_url: first.icon_url,
      last_started_at: null,
      updated_at: '2026-06-01T12:00:00.000',
      created_at: '2026-06-01T12:00:00.000',
    });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/apps/?platform=windows',
      headers: bearer(org.viewer.token),
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('concurrent first uploads', () => {
  it('two simultaneous uploads of a new package make one app with two builds', async () => {
    const org = await freshOrg();
    const [r1, r2] = await Promise.all([
      upload(org.developer.token, { name: 's.apk', data: settingsApk() }),
      upload(org.admin.token, { name: 's.apk', data: settingsApk() }, { name: 'Renamed' }),
    ]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    expect(r1.json().id).toBe(r2.json().id);
    expect([r1.json().created, r2.json().created].sort()).toEqual([false, true]);
    const { appRows, buildRows } = await rowsOf(org.orgId);
    expect(appRows).toHaveLength(1);
    expect(buildRows).toHaveLength(2);
    // Both packages are still reachable through the app, wherever the loser stored its file.
    const root = path.join(t.dataDir, 'storage');
    for (const row of buildRows) expect(fs.existsSync(path.join(root, row.storageKey))).toBe(true);
  });
});

describe('POST /apps/{app_id}/builds', () => {
  it('adds a build with version override and note, by public or numeric id', async () => {
    const org = await freshOrg();
    const app = (await upload(org.developer.token, { name: 's.apk', data: settingsApk() })).json();
    const res = await upload(
      org.developer.token,
      { name: 's.apk', data: settingsApk() },
      { version: '8.0.11', note: 'hotfix' },
      `/api/v1/apps/${app.public_id}/builds`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      app_id: app.public_id,
      version: '8.0.11',
      build_number: '192',
      note: 'hotfix',
      file_size: settingsApk().length,
      uploaded_at: '2026-06-01T12:00:00.000',
      warnings: [],
    });
    const byNumber = await upload(
      org.developer.token,
      { name: 's.apks', data: await buildApks() },
      {},
      `/api/v1/apps/${app.id}/builds`,
    );
    expect(byNumber.statusCode, byNumber.body).toBe(200);
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/v1/apps/${app.public_id}`, headers: bearer(org.viewer.token) })
    ).json();
    expect(detail.builds).toHaveLength(3);
    expect(detail.latest_version).toBe('8.0.10');
    expect(detail.builds[1].version).toBe('8.0.11');
    const events = await t.container.db.select().from(domainEvents).where(eq(domainEvents.organizationId, org.orgId));
    expect(events.filter((e) => e.type === 'build.uploaded')).toHaveLength(3);
  });

  it('400 for another package or platform, leaving nothing behind', async () => {
    const org = await freshOrg();
    const app = (await upload(org.developer.token, { name: 's.apk', data: settingsApk() })).json();
    const before = storageFiles();
    const other = await upload(
      org.developer.token,
      { name: 'Demo.zip', data: await packIosZip(await iosAppFiles()) },
      {},
      `/api/v1/apps/${app.public_id}/builds`,
    );
    expect(other.statusCode).toBe(400);
    expect(other.json().detail).toMatch(/platform/);
    const ios = (
      await upload(org.developer.token, { name: 'Demo.zip', data: await packIosZip(await iosAppFiles()) })
    ).json();
    const before2 = storageFiles();
    const wrongPkg = await upload(
      org.developer.token,
      { name: 'Demo.zip', data: await packIosZip(await iosAppFiles({ bundleId: 'com.example.other' })) },
      {},
      `/api/v1/apps/${ios.public_id}/builds`,
    );
    expect(wrongPkg.statusCode).toBe(400);
    expect(wrongPkg.json().detail).toMatch(/com\.example\.other.*com\.example\.demo/);
    expect(storageFiles()).toEqual(before2);
    expect(before2.length).toBeGreaterThan(before.length);
    expect((await rowsOf(org.orgId)).buildRows).toHaveLength(2);
  });

  it('404 for an unknown app', async () => {
    const res = await upload(
      a.developer.token,
      { name: 's.apk', data: settingsApk() },
      {},
      '/api/v1/apps/app_doesnotexist000000000/builds',
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('DELETE /apps/{app_id}', () => {
  it('deletes the app, its builds, files and icon, and writes an audit row', async () => {
    const org = await freshOrg();
    const app = (await upload(org.developer.token, { name: 's.apk', data: settingsApk() })).json();
    await upload(
      org.developer.token,
      { name: 's.apks', data: await buildApks() },
      {},
      `/api/v1/apps/${app.public_id}/builds`,
    );
    const keep = (
      await upload(org.developer.token, { name: 'Demo.zip', data: await packIosZip(await iosAppFiles()) })
    ).json();
    const keys = (await rowsOf(org.orgId)).buildRows.filter((r) => r.appId === app.id).map((r) => r.storageKey);
    expect(keys).toHaveLength(2);
    const root = path.join(t.dataDir, 'storage');
    for (const k of keys) expect(fs.existsSync(path.join(root, k))).toBe(true);

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/apps/${app.public_id}`,
      headers: bearer(org.developer.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'deleted' });
    for (const k of keys) expect(fs.existsSync(path.join(root, k))).toBe(false);
    expect(fs.existsSync(path.join(root, 'apps', app.public_id))).toBe(false);
    const { appRows, buildRows } = await rowsOf(org.orgId);
    expect(appRows.map((r) => r.publicId)).toEqual([keep.public_id]);
    expect(buildRows).toHaveLength(1);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/apps/${app.public_id}`, headers: bearer(org.viewer.token) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: app.icon_url, headers: bearer(org.viewer.token) })).statusCode,
    ).toBe(404);
    const keptIcon = await t.app.inject({ method: 'GET', url: keep.icon_url, headers: bearer(org.viewer.token) });
    expect(keptIcon.statusCode).toBe(200);
    const audit = await t.container.db.select().from(auditEvents).where(eq(auditEvents.organizationId, org.orgId));
    expect(audit.find((r) => r.action === 'app.deleted')).toMatchObject({
      resourceType: 'app',
      resourceId: app.public_id,
      userEmail: org.developer.email,
    });
  });
});

describe('auth, roles and other organizations', () => {
  let appA: { public_id: string; icon_url: string };
  let appB: { public_id: string; icon_url: string };
  beforeAll(async () => {
    appA = (await upload(a.developer.token, { name: 's.apk', data: settingsApk() })).json();
    appB = (await upload(b.developer.token, { name: 's.apk', data: settingsApk() })).json();
  });
  const env = (): AuthCaseEnv => ({ t, a, b });

  describeAuthCases(env, [
    { method: 'POST', url: () => '/api/v1/apps/upload', minRole: 'developer' },
    {
      method: 'POST',
      url: () => `/api/v1/apps/${appA.public_id}/builds`,
      minRole: 'developer',
      otherOrgUrl: () => `/api/v1/apps/${appB.public_id}/builds`,
    },
    { method: 'GET', url: () => '/api/v1/apps/', minRole: 'viewer' },
    {
      method: 'GET',
      url: () => `/api/v1/apps/${appA.public_id}`,
      minRole: 'viewer',
      otherOrgUrl: () => `/api/v1/apps/${appB.public_id}`,
    },
    { method: 'GET', url: () => appA.icon_url, minRole: 'viewer', otherOrgUrl: () => appB.icon_url },
    {
      method: 'DELETE',
      url: () => `/api/v1/apps/${appA.public_id}`,
      minRole: 'developer',
      otherOrgUrl: () => `/api/v1/apps/${appB.public_id}`,
    },
  ]);

  it('a viewer cannot upload a real package (403) and nothing is stored', async () => {
    const org = await freshOrg();
    const res = await upload(org.viewer.token, { name: 's.apk', data: settingsApk() });
    expect(res.statusCode).toBe(403);
    expect((await rowsOf(org.orgId)).appRows).toHaveLength(0);
    expect(tempFiles()).toEqual([]);
  });

  it("lists only the caller's apps, and the numeric id of another org's app is 404", async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/apps/', headers: bearer(a.viewer.token) })).json();
    expect(list.map((x: { public_id: string }) => x.public_id)).not.toContain(appB.public_id);
    const bRow = (await rowsOf(b.orgId)).appRows[0]!;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/apps/${bRow.id}`, headers: bearer(a.admin.token) }))
        .statusCode,
    ).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the app routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/apps/upload',
        '/api/v1/apps/{app_id}/builds',
        '/api/v1/apps/{app_id}',
        '/api/v1/apps/{app_id}/icon.png',
      ]),
    );
  });
});

describe('rate limit', () => {
  it('uploads are limited to 10 per minute per client (429 on the 11th), other app routes are not', async () => {
    const rt = await createTestApp({ jobs: false, env: { RATE_LIMIT: 'true' } });
    try {
      const org = await createOrgWithRoles(rt);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const body = multipartBody({ name: 'x.apk', data: Buffer.from('not a zip') });
        const res = await rt.app.inject({
          method: 'POST',
          url: '/api/v1/apps/upload',
          payload: body.payload,
          headers: { ...body.headers, ...bearer(org.developer.token) },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
      expect(statuses[10]).toBe(429);
      const list = await rt.app.inject({ method: 'GET', url: '/api/v1/apps/', headers: bearer(org.viewer.token) });
      expect(list.statusCode).toBe(200);
    } finally {
      await rt.close();
    }
  });
});
