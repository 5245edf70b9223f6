import fs from 'node:fs';
import type { Command } from 'commander';
import { UsageError } from '../api-client';
import { action, examples, loggedInClient, output, printJson, printTable, type CommonOptions } from '../output';

export function registerSuiteCommands(program: Command): void {
  const suites = program.command('suites').description('Test suites: list, export and import as YAML');
  examples(
    suites
      .command('list')
      .description("List the organization's suites")
      .option('--tags <tags>', 'only suites with these tags (comma-separated)')
      .option('--match <match>', 'with --tags: any (default) or all')
      .option('--json', 'machine-readable output')
      .action(
        action(async (o: CommonOptions & { tags?: string; match?: string }) => {
          const q = new URLSearchParams();
          if (o.tags) q.set('tags', o.tags);
          if (o.match) q.set('match', o.match);
          const rows = await loggedInClient().get<Array<Record<string, unknown>>>(
            `/ci/list-suites${q.size ? `?${q}` : ''}`,
          );
          output(o, rows, () => printTable(rows, ['id', 'name', 'platform', 'case_count', 'tags']));
        }),
      ),
    ['simdeck suites list', 'simdeck suites list --tags smoke,login --match all --json'],
  );
  examples(
    suites
      .command('export <suite_id>')
      .description('Export a suite (cases, step mappings, recordings) as YAML')
      .option('-o, --output <file>', 'write to this file instead of stdout')
      .option('--json', 'machine-readable output ({suite_id, yaml} without -o)')
      .action(
        action(async (id: string, o: CommonOptions & { output?: string }) => {
          const yaml = await loggedInClient().download(`/tests/suites/${encodeURIComponent(id)}/export-yaml`);
          if (!o.output) {
            if (o.json) printJson({ suite_id: id, yaml: yaml.toString('utf8') });
            else process.stdout.write(yaml);
            return;
          }
          fs.writeFileSync(o.output, yaml);
          output(o, { file: o.output, bytes: yaml.length }, () => console.log(`Saved ${o.output}`));
        }),
      ),
    ['simdeck suites export suite_abc -o login.yaml'],
  );
  examples(
    suites
      .command('import <file>')
      .description('Import a suite from YAML (as exported); it becomes a new suite')
      .option('--app <app_id>', 'attach the suite to this app (public id)')
      .option('--json', 'machine-readable output')
      .action(
        action(async (file: string, o: CommonOptions & { app?: string }) => {
          if (!fs.existsSync(file)) throw new UsageError(`${file}: no such file`);
          const r = await loggedInClient().upload<{ public_id: string; name: string; case_count: number }>(
            `/tests/suites/import-yaml${o.app ? `?app_id=${encodeURIComponent(o.app)}` : ''}`,
            { field: 'file', filePath: file },
          );
          output(o, r, () => console.log(`Imported "${r.name}" as ${r.public_id} (${r.case_count} cases)`));
        }),
      ),
    ['simdeck suites import login.yaml --app app_123'],
  );
}
