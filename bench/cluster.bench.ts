import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import WebSocket from 'ws';
import { createVirtualDriver } from '../src/worker/drivers/virtual-driver';
import { WorkerClient } from '../src/worker/worker-client';
import {
  apiCaller,
  percentile,
  registerBenchAccount,
  startBenchServer,
  type BenchRow,
  type BenchServer,
} from './harness';

/**
 * Two replicas on one database and one Redis (BENCH_REDIS_URL, default the local one), the worker
 * on replica two. The same session measured through replica two (where the worker is) and through
 * replica one (commands and frames over Redis): create → active, and control → next frame.
 */
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, {
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    lazyConnect: true,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

export default async function clusterBench(): Promise<BenchRow[]> {
  if (!(await redisReachable())) return [{ name: `skipped: no Redis at ${REDIS_URL} (set BENCH_REDIS_URL)` }];
  const env = {
    DEFAULT_PLAN: 'enterprise',
    REDIS_URL,
    REDIS_PREFIX: `simdeck-bench-${randomUUID().slice(0, 8)}:`,
  } as const;
  const one = await startBenchServer(env);
  const two = await startBenchServer(env, one);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-bench-cluster-'));
  const driver = createVirtualDriver({ devices: 'Pixel 8:android:phone:14:1', dataDir: tmp, hostSeed: 'bench' });
  const worker = new WorkerClient({
    serverUrl: two.url,
    token: two.container.secrets.workerToken,
    workerId: 'bench-cluster',
    driver,
  });
  await worker.start();
  const rows: BenchRow[] = [];
  try {
    const token = (await registerBenchAccount(one.url)).access_token;
    const callers = new Map([one, two].map((server) => [server, apiCaller(server.url, token)]));
    const call = (server: BenchServer, method: string, url: string, body?: unknown) =>
      callers.get(server)!(method, url, body);
    const waitActive = async (server: BenchServer, sessionId: string) => {
      for (;;) {
        if ((await call(server, 'GET', `/sessions/${sessionId}`)).status === 'active') return;
        await new Promise((r) => setTimeout(r, 2));
      }
    };
    // Replica one must know where the device is before the first command.
    while (!one.container.services.router.isDeviceConnected((await driver.listDevices())[0]!.deviceId))
      await new Promise((r) => setTimeout(r, 20));

    for (const [label, server] of [
      ['replica with the worker', two],
      ['other replica (over Redis)', one],
    ] as const) {
      const lat: number[] = [];
      for (let i = 0; i < 15; i++) {
        const t0 = performance.now();
        const s = await call(server, 'POST', '/sessions/', { device_type: 'android' });
        await call(server, 'POST', `/sessions/${s.session_id}/start`);
        await waitActive(server, s.session_id);
        lat.push(performance.now() - t0);
        await call(server, 'DELETE', `/sessions/${s.session_id}`);
      }
      lat.sort((a, b) => a - b);
      rows.push({
        name: `create → active, through the ${label}`,
        n: lat.length,
        p50_ms: +percentile(lat, 50).toFixed(1),
        p95_ms: +percentile(lat, 95).toFixed(1),
      });
    }

    // One session; a viewer on each replica; rotations change every frame.
    const s = await call(two, 'POST', '/sessions/', { device_type: 'android' });
    await call(two, 'POST', `/sessions/${s.session_id}/start`);
    await waitActive(two, s.session_id);
    for (const [label, server] of [
      ['replica with the worker', two],
      ['other replica (over Redis)', one],
    ] as const) {
      let onFrame: (() => void) | null = null;
      const stream = new WebSocket(
        `${server.url.replace('http', 'ws')}/api/v1/sessions/${s.session_id}/stream?token=${token}`,
      );
      stream.on('message', (_d, isBinary) => {
        if (isBinary) onFrame?.();
      });
      await new Promise((r) => stream.once('open', r));
      await new Promise((r) => setTimeout(r, 300));
      const ctl: number[] = [];
      for (let i = 0; i < 30; i++) {
        await new Promise((r) => setTimeout(r, 50));
        const next = new Promise<number>((r) => {
          onFrame = () => {
            onFrame = null;
            r(performance.now());
          };
        });
        const t0 = performance.now();
        void call(server, 'POST', `/sessions/${s.session_id}/control`, { action: 'rotate', rotation: i % 2 ? 0 : 90 });
        ctl.push((await next) - t0);
      }
      stream.close();
      ctl.sort((a, b) => a - b);
      rows.push({
        name: `control (rotate) → next frame, through the ${label}`,
        n: ctl.length,
        p50_ms: +percentile(ctl, 50).toFixed(1),
        p95_ms: +percentile(ctl, 95).toFixed(1),
      });
    }
    await call(two, 'DELETE', `/sessions/${s.session_id}`);
  } finally {
    await worker.close();
    await driver.close();
    await two.stop();
    await one.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return rows;
}
