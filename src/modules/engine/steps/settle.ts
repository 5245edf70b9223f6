import type { UiNode } from '../../../worker/driver';
import type { DeviceHandle } from '../../sessions';

export interface SettleOptions {
  /** How long the screen must stay the same. */
  quietMs?: number;
  /** Give up waiting (the screen keeps moving: an animation, a ticking clock) after this long. */
  maxMs?: number;
  signal?: AbortSignal;
  /** Counts the quiet windows as waiting. */
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** Ticks the UI tree would show without the screen having changed for a person. */
function fingerprint(tree: UiNode): string {
  return JSON.stringify(tree, (key, value) => (key === 'ref' || key === 'focused' ? undefined : value));
}

/** Waits `ms`, or rejects with the signal's reason as soon as it fires. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Waits until the screen is settled after an action: two UI trees `quietMs` apart that are the
 * same, bounded by `maxMs` (then the latest tree is taken as it is). Returns that tree, which the
 * caller uses as its next observation. Never a fixed sleep: a still screen costs one interval.
 */
export async function waitForSettledScreen(
  device: DeviceHandle,
  opts: SettleOptions = {},
): Promise<{ tree: UiNode; settled: boolean; waitedMs: number }> {
  const quietMs = opts.quietMs ?? 40;
  const deadline = Date.now() + (opts.maxMs ?? 3000);
  const started = Date.now();
  let tree = await device.uiTree();
  let last = fingerprint(tree);
  while (Date.now() < deadline) {
    await (opts.wait ?? sleep)(quietMs, opts.signal);
    tree = await device.uiTree();
    const now = fingerprint(tree);
    if (now === last) return { tree, settled: true, waitedMs: Date.now() - started };
    last = now;
  }
  return { tree, settled: false, waitedMs: Date.now() - started };
}
