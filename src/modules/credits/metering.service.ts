import { requireRole, withTransaction, type Ctx } from '../../context';
import { AppError } from '../../errors';
import { planFor } from '../plans';
import {
  applyChanges,
  deduct,
  lockCreditAccount,
  readCreditAccount,
  totalOf,
  type BucketChange,
} from './credit-account';
import { allowancePeriodAt, formatUsd, STREAMING_MINUTE_MICRO, type RunBilling } from './credit-rules';
import * as holds from './credit-holds.repository';
import * as repo from './credits.repository';
import { exhaustionInstant, overageMinutesDue } from './streaming-overage';
import { sessionIntervalsSince } from './usage.repository';

export const NO_CREDIT_TO_START =
  'The organization has no usage credit left for runs on the platform model; top up credit, or run with your own provider key';

export interface RunCost {
  runId: number;
  model: string | null;
  costMicro: number;
  billing: RunBilling;
  /** The run errored for infrastructure reasons (device or worker lost, provider or internal failure): its cost is refunded. */
  infrastructureFailure?: boolean;
}

/**
 * What usage costs, as it happens: AI runs on the platform model (checked before they start and
 * between steps, settled when they end) and streaming past the plan's minutes.
 */
export class MeteringService {
  /**
   * A platform-billed run starts only with some credit left that runs in flight do not already
   * hold: 402 otherwise. BYOK and free runs always start.
   */
  async requireRunCredit({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { model: string | null; billing: RunBilling };
  }): Promise<void> {
    const org = requireRole(ctx, 'viewer');
    if (input.billing !== 'platform') return;
    const total = totalOf(await readCreditAccount(ctx, org.id));
    if (total <= 0) throw new AppError('PAYMENT_REQUIRED', NO_CREDIT_TO_START);
    const c = await holds.committedCredit(ctx.db, org.id, ctx.clock.now());
    if (c.heldMicro + c.unsettledMicro >= total)
      throw new AppError(
        'PAYMENT_REQUIRED',
        `The organization's usage credit (${formatUsd(total)}) is all held by runs in progress; wait for them to end, top up credit, or run with your own provider key`,
      );
  }

  /**
   * Between steps of a platform-billed run: the run stops (402 error, the run's message) once its
   * cost so far (the run's `cost_micro`), with what the organization's other runs in flight have
   * spent or hold, reaches what the organization has left.
   */
  async requireCreditToContinue({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { runId: number; billing: RunBilling };
  }): Promise<void> {
    const org = requireRole(ctx, 'viewer');
    if (input.billing !== 'platform') return;
    const total = totalOf(await readCreditAccount(ctx, org.id));
    const c = await holds.committedCredit(ctx.db, org.id, ctx.clock.now(), input.runId);
    const spent = c.ownSpentMicro;
    const others = c.heldMicro + c.unsettledMicro - spent;
    if (spent + others >= total)
      throw new AppError(
        'PAYMENT_REQUIRED',
        `The organization ran out of usage credit (this run has cost ${formatUsd(spent)}, ${others > 0 ? `runs in progress hold ${formatUsd(others)}, ` : ''}${formatUsd(total)} is left); the run stopped before its next step`,
      );
  }

  /**
   * Before a platform model call: holds `amountMicro` (what the call may cost at most) on the
   * organization's credit, under the account's lock, when what is left after the holds of calls
   * in flight and the unsettled cost of runs in flight covers it; 402 otherwise. The hold ends
   * when the call's cost joins its run (`releaseHold` in that transaction) or is charged
   * (`chargeCall`), when the call fails, or when the run ends; a process that died mid-call
   * leaves it until `expiresInMs` has passed, after which it counts for nothing.
   */
  async holdCredit({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { runId: number | null; model: string | null; amountMicro: number; expiresInMs: number };
  }): Promise<{ holdId: number }> {
    const org = requireRole(ctx, 'viewer');
    return withTransaction(ctx, async (tx) => {
      const account = await lockCreditAccount(tx, org.id);
      const now = tx.clock.now();
      await holds.deleteExpiredHolds(tx.db, now, org.id);
      const c = await holds.committedCredit(tx.db, org.id, now);
      const total = totalOf(account);
      const spokenFor = c.heldMicro + c.unsettledMicro;
      const free = Math.max(0, total - spokenFor);
      if (input.amountMicro > free)
        throw new AppError(
          'PAYMENT_REQUIRED',
          `The organization ran out of usage credit: this model call may cost up to ${formatUsd(input.amountMicro)} and ${formatUsd(free)} is left${spokenFor > 0 ? ` once the runs in progress are paid for (${formatUsd(total)} left, ${formatUsd(Math.min(total, spokenFor))} of it held for them)` : ''}`,
        );
      const row = await holds.insertHold(tx.db, {
        organizationId: org.id,
        testRunId: input.runId,
        model: input.model,
        amountMicro: input.amountMicro,
        createdAt: now,
        expiresAt: new Date(now.getTime() + input.expiresInMs),
      });
      return { holdId: row.id };
    });
  }

  /** Ends a hold (a call that failed or whose cost has joined its run, in the caller's transaction). */
  async releaseHold({ ctx, input }: { ctx: Ctx; input: { holdId: number } }): Promise<void> {
    const org = requireRole(ctx, 'viewer');
    await holds.deleteHold(ctx.db, org.id, input.holdId);
  }

