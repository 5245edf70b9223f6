import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './harness';
import { readAppSets } from './interpreter/app-sets';
import { runAppSets } from './interpreter/run-cases';
import { describeOutcome, judge, summarize, type Verdict } from './interpreter/scoring';

/**
 * How well the free step interpreter settles test cases written by people against apps it was
 * not written for: every case of every app set under bench/interpreter/apps/ on the correct and
 * the buggy build (see bench/interpreter/README.md). Prints a table per case, returns one row per
 * app set, and writes every verdict with its errors to bench/results/interpreter-apps-<time>.json.
 *   BENCH_INTERP_APPS=sample,travel   only these app sets (default: all with cases)
 *   BENCH_INTERP_DEVICES=4            virtual phones running cases at once (1–8)
 */
const here = path.dirname(fileURLToPath(import.meta.url));

function caseRows(verdicts: Verdict[]) {
  return verdicts.map((v) => ({
    app: v.app,
    case: v.case,
    build: v.build,
    expected: describeOutcome(v.expected),
    actual: describeOutcome(v.actual),
    verdict: v.correct === null ? 'unscored' : v.correct ? 'right' : v.wrongPass ? 'WRONG (passed)' : 'WRONG',
    first_failure:
      v.actual.status === 'passed'
        ? ''
        : `${v.actual.failedText ? `"${v.actual.failedText}": ` : ''}${v.actual.error ?? ''}`.slice(0, 160),
  }));
}

export default async function interpreterAppsBench(): Promise<BenchRow[]> {
  const only = (process.env.BENCH_INTERP_APPS ?? '').split(',').filter(Boolean);
  const devices = Math.min(8, Math.max(1, Number(process.env.BENCH_INTERP_DEVICES ?? 4)));
  const sets = readAppSets(only);
  const runnable = sets.filter((s) => s.cases.length > 0);
  for (const s of sets.filter((x) => x.cases.length === 0))
    console.log(`${s.name}: no cases.json yet, skipped (expectations: ${Object.keys(s.expectations).length})`);
  if (runnable.length === 0) return [];

  const report = await runAppSets(runnable, { devices });
  // Order as the sets list their cases: by app, case, then correct before buggy.
  const order = (app: string, name: string) =>
    runnable.findIndex((s) => s.name === app) * 10_000 +
    runnable.find((s) => s.name === app)!.cases.findIndex((c) => c.name === name);
  const verdicts = report.runs
    .map((r) => judge(r.app, r.case, r.build, runnable.find((s) => s.name === r.app)!.expectations[r.case], r.actual))
    .sort((a, b) => order(a.app, a.case) - order(b.app, b.case) || (a.build === 'correct' ? -1 : 1));
  console.table(caseRows(verdicts));

  const summaries = runnable.map((s) =>
    summarize(
      s.name,
      s.bugs.map((b) => b.id),
      verdicts,
    ),
  );
  const outDir = path.join(here, 'results');
  fs.mkdirSync(outDir, { recursive: true });
  const out = path.join(outDir, `interpreter-apps-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(
    out,
    JSON.stringify(
      {
        devices: report.devices,
        setup_ms: Math.round(report.setupMs),
        run_ms: Math.round(report.runMs),
        summaries,
        verdicts,
      },
      null,
      2,
    ),
  );
  console.log(`every verdict with its errors: ${path.relative(process.cwd(), out)}`);

  return [
    ...summaries.map((s) => ({
      name: `${s.app}: verdicts right / scored (correct build, buggy build)`,
      cases: s.cases,
      right: `${s.correct}/${s.scored}`,
      on_correct: s.correctOnCorrectBuild,
      on_buggy: s.correctOnBuggyBuild,
      bugs_caught_at_their_step: `${s.bugsCaught}/${s.bugsExpected} (planted ${s.bugsPlanted})`,
      wrong_steps_passed: s.wrongStepsPassed,
      buggy_build_passes: s.buggyBuildPasses,
      unscored: s.unscored,
      failures: Object.entries(s.failureReasons)
        .map(([k, n]) => `${k} ${n}`)
        .join(', '),
    })),
    {
      name: `wall time: ${report.runs.length} runs on ${report.devices} virtual phone${report.devices === 1 ? '' : 's'}`,
      setup_ms: Math.round(report.setupMs),
      runs_ms: Math.round(report.runMs),
      per_run_ms: Math.round(report.runMs / Math.max(1, report.runs.length)),
    },
  ];
}
