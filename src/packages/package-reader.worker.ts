import type { MessagePort } from 'node:worker_threads';
import { readPackage } from './package-reader';
import type { PackageLimits } from './package-limits';
import type { ReadOutcome, ReadRequest } from './package-facts';

/** A pool task: the read, its limits, and a port to say when the thread starts on it. */
export interface PoolTask {
  request: ReadRequest;
  limits: PackageLimits;
  started: MessagePort;
}

/** Runs on a pool thread (piscina loads this module); the pool's clock starts at the "started" message. */
export default async function runPoolTask(task: PoolTask): Promise<ReadOutcome> {
  task.started.postMessage('started');
  task.started.close();
  return readPackage(task.request, task.limits);
}
