import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness/app';
import { bearer, createOrgWithRoles, type OrgWithRoles } from '../../../test/harness/factories';
import { multipartBody, packIosTarGz, iosAppFiles, settingsApk } from '../../../test/harness/app-packages';
import { startS3Server, type S3Peer } from '../../../test/harness/s3';
import { S3Storage } from '../../storage/s3-storage';

let s3: S3Peer;
let t: TestApp;
let org: OrgWithRoles;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ jobs: false, env: s3.env });
  org = await createOrgWithRoles(t);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe('apps on S3-compatible storage (S3_BUCKET set)', () => {
  it('stores packages and icons in the bucket, serves the icon, and deletes them with the app', async () => {
    expect(t.container.storage).toBeInstanceOf(S3Storage);
    const upload = async (name: string, data: Buffer) => {
      const body = multipartBody({ name, data });
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/apps/upload',
        payload: body.payload,
        headers: { ...body.headers, ...bearer(org.developer.token) },
      });
    };
    const apk = await upload('s.apk', settingsApk());
    expect(apk.statusCode, apk.body).toBe(200);
    const ios = await upload('Demo.tgz', await packIosTarGz(await iosAppFiles()));
    expect(ios.statusCode, ios.body).toBe(200);
    const apkId = apk.json().public_id as string;
    expect(
      s3
        .keys()
        .filter((k) => k.startsWith(`apps/${apkId}/`))
        .map((k) => k.replace(/[0-9a-f-]{36}/, 'ID')),
    ).toEqual([`apps/${apkId}/builds/ID.apk`, `apps/${apkId}/icons/ID.png`]);

    const icon = await t.app.inject({ method: 'GET', url: apk.json().icon_url, headers: bearer(org.viewer.token) });
    expect(icon.statusCode).toBe(200);
    expect(icon.rawPayload.subarray(1, 4).toString()).toBe('PNG');

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/apps/${apkId}`,
      headers: bearer(org.developer.token),
    });
    expect(del.statusCode).toBe(200);
    await expect.poll(() => s3.keys().filter((k) => k.startsWith(`apps/${apkId}/`))).toEqual([]);
    expect(s3.keys().filter((k) => k.startsWith(`apps/${ios.json().public_id}/`))).toHaveLength(2);
  });
});
