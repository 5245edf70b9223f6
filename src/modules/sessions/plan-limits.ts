import { planFor } from '../plans';

/**
 * What a plan limit says to the people it stops: which limit, its value, and how to lift it. A
 * plan is changed by the operator (`simdeck org set-plan`), so each message names the command
 * with the organization's id; streaming past the plan's minutes can also be allowed by an admin.
 */
const lift = (orgId: number) =>
  `the operator of this simdeck lifts it by moving the organization to a larger plan (\`simdeck org set-plan ${orgId} enterprise\` has no limits)`;

/** The end message of a session stopped by the plan's wall-clock cap. */
export function sessionCapMessage(planId: string, orgId: number): string {
  const plan = planFor(planId);
  return `The session reached the ${plan.name} plan's limit of ${plan.sessionCapMinutes} minutes per session; ${lift(orgId)}.`;
}

/** The end message of a session stopped when the organization's monthly streaming minutes ran out. */
export function streamingMinutesMessage(planId: string, orgId: number): string {
  const plan = planFor(planId);
  return (
    `The organization used the ${plan.name} plan's ${plan.streamingMinutesPerMonth} streaming minutes of this month; ` +
    `an admin lifts the limit by allowing streaming overage (allow_streaming_overage in the organization's settings, ` +
    `charged per minute from usage credit), or ${lift(orgId)}.`
  );
}

/** The end message of a session whose streaming past the plan's minutes could no longer be paid. */
export function creditExhaustedMessage(planId: string): string {
  const plan = planFor(planId);
  return (
    `The organization's usage credit ran out paying for streaming past the ${plan.name} plan's ` +
    `${plan.streamingMinutesPerMonth} minutes of this month; top up or be granted credit to continue.`
  );
}

/** Why a queued session waits when its organization runs as many sessions as its plan allows; null otherwise. */
export function concurrencyMessage(planId: string, orgId: number, live: number): string | null {
  const plan = planFor(planId);
  if (plan.concurrentSessions === null || live < plan.concurrentSessions) return null;
  return (
    `The ${plan.name} plan's limit of ${plan.concurrentSessions} sessions at a time is reached; this session starts ` +
    `when one of the organization's running sessions ends, and ${lift(orgId)}.`
  );
}
