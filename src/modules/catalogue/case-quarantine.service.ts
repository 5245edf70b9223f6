import { actorIdentity, requireRole, withTransaction, type Ctx } from '../../context';
import { conflict, notFound } from '../../errors';
import { recordAudit } from '../audit';
import { emitEvent } from '../events';
import { lockCase, setCaseQuarantine } from './case-health.repository';
import type { CaseResponse } from './cases.schemas';
import { getCaseResponse } from './cases.service';

/**
 * Quarantine and flakiness of cases: a quarantined case still runs and is reported, but its
 * failure fails neither its suite run, nor CI, nor the commit status (docs/design/0032-suites-at-scale.md).
 */
export class CaseQuarantineService {
  /** Quarantines a case with a reason (developer); 409 when it is quarantined already. */
  async quarantineCase({ ctx, input }: { ctx: Ctx; input: { caseId: string; reason: string } }): Promise<CaseResponse> {
    const org = requireRole(ctx, 'developer');
    return withTransaction(ctx, async (tx) => {
      const c = await lockCase(tx.db, org.id, input.caseId);
      if (!c) throw notFound('Test case');
      if (c.quarantinedAt) throw conflict('The case is quarantined already');
      const now = tx.clock.now();
      await setCaseQuarantine(tx.db, c.id, {
        quarantinedAt: now,
        quarantineReason: input.reason,
        quarantinedByUserId: actorIdentity(tx).userId,
      });
      await recordAudit(tx, {
        action: 'test_case.quarantined',
        resourceType: 'test_case',
        resourceId: c.publicId,
        details: { reason: input.reason },
      });
      await emitEvent(tx, {
        type: 'case.quarantined',
        data: { test_case_id: c.publicId, test_case_name: c.name, reason: input.reason, by: actorIdentity(tx).email },
      });
      return getCaseResponse(tx.db, org.id, c.publicId);
    });
  }

  /** Takes a case out of quarantine (developer), optionally saying why; 409 when it is not quarantined. */
  async releaseCase({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { caseId: string; reason: string | null };
  }): Promise<CaseResponse> {
    const org = requireRole(ctx, 'developer');
    return withTransaction(ctx, async (tx) => {
      const c = await lockCase(tx.db, org.id, input.caseId);
      if (!c) throw notFound('Test case');
      if (!c.quarantinedAt) throw conflict('The case is not quarantined');
      await setCaseQuarantine(tx.db, c.id, { quarantinedAt: null, quarantineReason: null, quarantinedByUserId: null });
      const details = { reason: input.reason, quarantine_reason: c.quarantineReason };
      await recordAudit(tx, {
        action: 'test_case.unquarantined',
        resourceType: 'test_case',
        resourceId: c.publicId,
        details,
      });
      await emitEvent(tx, {
        type: 'case.unquarantined',
        data: { test_case_id: c.publicId, test_case_name: c.name, ...details, by: actorIdentity(tx).email },
      });
      return getCaseResponse(tx.db, org.id, c.publicId);
    });
  }
}
