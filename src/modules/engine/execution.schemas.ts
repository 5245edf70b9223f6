import { z } from 'zod';
import { RUN_MODES } from '../../db/schema';
import { RowId } from '../../http/schemas';

/** What a run asks for beyond its case or suite; shared by test and suite runs. */
const RunOptions = {
  session_id: z.string().min(1).max(100),
  model: z.string().min(1).max(200).optional(),
  provider: z.string().min(1).max(50).optional(),
  mode: z.enum(RUN_MODES).default('hybrid'),
  fuzzy_match: z.boolean().optional(),
  build_id: z.number().int().positive().max(2_147_483_647).optional(),
};

export const StartTestRunBody = z
  .object({
    test_case_public_id: z.string().min(1).max(64).optional(),
    test_case_id: z.number().int().positive().max(2_147_483_647).optional(),
    ...RunOptions,
  })
  .refine((b) => (b.test_case_public_id === undefined) !== (b.test_case_id === undefined), {
    message: 'give exactly one of test_case_public_id and test_case_id',
    path: ['test_case_public_id'],
  });
export type StartTestRunBody = z.infer<typeof StartTestRunBody>;

export const StartTestRunResponse = z.object({
  run_id: z.number().int(),
  run_public_id: z.string(),
  status: z.literal('started'),
  message: z.string(),
  warnings: z.array(z.string()).nullable(),
});

export const StartSuiteRunBody = z
  .object({
    suite_public_id: z.string().min(1).max(64).optional(),
    suite_id: z.number().int().positive().max(2_147_483_647).optional(),
    ...RunOptions,
    /** Overrides the suite's retries for this run: a failed or errored case runs again up to this often. */
    retries: z.number().int().min(0).max(3).optional(),
    /** Spreads the cases over this many sessions: the given one, and more asked for through the queue. */
    parallelism: z.number().int().min(1).max(32).optional(),
    /** Refused here: a device matrix runs on devices the server allocates (`/ci/run-suite`). */
    devices: z.unknown().optional().meta({ description: 'not accepted here; see POST /ci/run-suite' }),
  })
  .refine((b) => (b.suite_public_id === undefined) !== (b.suite_id === undefined), {
    message: 'give exactly one of suite_public_id and suite_id',
    path: ['suite_public_id'],
  })
  .refine((b) => b.devices === undefined, {
    message:
      'a device matrix runs on devices the server allocates: send devices to POST /ci/run-suite; /ai/suite/run runs on the session you give (with parallelism for more of the same kind)',
    path: ['devices'],
  });
export type StartSuiteRunBody = z.infer<typeof StartSuiteRunBody>;

export const StartSuiteRunResponse = z.object({
  suite_run_id: z.number().int(),
  suite_run_public_id: z.string(),
  status: z.literal('pending'),
});

export const SuiteRunNumericParams = z.object({ suite_run_id: RowId });

export const CancellationResponse = z.object({ status: z.literal('cancellation_requested') });
