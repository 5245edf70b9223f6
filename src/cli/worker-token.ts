import type { Command } from 'commander';
import type { WorkerCredentials } from '../modules/workers';

async function withCredentials<T>(fn: (c: WorkerCredentials) => Promise<T>): Promise<T> {
  // Loaded here, so the API commands of the same binary start without the database layer.
  const [{ systemClock }, { WorkerCredentials }, { openOperatorDatabase }] = await Promise.all([
    import('../clock'),
    import('../modules/workers/worker-credentials'),
    import('./operator-database'),
  ]);
  const database = openOperatorDatabase();
  try {
    // The shared token is not needed to manage worker tokens; an empty one never matches.
    return await fn(new WorkerCredentials({ db: database.db, clock: systemClock, sharedToken: '' }));
  } finally {
    await database.close();
  }
}

/** `simdeck worker-token create|list|revoke`: the operator's credentials for worker hosts. */
export function registerWorkerTokenCommands(program: Command): void {
  const cmd = program
    .command('worker-token')
    .description(
      'Create, list and revoke the credentials of device worker hosts (operator; uses DATABASE_URL or the running embedded database)',
    );

  cmd
    .command('create <worker-id>')
    .description('Create a token bound to <worker-id>; it is printed once')
    .option('--label <label>', 'what the token is for, e.g. the host name')
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      '\nExample:\n  $ simdeck worker-token create mac-mini-1 --label "rack 2"\n  $ simdeck worker --server https://simdeck.example.com --id mac-mini-1 --token wkt_...',
    )
    .action(async (workerId: string, o: { label?: string; json?: boolean }) => {
      const created = await withCredentials((c) => c.createToken({ input: { workerId, label: o.label } }));
      if (o.json) console.log(JSON.stringify(created));
      else
        console.log(
          `Worker token ${created.id} for ${created.worker_id} (shown once, store it now):\n${created.token}`,
        );
    });

  cmd
    .command('list')
    .description('List worker tokens (never their values)')
    .option('--json', 'print JSON')
    .action(async (o: { json?: boolean }) => {
      const tokens = await withCredentials((c) => c.listTokens());
      if (o.json) return console.log(JSON.stringify(tokens));
      if (tokens.length === 0) return console.log('No worker tokens.');
      for (const t of tokens)
        console.log(
          `${t.id}\t${t.worker_id}\t${t.token_prefix}\t${t.revoked_at ? `revoked ${t.revoked_at}` : 'active'}\t${t.label ?? ''}`,
        );
    });

  cmd
    .command('revoke <id>')
    .description("Revoke a token by id; the worker's connections close within seconds")
    .action(async (id: string) => {
      const n = Number(id);
      if (!Number.isInteger(n) || n <= 0) throw new Error('id: a positive integer (see `simdeck worker-token list`)');
      const revoked = await withCredentials((c) => c.revokeToken({ input: { id: n } }));
      console.log(`Revoked worker token ${revoked.id} of ${revoked.worker_id}.`);
    });
}
