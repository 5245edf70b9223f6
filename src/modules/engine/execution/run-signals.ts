import { json, type ClusterBus } from '../../cluster';

/**
 * Why a run was stopped from outside; the executor turns it into the run's end: `cancelled` by a
 * user, `budget` (its wall-clock budget ran out), `session_ended` (the session or its device
 * went away), `interrupted` (this control plane is shutting down).
 */
export class RunStopped extends Error {
  constructor(
    readonly kind: 'cancelled' | 'budget' | 'session_ended' | 'interrupted',
    message: string,
  ) {
    super(message);
    this.name = 'RunStopped';
  }
}

/** How a run ends when the control plane executing it shuts down. */
export const INTERRUPTED_BY_SHUTDOWN = 'interrupted: the control plane stopped';

type Relayed = { runPublicId?: string; sessionId?: string; kind: RunStopped['kind']; message: string; from: string };

interface Running {
  controller: AbortController;
  sessionId: string;
}

/**
 * The executions running on this replica, each with its AbortController. Stopping a run (cancel,
 * or the end of its session) aborts it here and, with a cluster bus, on whichever replica runs it.
 */
export class RunSignals {
  private readonly running = new Map<string, Running>();

  constructor(private readonly bus?: ClusterBus) {}

  async ready(): Promise<void> {
    const bus = this.bus;
    if (!bus) return;
    await bus.subscribe('engine', (payload) => {
      const m = json.decode<Relayed>(payload);
      if (m.from !== bus.replicaId) this.abortLocal(m);
    });
  }

  /**
   * Registers an execution; its signal fires when it is stopped here or elsewhere, or when
   * `parent` (the suite run of a case) fires. Call `done` when it ends.
   */
  register(
    runPublicId: string,
    sessionId: string,
    parent?: AbortSignal,
  ): { signal: AbortSignal; abort(reason: unknown): void; done(): void } {
    const controller = new AbortController();
    this.running.set(runPublicId, { controller, sessionId });
    return {
      signal: parent ? AbortSignal.any([controller.signal, parent]) : controller.signal,
      abort: (reason) => controller.abort(reason),
      done: () => {
        if (this.running.get(runPublicId)?.controller === controller) this.running.delete(runPublicId);
      },
    };
  }

  /** Stops a run wherever it executes (cancel). */
  stopRun(runPublicId: string, kind: RunStopped['kind'], message: string): void {
    this.broadcast({ runPublicId, kind, message });
  }

  /** Stops whatever runs on a session that ended. */
  stopSessionRuns(sessionId: string, message: string): void {
    this.broadcast({ sessionId, kind: 'session_ended', message });
  }

  /** Stops every execution of this replica (shutdown): they end as `error` with `message`. */
  stopAllHere(message: string): void {
    for (const r of this.running.values()) r.controller.abort(new RunStopped('interrupted', message));
  }

  isRunningHere(runPublicId: string): boolean {
    return this.running.has(runPublicId);
  }

  private broadcast(m: Omit<Relayed, 'from'>): void {
    this.abortLocal(m);
    if (this.bus) this.bus.publishQuietly('engine', json.encode({ ...m, from: this.bus.replicaId }));
  }

  private abortLocal(m: Omit<Relayed, 'from'>): void {
    for (const [id, r] of this.running) {
      if (id === m.runPublicId || r.sessionId === m.sessionId) r.controller.abort(new RunStopped(m.kind, m.message));
    }
  }
}
