import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext, type Ctx } from '../../context';
import { invitations, memberships } from '../../db/schema';
import { AppError } from '../../errors';
import { createTestApp, type TestApp } from '../../../test/harness/app';
import { addMember, createOrgWithRoles, uniqueEmail, PASSWORD } from '../../../test/harness/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(async () => {
  await t?.close();
});

function ctxOf(member: { userId: number; email: string }, orgId: number): Ctx {
  return {
    ...systemContext({ db: t.container.db, clock: t.clock, log: t.container.log }, { id: orgId, role: 'admin' }),
    actor: { kind: 'user', userId: member.userId, email: member.email },
  };
}
const membershipIdOf = async (orgId: number, userId: number) =>
  (await t.container.db.select().from(memberships).where(eq(memberships.organizationId, orgId))).find(
    (m) => m.userId === userId,
  )!.id;

describe('membership races', () => {
  it('two admins removing each other at once: exactly one succeeds, the organization keeps an admin', async () => {
    for (let round = 0; round < 5; round++) {
      const org = await createOrgWithRoles(t);
      const second = await addMember(t, org.orgId, 'admin');
      const [idA, idB] = await Promise.all([
        membershipIdOf(org.orgId, org.admin.userId),
        membershipIdOf(org.orgId, second.userId),
      ]);
      const results = await Promise.allSettled([
        t.container.services.orgs.removeMember({
          ctx: ctxOf(org.admin, org.orgId),
          input: { orgId: org.orgId, memberId: idB },
        }),
        t.container.services.orgs.removeMember({
          ctx: ctxOf(second, org.orgId),
          input: { orgId: org.orgId, memberId: idA },
        }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(rejected.reason).toBeInstanceOf(AppError);
      const admins = (
        await t.container.db.select().from(memberships).where(eq(memberships.organizationId, org.orgId))
      ).filter((m) => m.role === 'admin');
      expect(admins).toHaveLength(1);
    }
  });

  it('two admins deleting their accounts at once: one succeeds, the other is the last admin and gets 400', async () => {
    const org = await createOrgWithRoles(t);
    const second = await addMember(t, org.orgId, 'admin');
    const results = await Promise.allSettled([
      t.container.services.accounts.deleteAccount({ ctx: ctxOf(org.admin, org.orgId) }),
      t.container.services.accounts.deleteAccount({ ctx: ctxOf(second, org.orgId) }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((rejected.reason as AppError).code).toBe('BAD_REQUEST');
    const admins = (
      await t.container.db.select().from(memberships).where(eq(memberships.organizationId, org.orgId))
    ).filter((m) => m.role === 'admin');
    expect(admins).toHaveLength(1);
  });

  it('one invitation redeemed by two concurrent registrations joins exactly once', async () => {
    const org = await createOrgWithRoles(t);
    const email = uniqueEmail('race');
    const inv = await t.container.services.orgs.inviteMember({
      ctx: ctxOf(org.admin, org.orgId),
      input: { orgId: org.orgId, body: { email, role: 'viewer' } },
    });
    const base = systemContext({ db: t.container.db, clock: t.clock, log: t.container.log });
    const results = await Promise.allSettled(
      [0, 1].map(() =>
        t.container.services.auth.register({
          ctx: base,
          input: { email, password: PASSWORD, invite_token: inv.token },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(['BAD_REQUEST', 'CONFLICT']).toContain((rejected.reason as AppError).code);
    const rows = await t.container.db.select().from(memberships).where(eq(memberships.organizationId, org.orgId));
    expect(rows.filter((m) => m.role === 'viewer')).toHaveLength(2);
  });

  it('an admin removed while their invitation waits for the organization lock sends nothing', async () => {
    for (let round = 0; round < 5; round++) {
      const org = await createOrgWithRoles(t);
      const leaver = await addMember(t, org.orgId, 'admin');
      const email = uniqueEmail('late');
      const [removal, invitation] = await Promise.allSettled([
        t.container.services.orgs.removeMember({
          ctx: ctxOf(org.admin, org.orgId),
          input: { orgId: org.orgId, memberId: await membershipIdOf(org.orgId, leaver.userId) },
        }),
        t.container.services.orgs.inviteMember({
          ctx: ctxOf(leaver, org.orgId),
          input: { orgId: org.orgId, body: { email, role: 'viewer' } },
        }),
      ]);
      expect(removal.status).toBe('fulfilled');
      // Either the invitation went first and was withdrawn with its sender, or it was refused.
      if (invitation.status === 'rejected') expect((invitation.reason as AppError).code).toBe('UNAUTHENTICATED');
      expect(await t.container.db.select().from(invitations).where(eq(invitations.email, email))).toHaveLength(0);
    }
  });
});
