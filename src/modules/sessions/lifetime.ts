import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import { systemContext, withTransaction } from '../../context';
import type { Db } from '../../db/client';
import type { EndReason } from '../../db/schema';
import { releaseOrphanLeases } from '../devices';
import { planFor } from '../plans';
import type { RealtimeHub } from '../realtime';
import { creditExhaustedMessage, sessionCapMessage, streamingMinutesMessage } from './plan-limits';
import type { SessionLifecycle } from './session-lifecycle';
import type { SessionNotifier } from './session-notifier';
import {
  listLiveWithOrgRules,
  lockSession,
  markEndingNotified,
  markUsed,
  streamedMsSince,
  type SessionRow,
} from './sessions.repository';

export const NEVER_USED_MS = 3 * 60_000;
export const ENDING_WARNING_MS = 60_000;
/** A session stuck in `starting` this long (boot 180 s + installs) has failed. */
export const STARTING_TIMEOUT_MS = 10 * 60_000;
/** A lease this old without a live session is an orphan (see releaseOrphanLeases). */
const ORPHAN_LEASE_GRACE_MS = 60_000;

type LiveSession = { s: SessionRow; timeout: number; planId: string; overage: boolean };
/** A rule that would end the session at `at`; plan limits say which limit and how to lift it. */
type Candidate = { reason: EndReason; at: number; message: string | null };
type Ending = { status: 'stopped' | 'failed'; reason: EndReason | null; message: string | null };

/**
 * Charges an organization's streaming past its plan's minutes to its usage credit (the credits
 * module), up to `now`; returns since when its credit has run short, or null while it lasts.
 */
export interface StreamingOverageMeter {
  chargeOverage(orgId: number, now: Date): Promise<Date | null>;
}

/**
 * The lifetime rules (docs/design/0011-sessions.md), evaluated at a given instant: the free plan's
 * wall-clock cap, the plan's monthly streaming minutes, never-used, idle timeout (with a
 * `session.ending` warning 60 s before), and boots that never finished.
 */
