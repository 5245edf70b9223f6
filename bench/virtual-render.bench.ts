import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSampleApk, buildSampleIosZip } from '../examples/build-sample-app';
import { createVirtualDriver } from '../src/worker/drivers/virtual-driver';
import type { DeviceSpec, Frame } from '../src/worker/driver';
import type { BenchRow } from './harness';

/**
 * Virtual device rendering: per device kind, the time to render + JPEG-encode a changed frame
 * (p50/p95 over a run of state changes), control→frame latency through the streaming path, and
 * frames per second delivered during a continuous touch swipe (one move every 8 ms for 2 s).
 * Runs at the default render scale (1 px per point) and at native scale for comparison.
 */
function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return Number((s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0).toFixed(1));
}

export default async function bench(): Promise<BenchRow[]> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-bench-'));
  const apk = await buildSampleApk(path.join(tmp, 'sample.apk'));
  const ipa = await buildSampleIosZip(path.join(tmp, 'sample.zip'));
  const rows: BenchRow[] = [];
  for (const scale of [1, 0] as const) {
    const driver = createVirtualDriver({ dataDir: tmp, hostSeed: 'bench', renderScale: scale === 0 ? 1 : scale });
    const devices = await driver.listDevices();
    const kinds = new Map<string, DeviceSpec>();
    for (const d of devices) if (!kinds.has(`${d.type}-${d.category}`)) kinds.set(`${d.type}-${d.category}`, d);
    for (const [kind, spec] of kinds) {
      // Native density driver per device (phone 3x, others 2x).
      const native = scale === 0 ? (spec.category === 'phone' ? 3 : 2) : 1;
      const drv = scale === 0 ? createVirtualDriver({ devices: [spec], dataDir: tmp, renderScale: native }) : driver;
      const id = spec.deviceId;
      const info = await drv.boot(id);
      await drv.install(id, spec.type === 'android' ? apk : ipa);
      await drv.launch(id, 'dev.simdeck.sample');
      await drv.input(id, { kind: 'text', text: '' });
      // Sign in so the list screen (the heaviest) is shown.
      const tree = await drv.uiTree(id);
      const find = (n: typeof tree, nid: string): typeof tree | undefined =>
        n.id === nid ? n : n.children.map((c) => find(c, nid)).find(Boolean);
      const tapNode = async (nid: string) => {
        const t = find(await drv.uiTree(id), nid);
        if (t)
          await drv.input(id, { kind: 'tap', x: t.bounds.x + t.bounds.width / 2, y: t.bounds.y + t.bounds.height / 2 });
      };
      await tapNode('username');
      await drv.input(id, { kind: 'text', text: 'demo' });
      await tapNode('password');
      await drv.input(id, { kind: 'text', text: 'secret' });
      await tapNode('sign-in');

      // 1. render + encode of a changed state (screenshot after a scroll step).
      const renderMs: number[] = [];
      for (let i = 0; i < 30; i++) {
        await drv.input(id, {
          kind: 'swipe',
          x: info.width / 2,
          y: info.height * 0.6,
          x2: info.width / 2,
          y2: info.height * 0.6 - (i % 2 === 0 ? 40 : -40) * native,
        });
        const t0 = performance.now();
        await drv.screenshot(id);
        renderMs.push(performance.now() - t0);
      }
      // 2. control → changed frame through the stream, and fps during a continuous swipe.
      const frames: { at: number; f: Frame }[] = [];
      await drv.startStream(id, (f) => frames.push({ at: performance.now(), f }));
      const latency: number[] = [];
      for (let i = 0; i < 20; i++) {
        const n = frames.length;
        const t0 = performance.now();
        await drv.input(id, {
          kind: 'swipe',
          x: info.width / 2,
          y: info.height * 0.6,
          x2: info.width / 2,
          y2: info.height * 0.6 - (i % 2 === 0 ? 40 : -40) * native,
        });
        while (frames.length === n) await new Promise((r) => setImmediate(r));
        latency.push(frames[n]!.at - t0);
      }
      const x = info.width / 2;
      const startY = info.height * 0.8;
      await drv.input(id, { kind: 'touch', phase: 'start', x, y: startY });
      const before = frames.length;
      const t0 = performance.now();
      let step = 0;
      while (performance.now() - t0 < 2000) {
        step += 1;
        const y = startY - ((step * 3 * native) % (info.height * 0.6));
        await drv.input(id, { kind: 'touch', phase: 'move', x, y });
        await new Promise((r) => setTimeout(r, 8));
      }
      const elapsed = (performance.now() - t0) / 1000;
      const swipeFrames = frames.slice(before).filter((f) => !f.f.keyframe).length;
      await drv.input(id, { kind: 'touch', phase: 'end', x, y: startY });
      await drv.stopStream(id);
      rows.push({
        name: `${kind} ${info.width}x${info.height} (${scale === 0 ? `native ${native}x` : '1x points'})`,
        render_encode_p50_ms: pct(renderMs, 50),
        render_encode_p95_ms: pct(renderMs, 95),
        control_to_frame_p50_ms: pct(latency, 50),
        control_to_frame_p95_ms: pct(latency, 95),
        swipe_fps: Number((swipeFrames / elapsed).toFixed(1)),
        jpeg_kb: Math.round(frames.at(-1)!.f.jpeg.length / 1024),
      });
      if (drv !== driver) await drv.close();
    }
    await driver.close();
  }
  fs.rmSync(tmp, { recursive: true, force: true });
  return rows;
}
