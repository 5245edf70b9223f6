import { z } from 'zod';

/** The OpenAPI tag of every route under /tests (catalogue and runs). */
export const TESTS_TAG = ['tests'];

/** A public id in a path (`ste_…`, `tc_…`, `run_…`, `srun_…`). */
export const PathId = z.string().min(1).max(64);

export const Name = z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');

export const StatusResponse = z.object({ status: z.string() });
