import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { type ApiClient, UsageError } from '../api-client';
import { writeArtifacts } from '../artifacts';
import { junitXml } from '../junit';
import { action, EXIT, examples, loggedInClient, output, printTable, type CommonOptions } from '../output';
import {
  exitCodeOf,
  junitSuitesOf,
  RunReporter,
  watchMulti,
  watchRun,
  type CaseResult,
  type CiRun,
  type MultiRun,
  type StepResult,
} from '../run-watch';

interface RunOptions extends CommonOptions {
  tags?: string;
  match?: string;
  deviceCategory?: string;
  device: string[];
  parallel?: string;
  retries?: string;
  html?: string;
  commitSha?: string;
  metadata: string[];
  build?: string;
  model?: string;
  mode?: string;
  wait?: boolean;
  junit?: string;
  artifacts?: string;
  timeout: string;
  pollInterval: string;
}

function metadataOf(pairs: string[]): Record<string, string> | undefined {
  if (pairs.length === 0) return undefined;
  const out: Record<string, string> = {};
  for (const p of pairs) {
    const i = p.indexOf('=');
    if (i < 1) throw new UsageError(`--metadata ${p}: expected key=value`);
    out[p.slice(0, i)] = p.slice(i + 1);
  }
  return out;
}

const PLATFORMS = ['android', 'ios'];
const CATEGORIES = ['phone', 'tablet', 'tv'];

/**
 * --device: a device id pins one device; `platform[:category[:model[:os_version]]]` (repeatable)
 * is a device matrix target.
 */
function devicesOf(o: RunOptions): { device_id?: string; devices?: Array<Record<string, string>> } {
  if (o.device.length === 0) return {};
  const targets = o.device.filter((d) => PLATFORMS.includes(d.split(':')[0]!.toLowerCase()));
  if (targets.length === 0) {
    if (o.device.length > 1)
      throw new UsageError('--device: pin one device id, or give platform targets (android:phone)');
    return { device_id: o.device[0] };
  }
  if (targets.length !== o.device.length)
    throw new UsageError('--device: give device matrix targets (android:phone, ios:tablet) or one device id, not both');
  if (targets.length > 10) throw new UsageError('--device: at most 10 targets');
  return {
    devices: targets.map((t) => {
      const [platform, category, model, os] = t.split(':').map((x) => x.trim());
      if (category && !CATEGORIES.includes(category.toLowerCase()))
        throw new UsageError(`--device ${t}: the category is phone, tablet or tv`);
      return {
        device_type: platform!.toLowerCase(),
        ...(category ? { category: category.toLowerCase() } : {}),
        ...(model ? { model } : {}),
        ...(os ? { os_version: os } : {}),
      };
    }),
  };
}

