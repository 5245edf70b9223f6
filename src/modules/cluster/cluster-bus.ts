import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { loadIoredis } from '../../lazy-modules';

const REPLICA_HEARTBEAT_MS = 5_000;
const REPLICA_TTL_MS = 15_000;

/** A message handler: `payload` is the raw bytes published on the channel. */
export type BusHandler = (payload: Buffer) => void;

/**
 * What control-plane replicas say to each other over Redis pub/sub: session events, worker
 * commands and their results, device frames. Every channel and key carries the deployment's
 * prefix (`REDIS_PREFIX`), so that several deployments (or test runs) can share one Redis.
 * Pub/sub needs a connection of its own, hence two.
 */
export class ClusterBus {
  /** This replica, as other replicas address it. */
  readonly replicaId = randomUUID();
  /** For keys (device ownership) next to the pub/sub traffic. */
  readonly redis: Redis;
  private readonly sub: Redis;
  private readonly handlers = new Map<string, Set<BusHandler>>();
  private heartbeat: NodeJS.Timeout | null = null;
  private everReady = false;
  /** When the key connection last came back after a loss (0: never lost). */
  private reconnectedAt = 0;

  constructor(
    url: string,
    readonly prefix: string,
    private readonly log: FastifyBaseLogger,
  ) {
    const options = { maxRetriesPerRequest: 2, connectTimeout: 2000, lazyConnect: false };
    // A Redis that accepts connections but never answers must not hang commands (or shutdown).
    const { Redis: RedisClient } = loadIoredis();
    this.redis = new RedisClient(url, { ...options, commandTimeout: 5000 });
    this.sub = new RedisClient(url, options);
    for (const conn of [this.redis, this.sub])
      conn.on('error', (err) => this.log.warn({ err }, 'redis connection error'));
    // Back after a loss: Redis may have restarted empty, so this replica says it is alive at once
    // rather than at its next heartbeat.
    this.redis.on('ready', () => {
      if (this.everReady) {
        this.reconnectedAt = Date.now();
        if (this.heartbeat) this.beat().catch((err) => this.log.warn({ err }, 'replica heartbeat failed'));
      }
      this.everReady = true;
    });
    this.sub.on('messageBuffer', (channel: Buffer, payload: Buffer) => {
      for (const handler of this.handlers.get(channel.toString()) ?? []) {
        try {
          handler(payload);
        } catch (err) {
          this.log.warn({ err, channel: channel.toString() }, 'cluster message handler failed');
        }
      }
    });
  }

  /**
   * Keeps `<prefix>replica:<id>` alive while this replica runs (refreshed every 5 s, expiring 15 s
   * after the last refresh), so that the others can tell a replica that is gone.
   */
  async startHeartbeat(): Promise<void> {
    await this.beat();
    this.heartbeat = setInterval(
      () => void this.beat().catch((err) => this.log.warn({ err }, 'replica heartbeat failed')),
      REPLICA_HEARTBEAT_MS,
    );
    this.heartbeat.unref();
  }

  private beat(): Promise<unknown> {
    return this.redis.set(this.key(`replica:${this.replicaId}`), '1', 'PX', REPLICA_TTL_MS);
  }

  /**
   * Whether another replica is alive (its heartbeat key has not expired). Within one heartbeat
   * after this replica's connection came back, a missing key proves nothing (a restarted Redis
   * has lost every replica's key until each beats again), so the replica counts as alive.
   */
  async isAlive(replicaId: string): Promise<boolean> {
    if ((await this.redis.exists(this.key(`replica:${replicaId}`))) === 1) return true;
    return this.reconnectedAt > 0 && Date.now() - this.reconnectedAt < REPLICA_HEARTBEAT_MS + 1000;
  }

  /** The full name of a channel or key. */
  key(name: string): string {
    return `${this.prefix}${name}`;
  }

  async publish(channel: string, payload: Buffer | string): Promise<void> {
    await this.redis.publish(this.key(channel), payload);
  }

  /** Publishes without waiting; a failure is logged (a lost event is not worth a request). */
  publishQuietly(channel: string, payload: Buffer | string): void {
    this.publish(channel, payload).catch((err) => this.log.warn({ err, channel }, 'cluster publish failed'));
  }

  /** Resolves once Redis confirmed the subscription. Returns the unsubscription. */
  async subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>> {
    const name = this.key(channel);
    let set = this.handlers.get(name);
    if (!set) {
      this.handlers.set(name, (set = new Set()));
      await this.sub.subscribe(name);
    }
    set.add(handler);
    return async () => {
      const s = this.handlers.get(name);
      if (!s?.delete(handler) || s.size > 0) return;
      this.handlers.delete(name);
      await this.sub.unsubscribe(name).catch(() => {});
    };
  }

  async close(): Promise<void> {
    this.handlers.clear();
    if (this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = null;
      await this.redis.del(this.key(`replica:${this.replicaId}`)).catch(() => {});
    }
    const quit = (c: Redis) =>
      Promise.race([
        c.quit(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('quit timed out')), 2000).unref()),
      ]).catch(() => c.disconnect());
    await Promise.all([this.redis, this.sub].map(quit));
  }
}

/** JSON messages on the bus. */
export const json = {
  encode: (value: unknown): string => JSON.stringify(value),
  decode: <T>(payload: Buffer): T => JSON.parse(payload.toString('utf8')) as T,
};
