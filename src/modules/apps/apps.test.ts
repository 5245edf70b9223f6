import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext, type Ctx } from '../../context';
import type { Role } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness/app';
import { createOrgWithRoles, type OrgWithRoles } from '../../../test/harness/factories';
import { buildApks, iosAppFiles, packIosZip, SETTINGS_APK_PATH, settingsApk } from '../../../test/harness/app-packages';
import type { ReceivedUpload } from '../../uploads/upload-receiver';
import { sweepStaleUploads } from '../../uploads/upload-spool';

let t: TestApp;
let a: OrgWithRoles;
let b: OrgWithRoles;

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  a = await createOrgWithRoles(t, 'Org A');
  b = await createOrgWithRoles(t, 'Org B');
});
afterAll(async () => t?.close());

const ctxFor = (orgId: number, role: Role = 'developer'): Ctx => ({
  ...systemContext({ db: t.container.db, clock: t.clock, log: t.container.log }, { id: orgId, role }),
  actor: { kind: 'user', userId: a.developer.userId, email: a.developer.email },
});

/** An upload source over a copy of `data`, as the multipart receiver would produce it. */
function sourceOf(name: string, data: Buffer, fields: Record<string, string> = {}) {
  return async (): Promise<ReceivedUpload> => {
    const dir = path.join(t.dataDir, 'tmp', 'uploads');
    fs.mkdirSync(dir, { recursive: true });
    const tempPath = path.join(dir, `svc-${Math.random().toString(16).slice(2)}.part`);
    fs.writeFileSync(tempPath, data);
    return {
      tempPath,
      fileName: name,
      size: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
      fields,
      discard: () => fs.promises.rm(tempPath, { force: true }),
    };
  };
}

function storedFiles(): string[] {
  const root = path.join(t.dataDir, 'storage');
  return fs.existsSync(root)
    ? (fs.readdirSync(root, { recursive: true }) as string[]).filter((p) => fs.statSync(path.join(root, p)).isFile())
    : [];
}

describe('apps service', () => {
  it('resolveBuildForInstall: the build, 404 missing, 403 for another org or another app', async () => {
    const svc = t.container.services.apps;
    const appA = await t.container.services.appUploads.uploadApp({
      ctx: ctxFor(a.orgId),
      input: { source: sourceOf('s.apk', settingsApk()) },
    });
    const iosA = await t.container.services.appUploads.uploadApp({
      ctx: ctxFor(a.orgId),
      input: { source: sourceOf('Demo.zip', await packIosZip(await iosAppFiles())) },
    });
    const appB = await t.container.services.appUploads.uploadApp({
      ctx: ctxFor(b.orgId),
      input: { source: sourceOf('s.apks', await buildApks()) },
    });

    const viewer = ctxFor(a.orgId, 'viewer');
    const got = await svc.resolveBuildForInstall({
      ctx: viewer,
      input: { buildId: appA.build_id, appId: appA.public_id },
    });
    expect(got.app.publicId).toBe(appA.public_id);
    expect(got.build.id).toBe(appA.build_id);
    expect(got.storageKey).toBe(got.build.storageKey);

    await expect(svc.resolveBuildForInstall({ ctx: viewer, input: { buildId: 987654 } })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(svc.resolveBuildForInstall({ ctx: viewer, input: { buildId: appB.build_id } })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(
      svc.resolveBuildForInstall({ ctx: viewer, input: { buildId: appA.build_id, appId: iosA.public_id } }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      svc.resolveBuildForInstall({ ctx: viewer, input: { buildId: appA.build_id, appId: iosA.id } }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(svc.resolveApp({ ctx: viewer, input: { appId: appB.public_id } })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await svc.resolveApp({ ctx: viewer, input: { appId: appA.public_id } })).id).toBe(appA.id);
    // Body references take the public id only.
    await expect(svc.resolveApp({ ctx: viewer, input: { appId: String(appA.id) } })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });

    const latest = await svc.latestBuild({ ctx: viewer, input: { appId: iosA.public_id } });
    expect(latest.build.id).toBe(iosA.build_id);
  });

  it('recordAppStarted sets last_started_at in the caller organization only', async () => {
    const svc = t.container.services.apps;
    const up = await t.container.services.appUploads.uploadApp({
      ctx: ctxFor(a.orgId),
      input: { source: sourceOf('Demo.zip', await packIosZip(await iosAppFiles({ bundleId: 'com.example.started' }))) },
    });
    await expect(svc.recordAppStarted({ ctx: ctxFor(b.orgId), input: { appId: up.id } })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await svc.getApp({ ctx: ctxFor(a.orgId), input: { appId: up.public_id } })).last_started_at).toBeNull();
    await svc.recordAppStarted({ ctx: ctxFor(a.orgId, 'viewer'), input: { appId: up.id } });
    expect((await svc.getApp({ ctx: ctxFor(a.orgId), input: { appId: up.public_id } })).last_started_at).toBe(
      '2026-06-01T12:00:00.000',
    );
  });

  it('stores exactly the uploaded bytes under the build', async () => {
    const svc = t.container.services.apps;
    const up = await t.container.services.appUploads.uploadApp({
      ctx: ctxFor(a.orgId),
      input: { source: sourceOf('s.apk', settingsApk()) },
    });
    const { build } = await svc.resolveBuildForInstall({ ctx: ctxFor(a.orgId), input: { buildId: up.build_id } });
    const stored = await t.container.storage.getBuffer(build.storageKey);
    expect(createHash('sha256').update(stored!).digest('hex')).toBe(
      createHash('sha256').update(fs.readFileSync(SETTINGS_APK_PATH)).digest('hex'),
    );
    expect(build.fileSize).toBe(settingsApk().length);
  });

  it('removes the stored package and icon when the transaction fails', async () => {
    const before = storedFiles();
    // An organization that does not exist: the app insert violates its foreign key.
    await expect(
      t.container.services.appUploads.uploadApp({
        ctx: ctxFor(999_999),
        input: { source: sourceOf('s.apk', settingsApk()) },
      }),
    ).rejects.toThrow();
    expect(storedFiles()).toEqual(before);
  });

  it('sweepStaleUploads removes only abandoned spool files', async () => {
    const dir = path.join(t.dataDir, 'tmp', 'uploads');
    fs.mkdirSync(dir, { recursive: true });
    const old = path.join(dir, 'upload-old.part');
    const fresh = path.join(dir, 'upload-fresh.part');
    fs.writeFileSync(old, 'x');
    fs.writeFileSync(fresh, 'y');
    const now = new Date();
    fs.utimesSync(old, new Date(now.getTime() - 7 * 3600_000), new Date(now.getTime() - 7 * 3600_000));
    expect(await sweepStaleUploads(path.join(t.dataDir, 'tmp', 'uploads'), now)).toBe(1);
    expect([fs.existsSync(old), fs.existsSync(fresh)]).toEqual([false, true]);
    fs.rmSync(fresh);
  });

  it('checks the role before reading the upload', async () => {
    let read = false;
    const source = async () => {
      read = true;
      return sourceOf('s.apk', settingsApk())();
    };
    await expect(
      t.container.services.appUploads.uploadApp({ ctx: ctxFor(a.orgId, 'viewer'), input: { source } }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(read).toBe(false);
  });
});
