/** The plan table (docs/design/0019-plans-and-credits.md). `null` means unlimited. */
export type PlanId = 'free' | 'starter' | 'professional' | 'enterprise';

export interface Plan {
  id: PlanId;
  name: string;
  concurrentSessions: number | null;
  streamingMinutesPerMonth: number | null;
  /** Monthly allowance in micro-credits (1,000,000 = $1); enterprise's is set by the operator. */
  allowanceMicros: number | null;
  /** Wall-clock cap of one session in minutes. */
  sessionCapMinutes: number | null;
}

export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: 'free',
    name: 'Free',
    concurrentSessions: 2,
    streamingMinutesPerMonth: 30,
    allowanceMicros: 1_000_000,
    sessionCapMinutes: 5,
  },
  starter: {
    id: 'starter',
    name: 'Starter',
    concurrentSessions: 5,
    streamingMinutesPerMonth: 500,
    allowanceMicros: 15_000_000,
    sessionCapMinutes: null,
  },
  professional: {
    id: 'professional',
    name: 'Professional',
    concurrentSessions: 20,
    streamingMinutesPerMonth: 2500,
    allowanceMicros: 75_000_000,
    sessionCapMinutes: null,
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    concurrentSessions: null,
    streamingMinutesPerMonth: null,
    allowanceMicros: null,
    sessionCapMinutes: null,
  },
};

/** An unknown plan id is treated as free: the safe, most limited choice. */
export function planFor(planId: string): Plan {
  return PLANS[planId as PlanId] ?? PLANS.free;
}