  /**
   * A platform call outside runs (generate-test): its cost is deducted at once (allowance first,
   * one `usage_deduction` per bucket with the model, reference `call:<hold>`) and its hold ends,
   * in one transaction.
   */
  async chargeCall({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { holdId: number; model: string | null; costMicro: number };
  }): Promise<{ chargedMicro: number; uncoveredMicro: number }> {
    const org = requireRole(ctx, 'viewer');
    return withTransaction(ctx, async (tx) => {
      const account = await lockCreditAccount(tx, org.id);
      await holds.deleteHold(tx.db, org.id, input.holdId);
      if (input.costMicro <= 0) return { chargedMicro: 0, uncoveredMicro: 0 };
      const charged = await deduct(tx, account, input.costMicro, {
        reference: `call:${input.holdId}`,
        model: input.model,
      });
      if (charged.uncoveredMicro > 0)
        tx.log.warn(
          { holdId: input.holdId, uncoveredMicro: charged.uncoveredMicro },
          'a model call cost more than its hold and the credit left; the rest was not charged',
        );
      return { chargedMicro: charged.chargedMicro, uncoveredMicro: charged.uncoveredMicro };
    });
  }

  /** Drops every hold that has expired (the refill job's tick): what a crashed process left. */
  async sweepExpiredHolds({ ctx }: { ctx: Ctx }): Promise<number> {
    return holds.deleteExpiredHolds(ctx.db, ctx.clock.now());
  }

  /**
   * Settles a finished run's platform cost in the caller's transaction: allowance first, then
   * prepaid, one `usage_deduction` per bucket with the model and run. A run that failed for
   * infrastructure reasons gets the same amounts back as `refund` entries. Once per run, however
   * often it is called; BYOK and free runs write nothing. Whatever the run still held ends.
   */
  async settleRunCost({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: RunCost;
  }): Promise<{ chargedMicro: number; uncoveredMicro: number; refundedMicro: number }> {
    const org = requireRole(ctx, 'viewer');
    const none = { chargedMicro: 0, uncoveredMicro: 0, refundedMicro: 0 };
    if (input.billing !== 'platform') return none;
    return withTransaction(ctx, async (tx) => {
      // A call the run still held for (it ended mid-call) is over with the run.
      await holds.deleteHoldsOfRun(tx.db, input.runId);
      if (input.costMicro <= 0) return none;
      let account = await lockCreditAccount(tx, org.id);
      const reference = `run:${input.runId}`;
      if (await repo.hasLedgerReference(tx.db, org.id, reference)) return none;
      const settled = await deduct(tx, account, input.costMicro, {
        reference,
        model: input.model,
        testRunId: input.runId,
      });
      account = settled.account;
      if (settled.uncoveredMicro > 0)
        tx.log.warn(
          { runId: input.runId, uncoveredMicro: settled.uncoveredMicro },
          'a run cost more than the credit left; the rest was not charged',
        );
      if (!input.infrastructureFailure || settled.chargedMicro === 0)
        return { ...none, chargedMicro: settled.chargedMicro, uncoveredMicro: settled.uncoveredMicro };
      const charged = await repo.ledgerEntriesByReference(tx.db, org.id, reference);
      const refunds: BucketChange[] = charged.map((e) => ({
        entryType: 'refund',
        bucket: e.balanceBucket,
        amountMicro: -e.amountMicro,
        reference: `refund:${input.runId}`,
        model: input.model,
        testRunId: input.runId,
      }));
      await applyChanges(tx, account, refunds);
      return {
        chargedMicro: settled.chargedMicro,
        uncoveredMicro: settled.uncoveredMicro,
        refundedMicro: settled.chargedMicro,
      };
    });
  }

  /**
   * Streaming overage of an organization that allows it, up to `now`: every started minute past
   * the plan's monthly minutes (counted from the moment they ran out, per session) costs $0.06,
   * allowance first. A minute is charged once (per session and minute), whichever replica sweeps.
   * Returns since when credit has been missing for a due minute, or null while it lasts.
   */
  async chargeStreamingOverage({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { now: Date };
  }): Promise<{ creditOutAt: Date | null; chargedMinutes: number }> {
    const org = requireRole(ctx, 'viewer');
    const { now } = input;
    const period = allowancePeriodAt(now);
    return withTransaction(ctx, async (tx) => {
      let account = await lockCreditAccount(tx, org.id);
      const minutes = planFor(account.planId).streamingMinutesPerMonth;
      if (minutes === null) return { creditOutAt: null, chargedMinutes: 0 };
      const intervals = await sessionIntervalsSince(tx.db, org.id, period.start, now);
      const from = exhaustionInstant(intervals, period.start, now, minutes * 60_000);
      let chargedMinutes = 0;
      let short = false;
      if (from) {
        const charged = await repo.streamingMinutesCharged(tx.db, org.id, period.start);
        for (const interval of intervals) {
          const due = overageMinutesDue(interval, from, now);
          for (let minute = (charged.get(interval.sessionId) ?? 0) + 1; minute <= due && !short; minute++) {
            if (totalOf(account) < STREAMING_MINUTE_MICRO) short = true;
            else {
              const reference = `stream:${interval.sessionId}:${period.start.toISOString().slice(0, 7)}:${minute}`;
              account = (
                await deduct(tx, account, STREAMING_MINUTE_MICRO, {
                  reference,
                  isStreaming: true,
                  sessionId: interval.sessionId,
                  streamingMinute: minute,
                })
              ).account;
              chargedMinutes++;
            }
          }
        }
      }
      const creditOutAt = short ? (account.row.streamingCreditOutAt ?? now) : null;
      if ((creditOutAt?.getTime() ?? null) !== (account.row.streamingCreditOutAt?.getTime() ?? null))
        await repo.updateAccount(tx.db, org.id, { streamingCreditOutAt: creditOutAt });
      return { creditOutAt, chargedMinutes };
    });
  }
}