export class SessionLifetime {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      log: FastifyBaseLogger;
      realtime: RealtimeHub;
      lifecycle: SessionLifecycle;
      notifier: SessionNotifier;
      overage?: StreamingOverageMeter;
    },
  ) {}

  /** A stream viewer connected to this replica is use of its session (every replica runs this). */
  async touchViewedSessions(now: Date = this.deps.clock.now()): Promise<void> {
    await markUsed(this.deps.db, { sessionIds: this.deps.realtime.sessionsWithViewers() }, now);
  }

  async sweepLifetimes(
    now: Date = this.deps.clock.now(),
  ): Promise<{ ended: Array<{ sessionId: string; reason: EndReason | null }> }> {
    const db = this.deps.db;
    const live = await listLiveWithOrgRules(db);
    const monthlyEnd = await this.monthlyAllowanceEnds(live, now);
    const creditOut = await this.chargeOverage(live, now);
    const ended: Array<{ sessionId: string; reason: EndReason | null }> = [];
    for (const session of live) {
      const { s } = session;
      const verdict = this.judge(session, monthlyEnd.get(s.organizationId), creditOut.get(s.organizationId), now);
      if (verdict.end) {
        const end = verdict.end;
        await withTransaction(systemContext(this.deps, { id: s.organizationId, role: 'admin' }), async (tx) => {
          const cur = await lockSession(tx.db, s.id);
          if (!cur || (cur.status !== 'starting' && cur.status !== 'active')) return;
          if (cur.lastUsedAt && s.lastUsedAt && cur.lastUsedAt > s.lastUsedAt) return; // used meanwhile
          await this.deps.lifecycle.endSession(tx, cur, end);
          ended.push({ sessionId: s.sessionId, reason: end.reason });
        });
      } else if (verdict.warn && (await markEndingNotified(db, s.id, now))) {
        // Every replica sweeps: the one that marks the session first sends the warning.
        this.deps.notifier.ending(
          s.sessionId,
          verdict.warn.reason,
          Math.max(0, Math.round((verdict.warn.at - now.getTime()) / 1000)),
          verdict.warn.message,
        );
      }
    }
    return { ended };
  }

  /** Device leases left behind by sessions that no longer run (deleted organizations, crashes). */
  async releaseOrphanLeases(now: Date = this.deps.clock.now()): Promise<string[]> {
    const freed = await releaseOrphanLeases(this.deps.db, now, new Date(now.getTime() - ORPHAN_LEASE_GRACE_MS));
    if (freed.length) {
      this.deps.log.warn({ devices: freed }, 'released device leases of sessions that no longer run');
      await this.deps.lifecycle.dispatchNow();
    }
    return freed;
  }

  private judge(
    { s, timeout, planId }: LiveSession,
    allowanceEnd: number | undefined,
    creditOutAt: Date | undefined,
    now: Date,
  ): { end?: Ending; warn?: Candidate } {
    if (s.status === 'starting') {
      const stuck = s.startTime && now.getTime() - s.startTime.getTime() > STARTING_TIMEOUT_MS;
      return stuck
        ? { end: { status: 'failed', reason: null, message: 'The device did not finish starting in time' } }
        : {};
    }
    const plan = planFor(planId);
    const candidates: Candidate[] = [];
    const org = s.organizationId;
    if (plan.sessionCapMinutes !== null && s.startTime)
      candidates.push({
        reason: 'plan_limit',
        at: s.startTime.getTime() + plan.sessionCapMinutes * 60_000,
        message: sessionCapMessage(planId, org),
      });
    // A session started with the allowance (nearly) used up still gets its 60 s warning.
    if (allowanceEnd !== undefined && s.startTime)
      candidates.push({
        reason: 'plan_limit',
        at: Math.max(allowanceEnd, s.startTime.getTime() + ENDING_WARNING_MS),
        message: streamingMinutesMessage(planId, org),
      });
    if (creditOutAt && s.startTime)
      candidates.push({
        reason: 'credit_exhausted',
        at: Math.max(creditOutAt.getTime(), s.startTime.getTime()) + ENDING_WARNING_MS,
        message: creditExhaustedMessage(planId),
      });
    if (!s.lastUsedAt && s.activeAt)
      candidates.push({ reason: 'never_used', at: s.activeAt.getTime() + NEVER_USED_MS, message: null });
    const lastUse = s.lastUsedAt ?? s.activeAt;
    if (lastUse)
      candidates.push({ reason: 'idle_timeout', at: lastUse.getTime() + Number(timeout) * 60_000, message: null });
    candidates.sort((a, b) => a.at - b.at);
    const first = candidates[0];
    if (first && first.at <= now.getTime())
      return { end: { status: 'stopped', reason: first.reason, message: first.message } };
    if (first && first.at - now.getTime() <= ENDING_WARNING_MS && !s.endingNotifiedAt) return { warn: first };
    return {};
  }

  /** Streaming overage of the organizations that allow it, charged up to `now`: when each one's credit ran short. */
  private async chargeOverage(live: LiveSession[], now: Date): Promise<Map<number, Date>> {
    const out = new Map<number, Date>();
    const orgs = new Set(
      live
        .filter((l) => l.overage && l.s.startTime && planFor(l.planId).streamingMinutesPerMonth !== null)
        .map((l) => l.s.organizationId),
    );
    for (const orgId of orgs) {
      const at = await this.deps.overage
        ?.chargeOverage(orgId, now)
        .catch((err) => void this.deps.log.error({ err, orgId }, 'charging streaming overage failed'));
      if (at) out.set(orgId, at);
    }
    return out;
  }

  /**
   * When each organization without streaming overage runs out of its plan's monthly streaming
   * minutes (calendar month, UTC): what is left is shared by its running sessions, so that they
   * end together at the moment the allowance is used up.
   */
  private async monthlyAllowanceEnds(live: LiveSession[], now: Date): Promise<Map<number, number>> {
    const running = new Map<number, { minutes: number; count: number }>();
    for (const { s, planId, overage } of live) {
      const minutes = planFor(planId).streamingMinutesPerMonth;
      if (minutes === null || overage || !s.startTime) continue;
      const entry = running.get(s.organizationId) ?? { minutes, count: 0 };
      entry.count++;
      running.set(s.organizationId, entry);
    }
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const streamed = await streamedMsSince(this.deps.db, [...running.keys()], monthStart, now);
    const ends = new Map<number, number>();
    for (const [orgId, { minutes, count }] of running) {
      const leftMs = Math.max(0, minutes * 60_000 - (streamed.get(orgId) ?? 0));
      ends.set(orgId, now.getTime() + leftMs / count);
    }
    return ends;
  }
}
