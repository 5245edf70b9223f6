/**
 * Waits that are not conditions. Tests wait on what they need (`waitFor` in
 * `sessions-factories.ts`, a peer's own `waitFor`, `webhooksIdle`, `vi.waitFor`); these two are
 * for the few places where there is nothing to wait on, named so that a reader sees why.
 */

/**
 * A negative wait: gives something that must not happen `ms` to happen anyway ("no second
 * frame", "no tick on this replica"). Use the shortest window that would show the fault, and
 * only where no later event can serve as a barrier.
 */
export function nothingHappensWithin(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Lets a job consumer's first fetch, which pg-boss starts when the consumer starts and does not
 * report, go by, so that a test of wake-ups sees a job picked up by a wake-up rather than by
 * that fetch. It guards against a false pass and cannot fail a test.
 */
export function firstJobFetchesGoBy(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 300));
}
