import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, githubConnections } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness/app';
import { describeAuthCases, type AuthCaseEnv } from '../../../test/harness/auth-cases';
import { createOrgWithRoles, type OrgWithRoles } from '../../../test/harness/factories';
import { FakeGithub } from '../../../test/harness/fake-github';
import { api } from '../../../test/harness/sessions-factories';
import { CommitStatuses } from './commit-statuses';

const TOKEN = 'ghp_0123456789abcdefghijklmnopqrstuvwxyzAB';
let t: TestApp;
let a: OrgWithRoles;
let b: OrgWithRoles;
let github: FakeGithub;

beforeAll(async () => {
  github = await FakeGithub.start();
  t = await createTestApp({ jobs: false, env: { GITHUB_API_URL: github.url } });
  [a, b] = await Promise.all([createOrgWithRoles(t, 'GH A'), createOrgWithRoles(t, 'GH B')]);
});
afterAll(async () => {
  await t?.close();
  await github?.close();
});

describe('/integrations/github', () => {
  it('PUT connects a repository; the token is stored sealed and only its last 4 characters are shown', async () => {
    const res = await api(t, a.admin.token, 'PUT', '/integrations/github', {
      repository: 'acme/shop-app',
      token: TOKEN,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      repository: 'acme/shop-app',
      token_hint: '…yzAB',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const [row] = await t.container.db
      .select()
      .from(githubConnections)
      .where(eq(githubConnections.organizationId, a.orgId));
    expect(row!.tokenSealed).not.toContain(TOKEN);
    expect(t.container.secretBox.open(row!.tokenSealed)).toBe(TOKEN);
    expect((await api(t, a.developer.token, 'GET', '/integrations/github')).json()).toEqual(res.json());
    const audit = await t.container.db.select().from(auditEvents).where(eq(auditEvents.organizationId, a.orgId));
    expect(audit.map((x) => x.action)).toContain('github.connected');
    expect(JSON.stringify(audit)).not.toContain(TOKEN);
  });

  it('a second PUT replaces the connection', async () => {
    await api(t, a.admin.token, 'PUT', '/integrations/github', {
      repository: 'acme/other',
      token: 'ghp_second_token_9999',
    });
    expect((await api(t, a.developer.token, 'GET', '/integrations/github')).json()).toMatchObject({
      repository: 'acme/other',
      token_hint: '…9999',
    });
    expect(
      await t.container.db.select().from(githubConnections).where(eq(githubConnections.organizationId, a.orgId)),
    ).toHaveLength(1);
  });

  it('400 for a repository that is not owner/name or a missing token', async () => {
    for (const body of [
      { repository: 'acme', token: TOKEN },
      { repository: 'acme/shop/x', token: TOKEN },
      { repository: 'acme/shop' },
    ]) {
      const res = await api(t, a.admin.token, 'PUT', '/integrations/github', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await api(t, a.admin.token, 'PUT', '/integrations/github', { repository: 'acme', token: TOKEN })).json().detail,
    ).toMatch(/^repository: must be owner\/name as GitHub names them/);
  });

  it('400 for anything GitHub would not name a repository: path tricks never reach its API with the token', async () => {
    for (const repository of [
      '../..',
      'acme/..',
      'acme/.',
      '../repo',
      './repo',
      'acme/x%2F..',
      'acme/repo.git',
      '-acme/repo',
      'acme-/repo',
      'ac--me/repo',
      'ac_me/repo',
      'ac me/repo',
      `${'a'.repeat(40)}/repo`,
      `acme/${'r'.repeat(101)}`,
      'acme/re?po',
      'acme/re#po',
    ]) {
      const res = await api(t, a.admin.token, 'PUT', '/integrations/github', { repository, token: TOKEN });
      expect(res.statusCode, repository).toBe(400);
      expect(res.json().detail, repository).toMatch(/^repository: must be owner\/name as GitHub names them/);
    }
    for (const repository of [
      'a/b',
      'Acme-Mobile/shop_app.v2',
      'octo-org/.github',
      `${'a'.repeat(39)}/${'r'.repeat(100)}`,
    ]) {
      const res = await api(t, a.admin.token, 'PUT', '/integrations/github', { repository, token: TOKEN });
      expect(res.statusCode, `${repository}: ${res.body}`).toBe(200);
    }
  });

  it('GET answers null without a connection (not connected is no error); DELETE: 404 without one, removes it', async () => {
    const c = await createOrgWithRoles(t, 'GH C');
    const none = await api(t, c.developer.token, 'GET', '/integrations/github');
    expect([none.statusCode, none.json()]).toEqual([200, null]);
    expect((await api(t, c.admin.token, 'DELETE', '/integrations/github')).statusCode).toBe(404);
    await api(t, c.admin.token, 'PUT', '/integrations/github', { repository: 'c/c', token: TOKEN });
    expect((await api(t, c.admin.token, 'DELETE', '/integrations/github')).json()).toEqual({ status: 'deleted' });
    expect((await api(t, c.developer.token, 'GET', '/integrations/github')).json()).toBeNull();
  });

  it("one organization never sees another's connection", async () => {
    const other = await api(t, b.developer.token, 'GET', '/integrations/github');
    expect([other.statusCode, other.json()]).toEqual([200, null]);
  });
});

describe('CommitStatuses (a fake GitHub API on loopback)', () => {
  const statuses = () =>
    new CommitStatuses({ db: t.container.db, secretBox: t.container.secretBox, apiUrl: github.url });
  const status = (orgId: number) => ({
    organizationId: orgId,
    sha: 'a'.repeat(40),
    state: 'success' as const,
    description: 'Passed',
    context: 'simdeck/Checkout',
    targetUrl: 'http://simdeck.test/ci/runs/ci_x',
  });

  it("posts to the connection's repository with its token", async () => {
    await api(t, b.admin.token, 'PUT', '/integrations/github', { repository: 'bee/hive', token: 'ghp_bee_token_1234' });
    expect(await statuses().post(status(b.orgId))).toBe(true);
    expect(github.statuses.at(-1)).toMatchObject({
      owner: 'bee',
      repo: 'hive',
      sha: 'a'.repeat(40),
      authorization: 'token ghp_bee_token_1234',
      state: 'success',
      description: 'Passed',
      context: 'simdeck/Checkout',
      target_url: 'http://simdeck.test/ci/runs/ci_x',
    });
  });

  it('keeps descriptions within 140 characters', async () => {
    await statuses().post({ ...status(b.orgId), description: 'x'.repeat(300) });
    expect(github.statuses.at(-1)!.description).toHaveLength(140);
  });

  it('posts nothing without a connection', async () => {
    const before = github.requests;
    const c = await createOrgWithRoles(t, 'No GH');
    expect(await statuses().post(status(c.orgId))).toBe(false);
    expect(github.requests).toBe(before);
  });

  it('a stored repository that is not owner/name (connected before names were checked) is never posted to', async () => {
    const c = await createOrgWithRoles(t, 'Old GH');
    const now = t.clock.now();
    const before = github.log.length;
    for (const repository of ['../..', 'acme/..', 'acme/../../orgs/acme']) {
      await t.container.db.delete(githubConnections).where(eq(githubConnections.organizationId, c.orgId));
      await t.container.db.insert(githubConnections).values({
        organizationId: c.orgId,
        repository,
        tokenSealed: t.container.secretBox.seal('ghp_old_token_9876'),
        tokenHint: '…9876',
        createdAt: now,
        updatedAt: now,
      });
      expect(await statuses().post(status(c.orgId)), repository).toBe(false);
    }
    expect(github.log.slice(before)).toEqual([]);
  });

  it('every request goes to /repos/{owner}/{repo}/statuses/{sha} of the connected repository', async () => {
    const before = github.log.length;
    await statuses().post(status(b.orgId));
    expect(github.log.slice(before)).toEqual([
      { method: 'POST', path: `/repos/bee/hive/statuses/${'a'.repeat(40)}`, authorization: 'token ghp_bee_token_1234' },
    ]);
  });

  it('throws when GitHub refuses, so that the job retries', async () => {
    github.failNext = [502];
    await expect(statuses().post(status(b.orgId))).rejects.toThrow();
  });
});

describeAuthCases(
  (): AuthCaseEnv => ({ t, a, b }),
  [
    {
      method: 'PUT',
      url: () => '/api/v1/integrations/github',
      body: () => ({ repository: 'acme/shop-app', token: TOKEN }),
      minRole: 'admin',
    },
    { method: 'GET', url: () => '/api/v1/integrations/github', minRole: 'developer' },
    { method: 'DELETE', url: () => '/api/v1/integrations/github', minRole: 'admin' },
  ],
);
