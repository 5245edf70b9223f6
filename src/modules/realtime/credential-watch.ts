import type { FastifyBaseLogger } from 'fastify';

/** Closes a socket whose credentials no longer hold. */
export const CREDENTIALS_REVOKED = 4401;

interface Watched {
  close(code: number, reason: string): void;
}

/** Answers whether the credential behind a group of sockets still grants what they were opened with. */
export type CredentialCheck = () => Promise<boolean>;

interface Group {
  check: CredentialCheck;
  sockets: Set<Watched>;
}

/**
 * Open sockets follow their credentials: every `intervalMs`, each distinct credential (a bearer
 * token, a worker token) is checked once against the database, and every socket opened with one
 * that was revoked — token deleted, member removed, password changed or reset, account deleted —
 * is closed with 4401. Checking the database rather than listening for revocations keeps the rule
 * true on every replica without a message bus.
 */
export class CredentialWatch {
  private readonly groups = new Map<string, Group>();
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = 2_000,
  ) {}

  /** Watches `socket` under `key` (sockets with one key share one check). Returns the removal. */
  watch(key: string, socket: Watched, check: CredentialCheck): () => void {
    let group = this.groups.get(key);
    if (!group) this.groups.set(key, (group = { check, sockets: new Set() }));
    group.sockets.add(socket);
    this.ensureTimer();
    return () => {
      const g = this.groups.get(key);
      if (!g?.sockets.delete(socket) || g.sockets.size > 0) return;
      this.groups.delete(key);
    };
  }

  /** One pass over every credential (the timer calls it; tests may too). */
  async checkAll(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    let closed = 0;
    try {
      for (const [key, group] of [...this.groups]) {
        const ok = await group.check().catch((err) => {
          // A database hiccup is not a revocation; the next pass decides.
          this.log.warn({ err }, 'credential check failed');
          return true;
        });
        if (ok) continue;
        this.groups.delete(key);
        for (const s of group.sockets) {
          s.close(CREDENTIALS_REVOKED, 'credentials revoked');
          closed++;
        }
      }
    } finally {
      this.running = false;
    }
    return closed;
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.groups.clear();
  }

  private ensureTimer(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.checkAll(), this.intervalMs);
    this.timer.unref();
  }
}
