import { DeviceDriverError } from '../driver-error';
import { IdbCompanion } from './idb-companion';

/**
 * The idb companion connection of each simulator, made on first use and kept until the simulator
 * is torn down. When no companion can be reached the simulator's input and UI tree go through the
 * idb command line (a process per call) and the reason is told once; the companion is tried again
 * after `retryMs`, in the background, while the command line carries on.
 */

export type IdbPath = 'companion' | 'cli';

export interface IdbCompanionsOptions {
  /** The idb_companion simdeck starts per simulator; null starts none (only `addresses` are used). */
  companionPath: string | null;
  /** Companions the operator runs, by simulator UDID: `host:port` or `unix:/path`. */
  addresses?: Record<string, string>;
  /** Where started companions' socket folders are made. */
  workDir: string;
  /** How long a companion may take to start and answer (default 20 s). */
  connectTimeoutMs?: number;
  /** After a failed or lost companion, how long until it is tried again (default 30 s). */
  retryMs?: number;
  now: () => number;
  /** Told when a simulator's input path changes, and why. */
  onPath?: (udid: string, path: IdbPath, reason: string) => void;
}

interface Entry {
  companion: IdbCompanion | null;
  connecting: Promise<IdbCompanion | null> | null;
  retryAt: number;
  path: IdbPath | null;
  closed: boolean;
}

export class IdbCompanions {
  private readonly entries = new Map<string, Entry>();
  private readonly addresses: Map<string, string>;

  constructor(private readonly o: IdbCompanionsOptions) {
    this.addresses = new Map(Object.entries(o.addresses ?? {}).map(([udid, a]) => [udid.toLowerCase(), a]));
  }

  /** Which path the simulator's input takes now (null before its first event). */
  pathOf(udid: string): IdbPath | null {
    return this.entries.get(udid)?.path ?? null;
  }

  /**
   * The simulator's companion, or null when the command line must be used. The first call waits
   * for the companion to answer; later attempts after a failure run in the background.
   */
  async get(udid: string): Promise<IdbCompanion | null> {
    let e = this.entries.get(udid);
    if (!e) {
      e = { companion: null, connecting: null, retryAt: 0, path: null, closed: false };
      this.entries.set(udid, e);
    }
    if (e.companion) return e.companion;
    const first = e.path === null;
    if (e.connecting) return first ? e.connecting : null;
    if (this.o.now() < e.retryAt) return null;
    const attempt = this.connect(udid, e);
    return first ? attempt : null;
  }

  /** A call found the companion unreachable: drop it and use the command line until the retry. */
  lost(udid: string, companion: IdbCompanion, reason: string): void {
    const e = this.entries.get(udid);
    if (e?.companion === companion) this.drop(udid, e, reason);
  }

  /** Closes the simulator's channel and stops the companion simdeck started for it. */
  async close(udid: string): Promise<void> {
    const e = this.entries.get(udid);
    if (!e) return;
    this.entries.delete(udid);
    e.closed = true;
    const c = e.companion ?? (await e.connecting);
    e.companion = null;
    await c?.close();
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.entries.keys()].map((udid) => this.close(udid)));
  }

  private connect(udid: string, e: Entry): Promise<IdbCompanion | null> {
    const address = this.addresses.get(udid.toLowerCase());
    if (!address && !this.o.companionPath) {
      e.retryAt = Number.POSITIVE_INFINITY;
      this.setPath(udid, e, 'cli', 'idb_companion is turned off and no companion address is set for this simulator');
      return Promise.resolve(null);
    }
    const attempt = IdbCompanion.connect({
      udid,
      address,
      companionPath: this.o.companionPath ?? undefined,
      workDir: this.o.workDir,
      connectTimeoutMs: this.o.connectTimeoutMs,
    }).then(
      (c) => {
        e.connecting = null;
        if (e.closed) {
          void c.close();
          return null;
        }
        e.companion = c;
        c.onEnd((reason) => {
          if (e.companion === c) this.drop(udid, e, reason);
        });
        this.setPath(udid, e, 'companion', address ? `reached idb's companion at ${address}` : 'started idb_companion');
        return c;
      },
      (err: unknown) => {
        e.connecting = null;
        e.retryAt = this.o.now() + (this.o.retryMs ?? 30_000);
        const why =
          err instanceof DeviceDriverError
            ? `${err.message}${err.diagnostic ? ` (${err.diagnostic})` : ''}`
            : String(err);
        this.setPath(udid, e, 'cli', why);
        return null;
      },
    );
    e.connecting = attempt;
    return attempt;
  }

  private drop(udid: string, e: Entry, reason: string): void {
    const c = e.companion;
    e.companion = null;
    e.retryAt = this.o.now() + (this.o.retryMs ?? 30_000);
    void c?.close();
    this.setPath(udid, e, 'cli', reason);
  }

  /** Tells a change of path once: a retry that fails again says nothing new. */
  private setPath(udid: string, e: Entry, path: IdbPath, reason: string): void {
    if (e.path === path) return;
    e.path = path;
    this.o.onPath?.(udid, path, reason);
  }
}

const UDID = /^[0-9A-Fa-f-]{1,64}$/;
const HOST_PORT = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\]):(\d{1,5})$/;
const MAX_ADDRESSES = 1000;

/**
 * The worker's companion settings from its environment: `SIMDECK_IDB_COMPANION` (the
 * idb_companion to start, default `idb_companion` on PATH, `off` for none) and
 * `SIMDECK_IDB_COMPANIONS` (`<udid>=<host:port|unix:/path>,…`, companions the operator runs).
 * Throws one message naming every bad entry.
 */
export function idbCompanionSettings(env: Record<string, string | undefined>): {
  idbCompanion: string | null;
  idbCompanionAddresses: Record<string, string>;
} {
  const start = env.SIMDECK_IDB_COMPANION?.trim();
  const addresses: Record<string, string> = {};
  const bad: string[] = [];
  const entries = (env.SIMDECK_IDB_COMPANIONS ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length > MAX_ADDRESSES) bad.push(`more than ${MAX_ADDRESSES} entries`);
  for (const entry of entries.slice(0, MAX_ADDRESSES)) {
    const eq = entry.indexOf('=');
    const udid = entry.slice(0, eq);
    const address = entry.slice(eq + 1);
    const port = HOST_PORT.exec(address)?.[1];
    const valid =
      eq > 0 &&
      UDID.test(udid) &&
      ((port !== undefined && Number(port) >= 1 && Number(port) <= 65535) || /^unix:\/[^\0,]{1,1000}$/.test(address));
    if (valid) addresses[udid] = address;
    else bad.push(`"${entry.slice(0, 80)}"`);
  }
  if (bad.length)
    throw new Error(
      `SIMDECK_IDB_COMPANIONS must be <simulator udid>=<host:port or unix:/socket path>, comma-separated: ${bad.join(', ')}`,
    );
  return { idbCompanion: start === 'off' ? null : start || 'idb_companion', idbCompanionAddresses: addresses };
}
