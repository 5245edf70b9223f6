import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { domainEvents } from '../../db/schema';
import { WAKEUP_CHANNEL } from '../../jobs/wakeups';

/** The wake-up topic of the outbox: PostgreSQL delivers it to every replica when the transaction commits. */
export const OUTBOX_WAKEUP_TOPIC = 'events.outbox';

export async function insertDomainEvent(db: DbOrTx, values: typeof domainEvents.$inferInsert): Promise<void> {
  await db.insert(domainEvents).values(values);
  // Several events in one transaction collapse into one notification.
  await db.execute(sql`SELECT pg_notify(${WAKEUP_CHANNEL}, ${OUTBOX_WAKEUP_TOPIC})`);
}
