import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { ChannelListener } from '../../db/channel-listener';

/**
 * The channel database triggers notify (migration 0006) whenever a credential may have lost what
 * it grants: a membership changed or removed, a password changed or reset (token_version), an
 * account or organization deleted, an API token deleted. PostgreSQL signals it while the changing
 * transaction commits, to every replica listening.
 */
export const CREDENTIALS_CHANNEL = 'simdeck_credentials';

/**
 * What a bearer token resolves to, cached per replica so that an authenticated request does not
 * query the membership or the token row every time. Never a stale grant:
 * - every notification on CREDENTIALS_CHANNEL empties the cache (revocations are rare; emptying
 *   costs one query per active credential, and cannot miss a key);
 * - before an entry is used, the replica syncs with its listening connection (`barrier`), so a
 *   revocation committed on any replica before this request arrived has been applied here: the
 *   very next request anywhere is refused. Requests arriving together share one sync, a bare
 *   protocol round trip on a connection of its own, which is much cheaper than the lookups;
 * - a lookup that started before a notification is not stored (the generation moved on);
 * - while the listening connection is down (messages may be lost), nothing is served from or
 *   stored in the cache: every request reads the database, as it would without the cache.
 */
export class CredentialCache {
  private readonly entries = new LRUCache<string, object>({ max: 20_000 });
  private generation = 0;
  private live = false;
  private readonly listener: ChannelListener | undefined;
  private current: Promise<boolean> | null = null;
  private queued: Promise<boolean> | null = null;

  constructor(connectionString: string | undefined, log: FastifyBaseLogger) {
    this.listener = connectionString
      ? new ChannelListener(connectionString, CREDENTIALS_CHANNEL, log, {
          onMessage: () => this.invalidateAll(),
          onDown: () => {
            this.live = false;
            this.invalidateAll();
          },
          onUp: () => {
            this.invalidateAll();
            this.live = true;
          },
        })
      : undefined;
  }

  async start(): Promise<void> {
    await this.listener?.start();
  }

  async stop(): Promise<void> {
    await this.listener?.stop();
  }

  /** How many credentials are cached. */
  get size(): number {
    return this.entries.size;
  }

  /** The cached value under `key`, or `load()`'s, kept when it is not null and still current. */
  async get<T extends object>(key: string, load: () => Promise<T | null>): Promise<T | null> {
    if (this.live && this.entries.has(key) && (await this.barrier())) {
      const hit = this.entries.get(key) as T | undefined;
      if (hit) return hit;
    }
    const generation = this.generation;
    const value = await load();
    if (value && this.live && generation === this.generation) this.entries.set(key, value);
    return value;
  }

  invalidateAll(): void {
    this.generation++;
    this.entries.clear();
  }

  /**
   * Resolves once every invalidation committed before the call has been applied (false when the
   * listening connection failed). A sync already in flight may have been answered before a
   * revocation this caller must see, so a caller arriving during one waits for the next.
   */
  private barrier(): Promise<boolean> {
    if (this.queued) return this.queued;
    if (this.current) {
      this.queued = this.current.then(() => {
        this.queued = null;
        return this.startSync();
      });
      return this.queued;
    }
    return this.startSync();
  }

  private startSync(): Promise<boolean> {
    const sync: Promise<boolean> = this.listener!.sync()
      .then(() => this.live)
      .catch(() => false)
      .finally(() => {
        if (this.current === sync) this.current = null;
      });
    this.current = sync;
    return sync;
  }
}
