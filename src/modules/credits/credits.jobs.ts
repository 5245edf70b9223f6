import { systemContext } from '../../context';
import type { Container } from '../../container';
import type { JobHandlers } from '../../jobs/catalog';

/** Credits' background work: the allowance refill at each period start, on the container's clock. */
export function creditsJobs(c: Container) {
  const { operator } = c.services.credits;
  return {
    'credits.refill_allowances': async () =>
      void (await operator.refillDueAllowances({ ctx: systemContext(c, null, 'job:credits.refill_allowances') })),
  } satisfies Pick<JobHandlers, 'credits.refill_allowances'>;
}
