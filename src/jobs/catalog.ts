import { z } from 'zod';

/**
 * Every background job simdeck runs: name → payload schema and retry policy. A handler map is
 * declared `satisfies JobHandlers`, so a job without a handler does not compile.
 */
export const JOB_CATALOG = {
  'mail.send': {
    payload: z.object({ to: z.string(), subject: z.string(), text: z.string(), html: z.string().optional() }),
    retry: { retryLimit: 5, retryDelay: 30, retryBackoff: true },
  },
} as const;

export type JobName = keyof typeof JOB_CATALOG;
export type JobPayload<N extends JobName> = z.infer<(typeof JOB_CATALOG)[N]['payload']>;
export type JobHandlers = { [N in JobName]: (payload: JobPayload<N>, meta: { jobId: string; retryCount: number }) => Promise<void> };
