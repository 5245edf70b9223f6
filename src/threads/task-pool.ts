import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { Piscina } from 'piscina';
import { loadPiscina } from '../lazy-modules';

/**
 * A bounded pool of worker threads for work on untrusted input (package reads, YAML documents):
 * parsing never runs on the event loop, each thread has a capped heap and stack, each task a time
 * limit (past it the thread is terminated and replaced), and the queue is bounded.
 */
export interface TaskPoolSettings {
  /** Tasks in parallel (one thread each). */
  threads: number;
  /** Tasks waiting for a thread; one more is refused (`busy`). */
  maxQueue: number;
  /** V8 old-generation heap of each thread. */
  heapMb: number;
  /** Stack of each thread: deep recursion in a parser ends in a RangeError, not a crash. */
  stackMb: number;
  /** An idle thread exits after this long. */
  idleMs: number;
  /** Wall-clock time of one task, from when a thread takes it; past it the thread is terminated. */
  timeMs: number;
}

/** Why the pool gave up on a task (the caller turns each into its own `{detail}`). */
export type TaskPoolFailure = 'busy' | 'timeout' | 'out_of_memory';

export class TaskPoolError extends Error {
  constructor(readonly kind: TaskPoolFailure) {
    super(`worker pool: ${kind}`);
    this.name = 'TaskPoolError';
  }
}

/** What a thread's module receives: the task, and a port on which it says when it starts. */
export interface PooledTask<T> {
  input: T;
  started: MessagePort;
}

/** Call first in a thread's task function: the pool's clock starts at this message. */
export function markStarted(task: PooledTask<unknown>): void {
  task.started.postMessage('started');
  task.started.close();
}

/**
 * Where a thread's module is, given the URL of the file that names it and the module's base
 * name: `<name>.ts` next to that file when running from source (loaded through tsx, as tests and
 * `tsx` runs do), or `<name>.mjs` beside the server bundle (scripts/build.mjs writes it there).
 */
export function threadModule(here: string, name: string): { filename: string; execArgv: string[] } {
  if (/\.ts$/.test(new URL(here).pathname)) {
    const tsx = pathToFileURL(createRequire(here).resolve('tsx')).href;
    return { filename: new URL(`./${name}.ts`, here).href, execArgv: ['--import', tsx] };
  }
  return { filename: new URL(`./${name}.mjs`, here).href, execArgv: [] };
}

export class TaskPool<In, Out> {
  private pool: Piscina<PooledTask<In>, Out> | null = null;
  /** Tasks running or waiting for a thread. */
  private inFlight = 0;

  constructor(
    private readonly module: { filename: string; execArgv: string[] },
    readonly settings: TaskPoolSettings,
  ) {}

  /** Runs `input` on a thread; rejects with TaskPoolError for the pool's own limits. */
  async run(input: In): Promise<Out> {
    // Counted here: piscina's own maxQueue does not bound tasks that carry an abort signal.
    if (this.inFlight >= this.settings.threads + this.settings.maxQueue) throw new TaskPoolError('busy');
    this.inFlight++;
    try {
      return await this.runOnThread(input);
    } finally {
      this.inFlight--;
    }
  }

  /** Stops the threads; tasks in flight fail. */
  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.destroy();
  }

  private async runOnThread(input: In): Promise<Out> {
    const pool = this.ensurePool();
    const { port1, port2 } = new MessageChannel();
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    // The clock starts when a thread takes the task, not while it waits in the queue.
    port1.once('message', () => {
      timer = setTimeout(() => abort.abort(), this.settings.timeMs);
    });
    try {
      return await pool.run({ input, started: port2 }, { transferList: [port2], signal: abort.signal });
    } catch (err) {
      if (abort.signal.aborted) throw new TaskPoolError('timeout');
      if ((err as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') throw new TaskPoolError('out_of_memory');
      throw err;
    } finally {
      clearTimeout(timer);
      port1.close();
    }
  }

  private ensurePool(): Piscina<PooledTask<In>, Out> {
    if (this.pool) return this.pool;
    const { threads, idleMs, heapMb, stackMb } = this.settings;
    const pool = new (loadPiscina().Piscina)<PooledTask<In>, Out>({
      ...this.module,
      // One thread stays up once the pool is used: piscina replaces a terminated thread only up
      // to minThreads, and tasks queued behind a killed one would otherwise wait for the next task.
      minThreads: 1,
      maxThreads: threads,
      idleTimeout: idleMs,
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: stackMb },
    });
    // A thread that dies between tasks is replaced; without a listener that 'error' would crash the process.
    pool.on('error', () => {});
    this.pool = pool;
    return pool;
  }
}
