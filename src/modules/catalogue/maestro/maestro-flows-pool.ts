import { AppError } from '../../../errors';
import { TaskPool, TaskPoolError, threadModule } from '../../../threads/task-pool';
import { DEFAULT_YAML_LIMITS, type YamlLimits } from '../bounded-yaml';
import type { ImportedFolder } from './flow-folder';
import type { MaestroFlowsOutcome, MaestroFlowsTask } from './maestro-flows.worker';

/**
 * Reads uploaded Maestro flows on worker threads, as the suite YAML reader does
 * (catalogue/suite-yaml-pool.ts): a hostile upload costs a thread for at most `limits.timeMs`.
 */
export class MaestroFlowsPool {
  readonly limits: YamlLimits;
  private readonly pool: TaskPool<MaestroFlowsTask, MaestroFlowsOutcome>;

  constructor(options: { limits?: Partial<YamlLimits> } = {}) {
    this.limits = { ...DEFAULT_YAML_LIMITS, ...options.limits };
    this.pool = new TaskPool(threadModule(import.meta.url, 'maestro-flows.worker'), {
      threads: 2,
      maxQueue: 8,
      heapMb: 256,
      stackMb: 4,
      idleMs: 60_000,
      timeMs: this.limits.timeMs,
    });
  }

  async read(filePath: string, fileName: string): Promise<ImportedFolder> {
    let outcome: MaestroFlowsOutcome;
    try {
      outcome = await this.pool.run({ filePath, fileName, limits: this.limits });
    } catch (err) {
      if (!(err instanceof TaskPoolError)) throw err;
      if (err.kind === 'busy')
        throw new AppError('UNAVAILABLE', 'Too many flow imports are being read right now: try again in a moment');
      if (err.kind === 'timeout')
        throw new AppError(
          'BAD_REQUEST',
          `Invalid flows: reading them took longer than ${this.limits.timeMs / 1000} s`,
        );
      throw new AppError('BAD_REQUEST', 'Invalid flows: reading them needs more memory than allowed');
    }
    if (!outcome.ok) throw new AppError(outcome.code, outcome.detail);
    return outcome.folder;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
