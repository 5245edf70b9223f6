import { markStarted, type PooledTask } from '../threads/task-pool';
import { readPackage } from './package-reader';
import type { PackageLimits } from './package-limits';
import type { ReadOutcome, ReadRequest } from './package-facts';

/** A pool task: the read and its limits. */
export interface PoolTask {
  request: ReadRequest;
  limits: PackageLimits;
}

/** Runs on a pool thread (piscina loads this module); the pool's clock starts at markStarted. */
export default async function runPoolTask(task: PooledTask<PoolTask>): Promise<ReadOutcome> {
  markStarted(task);
  return readPackage(task.input.request, task.input.limits);
}
