import { and, asc, eq, gt, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { LOG_LINE_LEVELS, sessionLogLines, type LogLineLevel } from '../../db/schema';

export type LogLineRow = typeof sessionLogLines.$inferSelect;
export type NewLogLine = typeof sessionLogLines.$inferInsert;

/**
 * Adds lines; a line already kept (same session and seq, read twice, by two replicas at once) is
 * left as it is. Returns the seqs this call added.
 */
export async function insertLogLines(db: DbOrTx, lines: NewLogLine[]): Promise<Set<number>> {
  const added = new Set<number>();
  for (let i = 0; i < lines.length; i += 500) {
    const rows = await db
      .insert(sessionLogLines)
      .values(lines.slice(i, i + 500))
      .onConflictDoNothing()
      .returning({ seq: sessionLogLines.seq });
    for (const r of rows) added.add(r.seq);
  }
  return added;
}

/** The highest seq kept for the session (0 before any). */
export async function lastLogSeq(db: DbOrTx, sessionId: string): Promise<number> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${sessionLogLines.seq})` })
    .from(sessionLogLines)
    .where(eq(sessionLogLines.sessionId, sessionId));
  return Number(row?.max ?? 0);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Lines of a session after `since` (a seq), at `level` or above, whose tag or message holds `q`. */
export async function listLogLines(
  db: DbOrTx,
  sessionId: string,
  f: { since: number; level?: LogLineLevel; q?: string; limit: number },
): Promise<LogLineRow[]> {
  const conds = [eq(sessionLogLines.sessionId, sessionId), gt(sessionLogLines.seq, f.since)];
  if (f.level) conds.push(inArray(sessionLogLines.level, LOG_LINE_LEVELS.slice(LOG_LINE_LEVELS.indexOf(f.level))));
  if (f.q) {
    const pattern = `%${escapeLike(f.q)}%`;
    conds.push(or(ilike(sessionLogLines.message, pattern), ilike(sessionLogLines.tag, pattern))!);
  }
  return db
    .select()
    .from(sessionLogLines)
    .where(and(...conds))
    .orderBy(asc(sessionLogLines.seq))
    .limit(f.limit);
}

/** Deletes the lines written before `before` (the retention sweep), at most `max` at a time. */
export async function deleteLogLinesBefore(db: DbOrTx, before: Date, max: number): Promise<number> {
  const doomed = db
    .select({ id: sessionLogLines.id })
    .from(sessionLogLines)
    .where(lt(sessionLogLines.at, before))
    .limit(max);
  const gone = await db
    .delete(sessionLogLines)
    .where(inArray(sessionLogLines.id, doomed))
    .returning({ id: sessionLogLines.id });
  return gone.length;
}
