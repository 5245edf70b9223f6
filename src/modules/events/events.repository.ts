import type { DbOrTx } from '../../db/client';
import { domainEvents } from '../../db/schema';

export async function insertDomainEvent(db: DbOrTx, values: typeof domainEvents.$inferInsert): Promise<void> {
  await db.insert(domainEvents).values(values);
}
