import { systemContext } from '../../context';
import type { Container } from '../../container';
import type { JobHandlers } from '../../jobs/catalog';

/** Credits' background work: the allowance refill at each period start, and expired holds, on the container's clock. */
export function creditsJobs(c: Container) {
  const { operator, metering } = c.services.credits;
  return {
    'credits.refill_allowances': async () => {
      const ctx = systemContext(c, null, 'job:credits.refill_allowances');
      await operator.refillDueAllowances({ ctx });
      // Holds a crashed process left behind count for nothing once expired; the same tick drops them.
      await metering.sweepExpiredHolds({ ctx });
    },
  } satisfies Pick<JobHandlers, 'credits.refill_allowances'>;
}
