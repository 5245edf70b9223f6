import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import { parseAllDocuments } from 'yaml';
import { ZipFile } from 'yazl';
import { UsageError } from '../api-client';
import { junitXml } from '../junit';
import { action, examples, loggedInClient, output, printTable, type CommonOptions } from '../output';
import { exitCodeOf, junitSuitesOf, RunReporter, watchRun, type CaseResult } from '../run-watch';

interface MaestroRunOptions extends CommonOptions {
  app?: string;
  suite?: string;
  newSuite?: boolean;
  parallel: string;
  device?: string;
  deviceCategory?: string;
  junit?: string;
  artifacts?: string;
  timeout: string;
  pollInterval: string;
}

/** At most this many files of a flows folder go into the upload (the server caps it too). */
const MAX_FILES = 2000;

/** Packs a flows folder (its YAML flows, JavaScript scripts and media for addMedia) into a zip in a temporary folder. */
async function zipFolder(dir: string): Promise<{ file: string; files: string[]; cleanup: () => void }> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-maestro-'));
  const file = path.join(tmp, `${path.basename(path.resolve(dir)) || 'flows'}.zip`);
  const zip = new ZipFile();
  const files: string[] = [];
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      if (e.name.startsWith('.') || e.name === 'node_modules') continue;
      const p = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && /\.(ya?ml|js|png|jpe?g|heic|mp4)$/i.test(e.name)) {
        if (files.push(p) > MAX_FILES) throw new UsageError(`${dir} has more than ${MAX_FILES} flows and scripts`);
        zip.addFile(path.join(dir, p), p);
      }
    }
  };
  walk('');
  zip.end();
  await new Promise<void>((resolve, reject) => {
    const out = fs.createWriteStream(file);
    zip.outputStream.pipe(out).on('close', () => resolve());
    out.on('error', reject);
  });
  return { file, files, cleanup: () => fs.rmSync(tmp, { recursive: true, force: true }) };
}

/** A flow file's `name` header (the first of two YAML documents), else its file name without `.yaml`. */
function flowName(file: string): string {
  const stem = path.basename(file).replace(/\.ya?ml$/i, '');
  try {
    const docs = parseAllDocuments(fs.readFileSync(file, 'utf8'));
    const header = Array.isArray(docs) && docs.length > 1 ? docs[0]!.toJS({ maxAliasCount: 100 }) : null;
    return header && typeof header.name === 'string' && header.name ? header.name : stem;
  } catch {
    return stem;
  }
}

/**
 * The suite an earlier `maestro run` of these flows made: the one named as the import names it
 * (the folder's name, or a single flow's `name`), of the same app when `--app` is given; the most
 * recently updated if several are. Renaming the suite starts a new one on the next run.
 */
async function earlierSuite(
  api: ReturnType<typeof loggedInClient>,
  name: string,
  app: string | undefined,
): Promise<string | undefined> {
  const query = app ? `?app_id=${encodeURIComponent(app)}` : '';
  const suites = await api.get<
    Array<{ public_id: string; name: string; app_public_id: string | null; updated_at: string }>
  >(`/tests/suites${query}`);
  return suites
    .filter((s) => s.name === name.slice(0, 200) && (!app || s.app_public_id === app))
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at))[0]?.public_id;
}

interface MaestroImport {
  public_id: string;
  name: string;
  case_count: number;
  warnings: string[];
  added: number;
  updated: number;
  removed: number;
}

