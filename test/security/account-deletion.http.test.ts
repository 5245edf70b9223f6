import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, settingsApk } from '../harness/app-packages';
import { createTestApp, type TestApp } from '../harness/app';
import { PASSWORD, uniqueEmail } from '../harness/factories';
import { waitFor } from '../harness/sessions-factories';

/** Deleting the only member's account deletes the organization; its stored files go by a job. */
describe('files of deleted organizations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('removes the packages and icons of an organization deleted with its last account', async () => {
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { email: uniqueEmail('solo'), password: PASSWORD, organization_name: 'Solo' },
    });
    const token = reg.json().access_token as string;
    const body = multipartBody({ name: 'settings.apk', data: settingsApk() });
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/v1/apps/upload',
      headers: { authorization: `Bearer ${token}`, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    const appDir = path.join(t.dataDir, 'storage', 'apps', up.json().public_id);
    expect(fs.readdirSync(appDir, { recursive: true }).length).toBeGreaterThan(0);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/account',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(del.statusCode).toBe(200);
    await waitFor(
      () =>
        !fs.existsSync(appDir) ||
        fs.readdirSync(appDir, { recursive: true }).filter((f) => fs.statSync(path.join(appDir, String(f))).isFile())
          .length === 0,
      'the purge job',
      15_000,
    );
  });
});
