import { constants, type PerformanceEntry, PerformanceObserver, performance } from 'node:perf_hooks';
import { setImmediate } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { noteOffHeapBytes, OFF_HEAP_GC_EVERY_BYTES } from './off-heap-churn';

/** The young-generation GCs that ran while `fn` did (its loop allocates nothing itself). */
async function scavengesDuring(fn: () => void): Promise<number> {
  const entries: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  const from = performance.now();
  fn();
  const to = performance.now();
  // GC entries are delivered after the fact, in order: once a GC that started after `fn` is seen
  // (garbage made here brings one on), every GC during `fn` has been seen too.
  while (!entries.some((e) => e.startTime > to)) {
    Array.from({ length: 10_000 }, (_, i) => ({ i }));
    await setImmediate();
  }
  observer.disconnect();
  return entries.filter(
    (e) =>
      (e as PerformanceEntry & { detail: { kind: number } }).detail.kind === constants.NODE_PERFORMANCE_GC_MINOR &&
      e.startTime >= from &&
      e.startTime <= to,
  ).length;
}

const CHUNK = 64 * 1024;

describe('noteOffHeapBytes', () => {
  it('runs one scavenge for every 4 MB of body that goes through', async () => {
    const chunks = (40 * 1024 * 1024) / CHUNK;
    const scavenges = await scavengesDuring(() => {
      for (let i = 0; i < chunks; i++) noteOffHeapBytes(CHUNK);
    });
    expect(scavenges).toBe((40 * 1024 * 1024) / OFF_HEAP_GC_EVERY_BYTES);
  });

  it('runs none while less than 4 MB has gone through since the last', async () => {
    const scavenges = await scavengesDuring(() => {
      noteOffHeapBytes(OFF_HEAP_GC_EVERY_BYTES - 1);
    });
    expect(scavenges).toBe(0);
    // One more byte reaches the threshold.
    expect(await scavengesDuring(() => noteOffHeapBytes(1))).toBe(1);
  });
});