async function runMaestro(target: string, o: MaestroRunOptions): Promise<void> {
  if (!fs.existsSync(target)) throw new UsageError(`${target} does not exist`);
  const parallel = Number(o.parallel);
  if (!Number.isInteger(parallel) || parallel < 1 || parallel > 32) throw new UsageError('--parallel must be 1 to 32');
  if (o.device && parallel > 1) throw new UsageError('--device runs one shard: leave --parallel at 1');
  if (o.suite && o.newSuite) throw new UsageError('--suite and --new-suite cannot be used together');
  const api = loggedInClient();
  const say = (line: string) => (o.json ? process.stderr : process.stdout).write(`${line}\n`);
  const isDir = fs.statSync(target).isDirectory();
  const packed = isDir ? await zipFolder(target) : { file: target, files: [], cleanup: () => {} };
  let imported: MaestroImport;
  let suite: string | undefined;
  try {
    const single = isDir ? (packed.files.length === 1 ? path.join(target, packed.files[0]!) : null) : target;
    const name = single ? flowName(single) : path.basename(path.resolve(target)) || 'flows';
    suite = o.suite ?? (o.newSuite ? undefined : await earlierSuite(api, name, o.app));
    const query = new URLSearchParams();
    if (o.app) query.set('app_id', o.app);
    if (suite) query.set('suite_id', suite);
    const qs = query.toString() ? `?${query}` : '';
    imported = await api.upload(`/tests/suites/import-maestro${qs}`, { field: 'file', filePath: packed.file });
  } finally {
    packed.cleanup();
  }
  say(
    !suite
      ? `Imported ${imported.case_count} flows as suite ${imported.public_id} (${imported.name})`
      : `Re-imported ${imported.case_count} flows into suite ${imported.public_id} (${imported.name}): ${imported.updated} updated, ${imported.added} added, ${imported.removed} removed`,
  );
  for (const w of imported.warnings) say(`warning: ${w}`);
  const started = await api.post<{ run_id: string }>('/ci/run-suite', {
    suite_id: imported.public_id,
    parallelism: parallel,
    device_id: o.device,
    device_category: o.device ? undefined : o.deviceCategory,
  });
  say(`Started ${started.run_id}`);
  const run = await watchRun(api, started.run_id, {
    intervalMs: Math.max(0.2, Number(o.pollInterval)) * 1000,
    timeoutMs: Number(o.timeout) * 1000,
    reporter: new RunReporter(say),
  });
  if (o.junit) fs.writeFileSync(o.junit, junitXml('simdeck maestro', junitSuitesOf(run)));
  if (o.artifacts) {
    fs.mkdirSync(o.artifacts, { recursive: true });
    fs.writeFileSync(path.join(o.artifacts, 'run.json'), `${JSON.stringify(run, null, 2)}\n`);
  }
  output(o, run, () => {
    printTable((run.results ?? []) as CaseResult[], ['case_name', 'status', 'duration_ms', 'error_message']);
    console.log(`Run ${run.status}${run.run_url ? ` (${run.run_url})` : ''}`);
    if (o.junit) console.log(`JUnit report: ${o.junit}`);
  });
  process.exitCode = exitCodeOf(run.status);
}

export function registerMaestroCommands(program: Command): void {
  const maestro = program.command('maestro').description('Run Maestro flows as they are (docs/maestro.md)');
  examples(
    maestro
      .command('run <flows>')
      .description(
        'Import a Maestro flow (.yaml) or flows folder (into the suite an earlier run made, else a new one) and run it, like `maestro test`',
      )
      .option('--app <app_id>', "the app to run against (default: the app whose package is the flows' appId)")
      .option('--suite <suite_id>', 're-import into this suite (default: the suite of the same name and app, if any)')
      .option('--new-suite', 'always import as a new suite')
      .option('--parallel <n>', 'spread the flows over this many devices', '1')
      .option('--device <device_id>', 'pin a device (see `simdeck devices`)')
      .option('--device-category <category>', 'phone (default), tablet or tv')
      .option('--junit <file>', 'write a JUnit XML report here')
      .option('--artifacts <dir>', "write the run's result (run.json) here")
      .option('--timeout <seconds>', 'stop waiting after this long (exit 2; the run goes on)', '3600')
      .option('--poll-interval <seconds>', 'seconds between polls', '2')
      .option('--json', 'machine-readable output (the final poll payload)')
      .action(action((flows: string, o: MaestroRunOptions) => runMaestro(flows, o))),
    [
      'simdeck maestro run .maestro/ --app app_abc --junit maestro.xml',
      'simdeck maestro run flows/login.yaml --parallel 1',
      'simdeck maestro run .maestro --parallel 4 --json > result.json',
    ],
  );
}
