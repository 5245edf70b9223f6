import type { Ctx } from '../../context';
import { insertDomainEvent } from './events.repository';

/** Event types simdeck emits (docs/design/0021-webhooks.md). */
export const EVENT_TYPES = [
  'run.started',
  'run.passed',
  'run.failed',
  'run.cancelled',
  'case.failed',
  'case.flaky',
  'case.quarantined',
  'case.unquarantined',
  'run.warning.flaky',
  'run.warning.slow',
  'run.warning.ai_fallback_used',
  'run.warning.byok_quota_low',
  'visual.regression_warning',
  'visual.regression_detected',
  'visual.run_completed_with_regressions',
  'visual.baseline_updated',
  'app.crashed',
  'app.uploaded',
  'build.uploaded',
  'session.started',
  'session.ended',
  'billing.credit_low',
  'billing.topup_completed',
  'billing.allowance_refilled',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * Records a domain event in the outbox with ctx.db: inside the caller's transaction it commits or
 * rolls back with the change. Webhook delivery picks undispatched rows up from there.
 */
export async function emitEvent(
  ctx: Ctx,
  event: {
    type: EventType;
    data: Record<string, unknown>;
    metadata?: Record<string, unknown> | null;
    organizationId?: number;
  },
): Promise<void> {
  const organizationId = event.organizationId ?? ctx.org?.id;
  if (organizationId === undefined) throw new Error(`event ${event.type}: no organization in context`);
  await insertDomainEvent(ctx.db, {
    organizationId,
    type: event.type,
    data: event.data,
    metadata: event.metadata ?? null,
    createdAt: ctx.clock.now(),
  });
}
