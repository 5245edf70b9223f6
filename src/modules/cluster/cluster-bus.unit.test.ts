import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../db/embedded';
import { createLogger } from '../../logging';
import { ClusterBus } from './cluster-bus';

const REDIS_SERVER = '/usr/bin/redis-server';

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  for (;;) {
    const up = await new Promise<boolean>((r) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        r(true);
      });
      s.on('error', () => r(false));
    });
    if (up) return child;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Redis restarting under two replicas (the soak restarts it): the new Redis is empty, so every
 * replica's heartbeat key is gone until that replica beats again. A replica that asks about its
 * peer in that moment must not conclude the peer crashed: it would forget which devices the peer
 * holds and take them out of the pool while their worker is alive.
 */
describe.skipIf(!fs.existsSync(REDIS_SERVER))('replicas over a Redis that restarts', () => {
  const cleanup: Array<() => Promise<unknown> | unknown> = [];
  afterEach(async () => {
    for (const fn of cleanup.splice(0).reverse()) await fn();
  });

  it('a peer is still alive to a replica whose Redis has just come back empty', async () => {
    const port = await freePort();
    let redis = await startRedis(port);
    cleanup.push(() => redis.kill('SIGKILL'));
    const url = `redis://127.0.0.1:${port}`;
    const log = createLogger('silent');
    const a = new ClusterBus(url, 'bus-test:', log);
    const b = new ClusterBus(url, 'bus-test:', log);
    cleanup.push(
      () => a.close(),
      () => b.close(),
    );
    await a.startHeartbeat();
    await b.startHeartbeat();
    expect(await b.isAlive(a.replicaId)).toBe(true);

    // kill -9 and a fresh, empty Redis on the same port.
    await new Promise<void>((r) => {
      redis.once('exit', () => r());
      redis.kill('SIGKILL');
    });
    redis = await startRedis(port);
    await new Promise<void>((r) => b.redis.once('ready', () => r()));
    expect(await b.isAlive(a.replicaId)).toBe(true);
  }, 30_000);
});
