import type { Command } from 'commander';
import { action, examples, loggedInClient, output, printTable, type CommonOptions } from '../output';

interface StepCheck {
  kind: string;
  index: number;
  text: string;
  status: string;
  intent: string | null;
  reason: string | null;
  suggestions: string[];
}

export function registerCaseCommands(program: Command): void {
  const cases = program.command('cases').description('Test cases: check how the free interpreter reads their steps');
  examples(
    cases
      .command('check <case_id>')
      .description("Read a case's steps and assertions with the free interpreter, without a device")
      .option('--json', 'machine-readable output')
      .action(
        action(async (caseId: string, o: CommonOptions) => {
          const r = await loggedInClient().post<{ understood: number; total: number; steps: StepCheck[] }>(
            `/tests/cases/${encodeURIComponent(caseId)}/check-steps`,
            {},
          );
          output(o, r, () => {
            const rows = r.steps.map((s) => ({
              line: `${s.kind === 'step' ? 'step' : 'assert'} ${s.index + 1}`,
              status: s.status,
              intent: s.intent ?? '',
              text: s.text,
              note: s.reason ? `${s.reason}${s.suggestions.length ? `; try: ${s.suggestions.join(' | ')}` : ''}` : '',
            }));
            printTable(rows, ['line', 'status', 'intent', 'text', 'note']);
            console.log(`${r.understood} of ${r.total} understood`);
          });
        }),
      ),
    ['simdeck cases check tc_abc123', 'simdeck cases check tc_abc123 --json'],
  );
}
