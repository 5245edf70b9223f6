import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { apiTime } from '../../http/api-time';
import type { DeviceResult } from '../../worker/device-catalog';
import type { DeviceRouter } from '../workers';
import type { RealtimeHub } from '../realtime';
import { insertLogLines, lastLogSeq } from './session-logs.repository';

export type DeviceLogRead = DeviceResult<'read_logs'>;
export type DeviceLogLine = DeviceLogRead['lines'][number];

const MASK = '••••';
/** Secrets the platform knows the shape of: its API tokens, bearer values, JSON web tokens. */
const SECRET_PATTERNS: RegExp[] = [
  /\btok_[A-Za-z0-9_-]{8,}/g,
  /\b(Bearer|Token)\s+[A-Za-z0-9._~+/=-]{8,}/gi,
  /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}/g,
  /\b(password|passwd|secret|api[_-]?key|access[_-]?token)(["']?\s*[:=]\s*["']?)[^\s"',;&]+/gi,
];

/** `text` without the secrets the platform recognises (each replaced by a mask). */
export function maskKnownSecrets(text: string, extra: readonly string[] = []): string {
  let out = text;
  for (const secret of extra) if (secret.length >= 4) out = out.split(secret).join(MASK);
  out = out.replace(SECRET_PATTERNS[0]!, `tok_${MASK}`);
  out = out.replace(SECRET_PATTERNS[1]!, (_m, word: string) => `${word} ${MASK}`);
  out = out.replace(SECRET_PATTERNS[2]!, MASK);
  out = out.replace(SECRET_PATTERNS[3]!, (_m, key: string, sep: string) => `${key}${sep}${MASK}`);
  return out;
}

/**
 * Moves a device's log lines to the control plane: reads the device host's bounded log after a
 * cursor (`read_logs`), masks what must not be kept, stores the lines with the session, and tells
 * the session's `/ws` subscribers (`session.log`). See docs/design/0035-run-artifacts.md.
 */
export class SessionLogs {
  constructor(private readonly deps: { db: Db; router: DeviceRouter; realtime: RealtimeHub; log: FastifyBaseLogger }) {}

  /**
   * Reads the device's lines after `after` (the session's last kept line when omitted), keeps them
   * and returns them masked, with the crashes among them and the next cursor.
   */
  async collect(
    target: { sessionId: string; organizationId: number; deviceId: string },
    after?: number,
  ): Promise<DeviceLogRead> {
    const from = after ?? (await lastLogSeq(this.deps.db, target.sessionId));
    const read = await this.deps.router.command(target.deviceId, 'read_logs', { after: from, limit: 2000 });
    const lines = read.lines.map((l) => ({
      ...l,
      tag: maskKnownSecrets(l.tag),
      message: maskKnownSecrets(l.message),
    }));
    const crashes = read.crashes.map((c) => ({
      ...c,
      message: maskKnownSecrets(c.message),
      log_excerpt: maskKnownSecrets(c.log_excerpt),
    }));
    if (lines.length) {
      const added = await insertLogLines(
        this.deps.db,
        lines.map((l) => ({
          sessionId: target.sessionId,
          organizationId: target.organizationId,
          seq: l.seq,
          at: new Date(l.at),
          level: l.level,
          source: l.source,
          tag: l.tag,
          message: l.message,
        })),
      );
      // Only what this read added: a line another replica (or read) kept first was told by it.
      const fresh = lines.filter((l) => added.has(l.seq));
      if (fresh.length) {
        this.deps.realtime.publish(target.sessionId, {
          type: 'session.log',
          session_id: target.sessionId,
          lines: fresh.map(presentLine),
        });
      }
    }
    return { ...read, lines, crashes };
  }
}

export interface PresentedLogLine {
  seq: number;
  at: string;
  level: DeviceLogLine['level'];
  source: 'app' | 'system';
  tag: string;
  message: string;
}

/** A line as the API shows it (UTC, no zone designator, like every time of the API). */
export function presentLine(l: {
  seq: number;
  at: number | Date;
  level: DeviceLogLine['level'];
  source: 'app' | 'system';
  tag: string;
  message: string;
}): PresentedLogLine {
  const at = typeof l.at === 'number' ? new Date(l.at) : l.at;
  return { seq: l.seq, at: apiTime(at), level: l.level, source: l.source, tag: l.tag, message: l.message };
}
