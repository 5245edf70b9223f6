import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PROJECT_ROOT } from '../paths';

export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'src', 'db', 'migrations');

/** Applies the committed migrations; an advisory lock keeps concurrent replicas from racing. */
export async function runMigrations(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(7351001)');
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('SELECT pg_advisory_unlock(7351001)').catch(() => {});
    await client.end();
  }
}
