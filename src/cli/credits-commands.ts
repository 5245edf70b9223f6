import type { Command } from 'commander';
import type { Ctx } from '../context';
import type { AccountSummary, CreditsOperatorService } from '../modules/credits';
import { formatUsd, parseUsd } from '../modules/credits';

async function asOperator<T>(
  orgId: number,
  fn: (operator: CreditsOperatorService, ctx: Ctx) => Promise<T>,
): Promise<T> {
  // Loaded here, so the API commands of the same binary start without the database layer.
  const [{ systemClock }, { systemContext }, { createLogger }, { CreditsOperatorService }, { openOperatorDatabase }] =
    await Promise.all([
      import('../clock'),
      import('../context'),
      import('../logging'),
      import('../modules/credits/credits-operator.service'),
      import('./operator-database'),
    ]);
  const database = openOperatorDatabase();
  try {
    const ctx = systemContext(
      { db: database.db, clock: systemClock, log: createLogger('warn') },
      { id: orgId, role: 'admin' },
      'cli',
    );
    return await fn(new CreditsOperatorService(), ctx);
  } finally {
    await database.close();
  }
}

function orgIdOf(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error('org: the organization id, a positive integer');
  return n;
}

function usdOf(text: string, what: string): number {
  const micro = parseUsd(text);
  if (micro === null) throw new Error(`${what}: an amount in dollars, e.g. 25 or 12.50`);
  return micro;
}

function describe(s: AccountSummary): string {
  return `Organization ${s.organization_id}: plan ${s.plan_id}, allowance ${formatUsd(s.allowance_micro)} of ${formatUsd(s.plan_allowance_micro)} a month, prepaid ${formatUsd(s.prepaid_micro)}`;
}

/**
 * `simdeck org set-plan` and `simdeck credits grant`: the operator's hold on plans and credit,
 * on DATABASE_URL or the running embedded database.
 */
export function registerCreditsCommands(program: Command): void {
  program
    .command('org')
    .description("Manage organizations' plans (operator; uses DATABASE_URL or the running embedded database)")
    .command('set-plan <org> <plan>')
    .description(
      'Put organization <org> (its id) on <plan>: free, starter, professional or enterprise; the new allowance applies at once',
    )
    .option('--allowance-usd <usd>', "enterprise only: the organization's monthly allowance in dollars")
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      '\nExamples:\n  $ simdeck org set-plan 12 professional\n  $ simdeck org set-plan 12 enterprise --allowance-usd 500',
    )
    .action(async (org: string, plan: string, o: { allowanceUsd?: string; json?: boolean }) => {
      const orgId = orgIdOf(org);
      const allowance = o.allowanceUsd === undefined ? undefined : usdOf(o.allowanceUsd, '--allowance-usd');
      const summary = await asOperator(orgId, (op, ctx) =>
        op.setOrganizationPlan({
          ctx,
          input: { orgId, planId: plan, ...(allowance === undefined ? {} : { enterpriseAllowanceMicro: allowance }) },
        }),
      );
      console.log(o.json ? JSON.stringify(summary) : describe(summary));
    });

  program
    .command('credits')
    .description("Manage organizations' usage credit (operator; uses DATABASE_URL or the running embedded database)")
    .command('grant <org> <usd>')
    .description('Add <usd> dollars of prepaid credit to organization <org> (its id); it never expires')
    .option('--note <text>', 'why, kept on the ledger entry')
    .option('--json', 'print JSON')
    .addHelpText('after', '\nExample:\n  $ simdeck credits grant 12 25 --note "goodwill for the outage"')
    .action(async (org: string, amount: string, o: { note?: string; json?: boolean }) => {
      const orgId = orgIdOf(org);
      const amountMicro = usdOf(amount, 'usd');
      const summary = await asOperator(orgId, (op, ctx) =>
        op.grantCredit({ ctx, input: { orgId, amountMicro, note: o.note } }),
      );
      console.log(o.json ? JSON.stringify(summary) : `Granted ${formatUsd(amountMicro)}. ${describe(summary)}`);
    });
}