function count(flag: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max)
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}`);
  return Number(value);
}

function startBody(o: RunOptions): Record<string, unknown> {
  if (o.deviceCategory && o.device.length) throw new UsageError('--device-category and --device exclude each other');
  const body: Record<string, unknown> = {
    commit_sha: o.commitSha,
    device_category: o.deviceCategory,
    ...devicesOf(o),
    parallelism: count('--parallel', o.parallel, 1, 32),
    retries: count('--retries', o.retries, 0, 3),
    metadata: metadataOf(o.metadata),
    model: o.model,
    mode: o.mode,
  };
  if (o.build !== undefined) {
    if (!/^\d+$/.test(o.build)) throw new UsageError('--build must be a build id (a number)');
    body.build_id = Number(o.build);
  }
  return body;
}

const collect = (v: string, prev: string[]) => [...prev, v];

/**
 * While --wait follows runs, Ctrl-C or a CI job's cancellation (SIGINT, SIGTERM) cancels them, so
 * their devices are freed, and exits 2. Returns the function that removes the handlers.
 */
function cancelOnInterrupt(say: (line: string) => void, runIds: () => Promise<string[]>): () => void {
  const api = loggedInClient();
  const onSignal = (signal: NodeJS.Signals) => {
    say(`${signal}: cancelling the run`);
    void runIds()
      .then((ids) => Promise.allSettled(ids.map((id) => api.post(`/ci/runs/${encodeURIComponent(id)}/cancel`))))
      .finally(() => process.exit(EXIT.error));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
}

function withRunOptions(cmd: Command): Command {
  return cmd
    .option('--device-category <category>', 'phone (default), tablet or tv')
    .option(
      '--device <target>',
      'a device matrix target platform[:category[:model[:os]]] (android:phone, ios:tablet), repeatable; or one device id to pin (see `simdeck devices`); excludes --device-category',
      collect,
      [],
    )
    .option('--parallel <n>', 'suites: spread the cases over this many devices at once (1-32)')
    .option('--retries <n>', "suites: run a failed case again up to this often (0-3; default the suite's setting)")
    .option('--commit-sha <sha>', 'the commit under test (commit status, webhooks)')
    .option('--metadata <key=value>', 'passed through to webhook payloads; repeat for more', collect, [])
    .option('--build <build_id>', "install this build (default: the app's latest)")
    .option('--model <model>', "the model for AI steps (default: the organization's)")
    .option('--mode <mode>', 'hybrid (default), ai or replay')
    .option('--wait', 'follow the run to its end: exit 0 passed, 1 failed, 2 error or cancelled')
    .option('--junit <file>', 'with --wait, write a JUnit XML report here')
    .option('--html <file>', 'with --wait, write the self-contained HTML report here (suites)')
    .option('--artifacts <dir>', "with --wait, write each run's video, logs, screenshots and the JUnit report here")
    .option('--timeout <seconds>', 'with --wait, stop waiting after this long (exit 2; the run goes on)', '3600')
    .option('--poll-interval <seconds>', 'with --wait, seconds between polls', '2')
    .option('--json', 'machine-readable output (the final poll payload with --wait)');
}

async function execute(kind: 'suite' | 'test', id: string | undefined, o: RunOptions): Promise<void> {
  if (o.junit && !o.wait) throw new UsageError('--junit needs --wait');
  if (o.html && !o.wait) throw new UsageError('--html needs --wait');
  if (o.html && kind === 'test') throw new UsageError('--html is made of suite runs');
  if (kind === 'test' && (o.parallel !== undefined || o.retries !== undefined || o.device.length > 1))
    throw new UsageError('--parallel, --retries and device matrices run suites');
  if (o.artifacts && !o.wait) throw new UsageError('--artifacts needs --wait');
  const api = loggedInClient();
  const body = startBody(o);
  const say = (line: string) => (o.json ? process.stderr : process.stdout).write(`${line}\n`);
  const watch = {
    intervalMs: Math.max(0.2, Number(o.pollInterval)) * 1000,
    timeoutMs: Number(o.timeout) * 1000,
    reporter: new RunReporter(say),
  };
  if (kind === 'suite' && o.tags) {
    if (id) throw new UsageError('give a suite id or --tags, not both');
    const started = await api.post<{ aggregate_id: string; matched_suite_ids: string[] }>('/ci/run-suites', {
      ...body,
      tags: o.tags
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
      match: o.match,
    });
    if (!o.wait)
      return output(o, started, () =>
        console.log(`Started ${started.aggregate_id} (${started.matched_suite_ids.length} suites)`),
      );
    say(`Started ${started.aggregate_id}: ${started.matched_suite_ids.length} suites`);
    const release = cancelOnInterrupt(say, async () =>
      (await api.get<MultiRun>(`/ci/multi-suite-runs/${encodeURIComponent(started.aggregate_id)}`)).suite_runs.map(
        (r) => r.run_id,
      ),
    );
    const { multi, runs } = await watchMulti(api, started.aggregate_id, watch).finally(release);
    await saveArtifacts(api, o, runs, say);
    await finish(o, multi.status, multi, runs, () =>
      printTable(multi.suite_runs, ['suite_name', 'status', 'passed', 'failed', 'run_id']),
    );
    return;
  }
  if (!id) throw new UsageError(kind === 'suite' ? 'give a suite id, or --tags' : 'give a test case id');
  const started = await api.post<{ run_id: string; status: string }>(
    kind === 'suite' ? '/ci/run-suite' : '/ci/run-test',
    { ...body, [kind === 'suite' ? 'suite_id' : 'test_id']: id },
  );
  if (!o.wait) return output(o, started, () => console.log(`Started ${started.run_id}`));
  say(`Started ${started.run_id}`);
  const release = cancelOnInterrupt(say, async () => [started.run_id]);
  const run = await watchRun(api, started.run_id, watch).finally(release);
  await saveArtifacts(api, o, [run], say);
  await finish(o, run.status, run, [run], () => {
    if (run.type === 'suite_run')
      printTable((run.results ?? []) as CaseResult[], ['case_name', 'status', 'duration_ms', 'error_message']);
    // Steps are numbered from 1 for people, as the console numbers them; `index` (from 0) stays in --json.
    else
      printTable(
        ((run.results ?? []) as StepResult[]).map((s) => ({ ...s, step: s.index + 1 })),
        ['step', 'status', 'text', 'error'],
      );
  });
}

/** `--artifacts`: what the runs left, once they ended (a run still going has nothing to write yet). */
async function saveArtifacts(api: ApiClient, o: RunOptions, runs: CiRun[], say: (line: string) => void): Promise<void> {
  if (!o.artifacts || runs.some((r) => !['passed', 'failed', 'cancelled', 'error'].includes(r.status))) return;
  const files = await writeArtifacts(api, o.artifacts, runs);
  say(`Artifacts: ${files.length} files in ${o.artifacts}`);
}

/**
 * The HTML report of each suite CI run: the file asked for, or with several suites (--tags) one
 * file per suite beside it (`report-<suite_id>.html`). Returns the files written.
 */
async function writeHtml(file: string, runs: CiRun[]): Promise<string[]> {
  const api = loggedInClient();
  const suites = runs.filter((r) => r.type === 'suite_run');
  const ext = path.extname(file);
  const written: string[] = [];
  for (const r of suites) {
    const target =
      suites.length === 1
        ? file
        : `${file.slice(0, file.length - ext.length)}-${r.suite_id ?? r.run_id}${ext || '.html'}`;
    fs.writeFileSync(target, await api.download(`/ci/runs/${encodeURIComponent(r.run_id)}/report.html`));
    written.push(target);
  }
  return written;
}

async function finish(
  o: RunOptions,
  status: string,
  payload: unknown,
  runs: CiRun[],
  table: () => void,
): Promise<void> {
  if (o.junit) fs.writeFileSync(o.junit, junitXml('simdeck', runs.flatMap(junitSuitesOf)));
  const html = o.html ? await writeHtml(o.html, runs) : [];
  const running = !['passed', 'failed', 'cancelled', 'error'].includes(status);
  output(o, payload, () => {
    table();
    const first = runs[0];
    console.log(
      running
        ? `Still ${status} after --timeout; the run goes on`
        : `Run ${status}${runs.length === 1 && first?.error_message ? `: ${first.error_message}` : ''}${runs.length === 1 && first ? ` (${first.run_url})` : ''}`,
    );
    if (o.junit) console.log(`JUnit report: ${o.junit}`);
    for (const h of html) console.log(`HTML report: ${h}`);
  });
  process.exitCode = exitCodeOf(status);
}

export function registerRunCommands(program: Command): void {
  const run = program.command('run').description('Run a suite or a test on a device the server allocates (CI runs)');
  examples(
    withRunOptions(
      run.command('suite [suite_id]').description('Run a suite, or with --tags every matching suite one after another'),
    )
      .option('--tags <tags>', 'instead of a suite id: the suites with these tags (comma-separated)')
      .option('--match <match>', 'with --tags: any (default) or all')
      .action(action((id: string | undefined, o: RunOptions) => execute('suite', id, o))),
    [
      'simdeck run suite suite_abc --wait --junit simdeck.xml',
      'simdeck run suite --tags smoke --commit-sha "$GITHUB_SHA" --metadata pr=42 --wait',
      'simdeck run suite suite_abc --device-category tablet --wait --json > result.json',
      'simdeck run suite suite_abc --parallel 4 --device android:phone --device ios:tablet --retries 1 --wait --junit simdeck.xml --html report.html',
    ],
  );
  examples(
    withRunOptions(run.command('test <test_id>').description('Run one test case')).action(
      action((id: string, o: RunOptions) => execute('test', id, o)),
    ),
    ['simdeck run test case_abc --wait', 'simdeck run test case_abc --build 42 --wait --junit out.xml'],
  );
}
