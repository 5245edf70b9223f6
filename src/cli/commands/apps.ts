import fs from 'node:fs';
import type { Command } from 'commander';
import { UsageError } from '../api-client';
import { action, examples, loggedInClient, output, printTable, type CommonOptions } from '../output';
import { ProgressBar } from '../progress';

interface UploadOptions extends CommonOptions {
  app?: string;
  name?: string;
  packageName?: string;
  platform?: string;
  note?: string;
  /** Commander's --progress / --no-progress; undefined means "on a terminal". */
  progress?: boolean;
}

export function registerAppCommands(program: Command): void {
  const apps = program.command('apps').description('Apps and their builds: upload, list');
  examples(
    apps
      .command('upload <file>')
      .description(
        'Upload an .apk/.apks or an iOS simulator .app (zipped or .tar.gz) as a new app, or with --app as a new build of it',
      )
      .option('--app <app_id>', 'add the file as a new build of this app (its public id)')
      .option('--name <name>', 'app name (read from the package when absent)')
      .option('--package-name <id>', 'package name / bundle id (read from the package when absent)')
      .option('--platform <platform>', 'ios or android (from the file extension when absent)')
      .option('--note <text>', 'a note on the build (at most 500 characters)')
      .option('--progress', 'show a progress bar even when stderr is not a terminal')
      .option('--no-progress', 'never show a progress bar')
      .option('--json', 'machine-readable output')
      .action(
        action(async (file: string, o: UploadOptions) => {
          if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new UsageError(`${file}: no such file`);
          const showBar = o.progress ?? !!process.stderr.isTTY;
          const bar = showBar ? new ProgressBar(`Uploading ${file}`) : null;
          const fields = o.app
            ? { note: o.note }
            : { name: o.name, package_name: o.packageName, platform: o.platform, note: o.note };
          const target = o.app ? `/apps/${encodeURIComponent(o.app)}/builds` : '/apps/upload';
          const res = await loggedInClient()
            .upload<Record<string, unknown>>(target, {
              field: 'file',
              filePath: file,
              fields,
              onProgress: (sent, total) => bar?.update(sent, total),
            })
            .finally(() => bar?.finish());
          output(o, res, () =>
            console.log(
              o.app
                ? `Uploaded build ${String(res.id)} (${String(res.version)} ${String(res.build_number ?? '')}) of ${o.app}`
                : `Uploaded ${String(res.name)} (${String(res.package_name)}, ${String(res.platform)}) as app ${String(res.public_id ?? res.id)}`,
            ),
          );
        }),
      ),
    [
      'simdeck apps upload app-debug.apk',
      'simdeck apps upload build/MyApp.zip --app app_123 --note "$GIT_SHA"',
      'simdeck apps upload app.apk --json | jq -r .public_id',
    ],
  );
  examples(
    apps
      .command('list')
      .description("List the organization's apps")
      .option('--platform <platform>', 'ios or android')
      .option('--json', 'machine-readable output')
      .action(
        action(async (o: CommonOptions & { platform?: string }) => {
          const rows = await loggedInClient().get<Array<Record<string, unknown>>>(
            `/apps/${o.platform ? `?platform=${encodeURIComponent(o.platform)}` : ''}`,
          );
          output(o, rows, () => printTable(rows, ['public_id', 'name', 'package_name', 'platform', 'updated_at']));
        }),
      ),
    ['simdeck apps list', 'simdeck apps list --platform ios --json'],
  );
}
