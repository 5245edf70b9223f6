import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../db/schema';
import { PROJECT_ROOT } from '../../paths';
import { createTestApp, type TestApp } from '../../../test/harness/app';
import { accountOf, expectLedgerBalanced, ledgerOf, usd } from '../../../test/harness/credits-factories';
import { createOrgWithRoles } from '../../../test/harness/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(async () => {
  await t?.close();
});

/** The real `simdeck` binary on the test database, as an operator runs it. */
const simdeck = (...args: string[]) => {
  const r = spawnSync(process.execPath, [path.join(PROJECT_ROOT, 'bin', 'simdeck.js'), ...args], {
    env: { ...process.env, DATABASE_URL: t.databaseUrl },
    encoding: 'utf8',
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

describe('simdeck org set-plan and simdeck credits grant', () => {
  it('set a plan (enterprise with its allowance) and grant credit on the database, with ledger entries', async () => {
    const org = await createOrgWithRoles(t, 'Operated Org');
    const pro = simdeck('org', 'set-plan', String(org.orgId), 'professional', '--json');
    expect(pro.code, pro.err).toBe(0);
    expect(JSON.parse(pro.out)).toMatchObject({
      organization_id: org.orgId,
      plan_id: 'professional',
      allowance_micro: usd(75),
      plan_allowance_micro: usd(75),
    });
    const [row] = await t.container.db
      .select({ planId: organizations.planId })
      .from(organizations)
      .where(eq(organizations.id, org.orgId));
    expect(row!.planId).toBe('professional');

    const ent = simdeck('org', 'set-plan', String(org.orgId), 'enterprise', '--allowance-usd', '500');
    expect(ent.code, ent.err).toBe(0);
    expect(ent.out).toMatch(/plan enterprise, allowance \$500\.00 of \$500\.00 a month/);

    const granted = simdeck('credits', 'grant', String(org.orgId), '12.50', '--note', 'goodwill for the outage');
    expect(granted.code, granted.err).toBe(0);
    expect(granted.out).toMatch(/^Granted \$12\.50\. .*prepaid \$12\.50/);
    expect(await accountOf(t, org.orgId)).toMatchObject({
      prepaidMicro: usd(12.5),
      allowanceMicro: usd(500),
      enterpriseAllowanceMicro: usd(500),
    });
    const grants = (await ledgerOf(t, org.orgId)).filter((e) => e.entryType === 'grant');
    expect(grants.map((e) => [e.balanceBucket, e.amountMicro, e.note])).toEqual([
      ['prepaid', usd(12.5), 'goodwill for the outage'],
    ]);
    await expectLedgerBalanced(t);
  });

  it('refuses unknown organizations, plans and bad amounts with exit code 2 and a clear message', async () => {
    const org = await createOrgWithRoles(t);
    const cases: Array<[string[], RegExp]> = [
      [['org', 'set-plan', '999999', 'starter'], /Organization 999999 not found/],
      [['org', 'set-plan', String(org.orgId), 'platinum'], /plan: one of free, starter, professional, enterprise/],
      [['org', 'set-plan', 'acme', 'starter'], /org: the organization id/],
      [['credits', 'grant', String(org.orgId), '-5'], /usd: an amount in dollars/],
      [['credits', 'grant', String(org.orgId), '0'], /amount: more than \$0/],
    ];
    for (const [args, message] of cases) {
      const r = simdeck(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(message);
    }
    expect(await ledgerOf(t, org.orgId)).toEqual([]);
  });
});
