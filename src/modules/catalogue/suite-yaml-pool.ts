import { AppError } from '../../errors';
import { TaskPool, TaskPoolError, threadModule } from '../../threads/task-pool';
import { DEFAULT_YAML_LIMITS, type YamlLimits } from './bounded-yaml';
import type { SuiteDocument } from './suite-yaml';
import type { SuiteYamlOutcome, SuiteYamlTask } from './suite-yaml.worker';

/**
 * Reads uploaded suite YAML on worker threads (src/threads/task-pool.ts, the pool the package
 * reader uses too): a hostile document costs a thread for at most `limits.timeMs`, never the
 * event loop. Every refusal is a 400 naming the limit or the problem; a full queue is a 503.
 */
export class SuiteYamlPool {
  readonly limits: YamlLimits;
  private readonly pool: TaskPool<SuiteYamlTask, SuiteYamlOutcome>;

  constructor(options: { limits?: Partial<YamlLimits> } = {}) {
    this.limits = { ...DEFAULT_YAML_LIMITS, ...options.limits };
    this.pool = new TaskPool(threadModule(import.meta.url, 'suite-yaml.worker'), {
      threads: 2,
      maxQueue: 8,
      // A 2 MB document within the caps composes in well under this; past it the thread is replaced.
      heapMb: 256,
      stackMb: 4,
      idleMs: 60_000,
      timeMs: this.limits.timeMs,
    });
  }

  async read(filePath: string): Promise<SuiteDocument> {
    let outcome: SuiteYamlOutcome;
    try {
      outcome = await this.pool.run({ filePath, limits: this.limits });
    } catch (err) {
      if (!(err instanceof TaskPoolError)) throw err;
      if (err.kind === 'busy')
        throw new AppError('UNAVAILABLE', 'Too many YAML files are being read right now: try again in a moment');
      if (err.kind === 'timeout')
        throw new AppError(
          'BAD_REQUEST',
          `Invalid YAML: reading the file took longer than ${this.limits.timeMs / 1000} s`,
        );
      throw new AppError('BAD_REQUEST', 'Invalid YAML: reading the file needs more memory than allowed');
    }
    if (!outcome.ok) throw new AppError(outcome.code, outcome.detail);
    return outcome.doc;
  }

  /** Stops the threads; reads in flight fail. */
  close(): Promise<void> {
    return this.pool.close();
  }
}
