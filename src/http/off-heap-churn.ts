import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * Frees the short-lived off-heap buffers that a large request body streams through, with a
 * young-generation GC (a scavenge) every few megabytes.
 *
 * Node's HTTP parser copies each body chunk (up to 64 KB) into a new buffer outside V8's heap.
 * V8 frees such a buffer only in a GC, and until then counts it against the old generation's
 * allocation limit. Streaming a file to disk allocates almost nothing on the heap itself, so no
 * young GC comes along on its own before 32 MB of them pile up, while the limit after start leaves
 * about 12 MB of room. So every ~25 MB of body V8 marked and compacted the whole heap (34 MB after
 * start): during a 500 MB upload, a full GC every 50 ms and about 40 % of the server's CPU (perf and
 * `--trace-gc` on `npm run bench -- uploads`). A scavenge every 4 MB frees the same dead chunks in
 * well under a millisecond, before they count. The chunks still being written when it runs (about
 * 1 MB) survive it and are dead by the next one.
 *
 * The counter is the process's own, like the heap it stands for: concurrent uploads share it.
 */
export const OFF_HEAP_GC_EVERY_BYTES = 4 * 1024 * 1024;

let sinceLastGc = 0;
let scavenge: (() => void) | null | undefined;

type GcFunction = (options: { type: 'minor' }) => void;

/**
 * V8's `gc` function: the global one when Node runs with `--expose-gc`, otherwise taken from a
 * fresh context with the flag on for that moment only (the process's own global never gets it).
 * Null where the runtime refuses: the buffers are then left to V8's own schedule, slower but correct.
 */
function loadScavenge(): (() => void) | null {
  const global = (globalThis as { gc?: GcFunction }).gc;
  if (typeof global === 'function') return () => global({ type: 'minor' });
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as GcFunction | undefined;
    return typeof gc === 'function' ? () => gc({ type: 'minor' }) : null;
  } catch {
    return null;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}

/** `bytes` more of body went through short-lived off-heap buffers; every 4 MB, one scavenge. */
export function noteOffHeapBytes(bytes: number): void {
  sinceLastGc += bytes;
  if (sinceLastGc < OFF_HEAP_GC_EVERY_BYTES) return;
  sinceLastGc = 0;
  scavenge ??= loadScavenge();
  scavenge?.();
}
