import type { apiCaller, BenchRow } from './harness';

/** What the sessions benchmark hands over: its sessions, how to open more, and how to drag one. */
export interface RecordingBenchInput<S extends { sessionId: string }> {
  call: ReturnType<typeof apiCaller>;
  sessionsOpen: S[];
  prepared: () => Promise<S>;
  startDrag: (s: S) => () => Promise<number>;
  /** Sessions at ≥ 15 fps each without recording. */
  best: number;
  hostCores: number;
  max: number;
}

/**
 * The cost of recording (docs/artifacts.md): how many sessions stream at ≥ 15 fps each while every
 * one of them records (goal ≥ 0.8× of the same without), and how large a minute of a phone's
 * screen is while a finger drags a list the whole time (the worst case; goal ≤ 4 MB).
 */
export async function recordingRows<S extends { sessionId: string }>(i: RecordingBenchInput<S>): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const recording = new Set<string>();
  const record = async (s: S) => {
    if (recording.has(s.sessionId)) return;
    await i.call('POST', `/sessions/${s.sessionId}/recording/start`);
    recording.add(s.sessionId);
  };
  const stop = async (s: S) => {
    recording.delete(s.sessionId);
    return i.call('POST', `/sessions/${s.sessionId}/recording/stop`);
  };

  // A phone-size minute: one session records a 10 s continuous drag.
  const first = i.sessionsOpen[0]!;
  await record(first);
  const end = i.startDrag(first);
  await new Promise((r) => setTimeout(r, 10_000));
  await end();
  const done = await stop(first);
  const mbPerMinute = ((done.size_bytes / done.duration_ms) * 60_000) / 1e6;
  rows.push({
    name: `a minute of a phone's screen (${done.width}×${done.height}, 10 fps, a finger dragging throughout)`,
    n: 1,
    MB: +mbPerMinute.toFixed(2),
    goal: '≤ 4 MB',
  });

  let bestRecording = 0;
  for (let k = 2; k <= i.max; k += 2) {
    while (i.sessionsOpen.length < k) i.sessionsOpen.push(await i.prepared());
    const level = i.sessionsOpen.slice(0, k);
    for (const s of level) await record(s);
    const stops = level.map(i.startDrag);
    await new Promise((r) => setTimeout(r, 3000));
    const fps = await Promise.all(stops.map((s) => s()));
    const min = Math.min(...fps);
    rows.push({
      name: `${k} sessions dragging at once, every one recording`,
      n: k,
      fps: +min.toFixed(1),
      mean_fps: +(fps.reduce((a, b) => a + b, 0) / k).toFixed(1),
    });
    if (min < 15) break;
    bestRecording = k;
  }
  for (const s of i.sessionsOpen) if (recording.has(s.sessionId)) await stop(s);
  rows.push({
    name: 'concurrent streaming sessions at ≥ 15 fps each, every one recording',
    n: bestRecording,
    'per core': +(bestRecording / i.hostCores).toFixed(1),
    'vs without recording': i.best ? +(bestRecording / i.best).toFixed(2) : null,
    goal: '≥ 0.8× of the count without recording',
  });
  return rows;
}
