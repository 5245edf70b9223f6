import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { builds } from '../../src/db/schema';
import { storageQuotaFor } from '../../src/modules/plans';
import { createTestApp, type TestApp } from '../harness/app';
import { multipartBody, settingsApk } from '../harness/app-packages';
import { addMember, bearer, createOrgWithRoles, type OrgWithRoles } from '../harness/factories';

/** Files under a directory, recursively (the local object storage). */
function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .reduce((n, e) => n + (e.isDirectory() ? countFiles(path.join(dir, e.name)) : 1), 0);
}

/**
 * Issue 34, point 4: an organization's uploads are bounded by a storage quota (413 with the quota
 * and the usage, nothing written) and by upload limits per account and per organization that a
 * second address does not lift.
 */
describe('storage quota', () => {
  let t: TestApp;
  let org: OrgWithRoles;
  beforeAll(async () => {
    t = await createTestApp({ jobs: false, env: { STORAGE_QUOTA_MB: '5' } });
    org = await createOrgWithRoles(t);
  });
  afterAll(async () => t?.close());

  const upload = (url: string) => {
    const body = multipartBody({ name: 'settings.apk', data: settingsApk() });
    return t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      headers: { ...bearer(org.developer.token), ...body.headers },
      payload: body.payload,
    });
  };
  const dashboard = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/usage/dashboard', headers: bearer(org.viewer.token) })).json();

  it('refuses an upload past the quota with 413 naming quota and usage, and writes nothing', async () => {
    const first = await upload('/apps/upload');
    expect(first.statusCode, first.body).toBe(200);
    const appId = first.json().public_id as string;
    const used = (await dashboard()).storage;
    expect(used.unit).toBe('MB');
    expect(used.limit).toBe(5);
    expect(used.current).toBeCloseTo(settingsApk().length / 1024 / 1024, 1);

    const files = countFiles(path.join(t.dataDir, 'storage'));
    const second = await upload(`/apps/${appId}/builds`);
    expect(second.statusCode, second.body).toBe(413);
    expect(second.json().detail).toMatch(
      /^Storage quota exceeded: the organization stores 2\.9 MB of its 5 MB quota, and this upload needs 3 MB more; delete old builds or apps, or move to a larger plan$/,
    );
    expect(second.json()).toMatchObject({ quota_bytes: 5 * 1024 * 1024, used_bytes: settingsApk().length });
    expect(countFiles(path.join(t.dataDir, 'storage'))).toBe(files);
    const rows = await t.container.db.select().from(builds).where(eq(builds.organizationId, org.orgId));
    expect(rows).toHaveLength(1);
    expect((await dashboard()).storage.current).toBe(used.current);
  });

  it('applies the plan quota only when billing is configured, and STORAGE_QUOTA_MB over both', () => {
    expect(storageQuotaFor('free', { overrideBytes: null, billing: false })).toBeNull();
    expect(storageQuotaFor('free', { overrideBytes: null, billing: true })).toBe(1024 ** 3);
    expect(storageQuotaFor('professional', { overrideBytes: null, billing: true })).toBe(100 * 1024 ** 3);
    expect(storageQuotaFor('enterprise', { overrideBytes: null, billing: true })).toBeNull();
    expect(storageQuotaFor('enterprise', { overrideBytes: 5, billing: true })).toBe(5);
    expect(storageQuotaFor('free', { overrideBytes: 0, billing: true })).toBeNull();
  });
});

describe('upload rate limits per account and per organization', () => {
  let t: TestApp;
  let org: OrgWithRoles;
  beforeAll(async () => {
    t = await createTestApp({ jobs: false, env: { RATE_LIMIT: 'true' } });
    org = await createOrgWithRoles(t);
  });
  afterAll(async () => t?.close());

  let address = 0;
  /** A YAML import from a fresh address each time, so the per-address limit never applies. */
  const importFrom = (token: string) => {
    const body = multipartBody({ name: 's.yaml', data: Buffer.from('name: [unclosed\n') });
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/tests/suites/import-yaml',
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
      remoteAddress: `10.0.${Math.floor(++address / 250)}.${address % 250}`,
    });
  };

  it('an account is limited whichever address it uses; then its organization', async () => {
    for (let i = 0; i < 10; i++) expect((await importFrom(org.developer.token)).statusCode).toBe(400);
    const eleventh = await importFrom(org.developer.token);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().detail).toMatch(/^Upload limit exceeded: 10 uploads a minute per account/);

    const others = await Promise.all([0, 1].map(() => addMember(t, org.orgId, 'developer')));
    for (const member of others)
      for (let i = 0; i < 10; i++) expect((await importFrom(member.token)).statusCode).toBe(400);
    const third = await addMember(t, org.orgId, 'developer');
    const overOrg = await importFrom(third.token);
    expect(overOrg.statusCode).toBe(429);
    expect(overOrg.json().detail).toMatch(/^Upload limit exceeded: 30 uploads a minute per organization/);

    // Another organization is not affected.
    const other = await createOrgWithRoles(t, 'Other');
    expect((await importFrom(other.developer.token)).statusCode).toBe(400);
  });
});
