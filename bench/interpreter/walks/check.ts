/**
 * Checks an app set's `expectations.json` without the interpreter: walks every case of its
 * `cases.json` as spelt out by element id in `apps/<app>/walks/` (whose `index.ts` exports
 * `walks`, in the order of the cases) on a virtual phone, on the correct build, on the buggy build
 * (all planted bugs) and, for each case expected to fail, on a build with only the bug it names.
 * A case must pass on the correct build, stop on the buggy build at the very step (or assertion)
 * expected, and stop there with its bug alone too.
 *   npx tsx bench/interpreter/walks/check.ts <app> [part of a case name]
 * Texts the device's UI tree does not carry (a row's second line, a dialog's message) are only
 * listed as `pictured`: they were checked on the rendered screens.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { plantBugs } from '../../../examples/planted-bugs';
import { appModel } from '../../../examples/virtual-apps';
import { buildVirtualApk } from '../../../examples/virtual-app-package';
import { type AppOnDevice, openVirtualApp } from '../../../test/virtual/app-driver';
import { APPS_DIR, type BenchCase, type ExpectedOutcome, readAppSet } from '../app-sets';
import { runOp, type Walk } from './ops';

const [appName, filterArg] = process.argv.slice(2);
if (!appName || !/^[a-z0-9-]+$/.test(appName)) {
  console.error('usage: npx tsx bench/interpreter/walks/check.ts <app> [part of a case name]');
  process.exit(2);
}
const set = readAppSet(appName);
const walksIndex = path.join(APPS_DIR, appName, 'walks', 'index.ts');
if (!fs.existsSync(walksIndex)) {
  console.error(`the app set ${appName} has no walks (${path.relative(process.cwd(), walksIndex)})`);
  process.exit(2);
}
const WALKS: Walk[] = (await import(pathToFileURL(walksIndex).href)).walks;

type Stop = { step: number } | { assertion: number };
interface Outcome {
  stop: Stop | null;
  error?: string;
}

/** The walk matches its case: same name, one list of ops per step and per assertion. */
function pair(cases: BenchCase[]): Array<{ c: BenchCase; walk: Walk }> {
  if (cases.length !== WALKS.length) throw new Error(`${cases.length} cases, ${WALKS.length} walks`);
  return cases.map((c, i) => {
    const walk = WALKS[i]!;
    if (walk.name !== c.name) throw new Error(`case ${i + 1} is "${c.name}", its walk "${walk.name}"`);
    if (walk.steps.length !== c.steps.length || (walk.assertions ?? []).length !== (c.assertions ?? []).length)
      throw new Error(`"${c.name}": the walk's steps or assertions do not match the case's`);
    return { c, walk };
  });
}

async function walkOn(app: AppOnDevice, pkg: string, walk: Walk): Promise<Outcome> {
  const fresh = async () => {
    await app.driver.terminate(app.deviceId, pkg);
    await app.driver.launch(app.deviceId, pkg);
  };
  await app.driver.clearData(app.deviceId, pkg);
  await fresh();
  const parts: Array<[Stop, Walk['steps'][number]]> = [
    ...walk.steps.map((ops, i): [Stop, typeof ops] => [{ step: i + 1 }, ops]),
    ...(walk.assertions ?? []).map((ops, i): [Stop, typeof ops] => [{ assertion: i + 1 }, ops]),
  ];
  for (const [stop, ops] of parts) {
    try {
      for (const op of ops) await runOp(app, op, fresh);
    } catch (err) {
      return { stop, error: (err as Error).message };
    }
  }
  return { stop: null };
}

const label = (s: Stop | null) => (s === null ? 'passed' : 'step' in s ? `step ${s.step}` : `assertion ${s.assertion}`);
const expectedStop = (e: ExpectedOutcome): Stop | null => (e === 'passed' ? null : e.fails_at);

const pkg = set.app.spec.packageName;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `simdeck-${appName}-walks-`));

/** Walks `cases` on a fresh virtual phone with the app built from `model`. */
async function walkAll(model: Buffer, cases: Array<{ c: BenchCase; walk: Walk }>): Promise<Map<string, Outcome>> {
  const apk = await buildVirtualApk(set.app.spec, path.join(tmp, `${Math.random().toString(36).slice(2)}.apk`), model);
  const app = await openVirtualApp({ packagePath: apk, packageName: pkg });
  try {
    const out = new Map<string, Outcome>();
    for (const { c, walk } of cases) out.set(c.name, await walkOn(app, pkg, walk));
    return out;
  } finally {
    await app.close();
  }
}

const filter = filterArg?.toLowerCase();
const pairs = pair(set.cases).filter(({ c }) => !filter || c.name.toLowerCase().includes(filter));
const problems: string[] = [];
const rowsOut: string[][] = [];
try {
  const correctOn = await walkAll(appModel(set.app, 'correct'), pairs);
  const buggyOn = await walkAll(appModel(set.app, 'buggy'), pairs);
  const correctModel = JSON.parse(appModel(set.app, 'correct').toString('utf8'));
  /** Per bug: the cases that expect it, walked with that bug alone. */
  const aloneOn = new Map<string, Map<string, Outcome>>();
  for (const bug of set.bugs) {
    const expecting = pairs.filter(({ c }) => {
      const e = set.expectations[c.name]?.buggy;
      return e && e !== 'passed' && e.bug === bug.id;
    });
    if (expecting.length > 0)
      aloneOn.set(bug.id, await walkAll(Buffer.from(JSON.stringify(plantBugs(correctModel, [bug]))), expecting));
  }
  for (const { c } of pairs) {
    const e = set.expectations[c.name];
    if (!e) {
      problems.push(`"${c.name}": no expectation`);
      continue;
    }
    const correct = correctOn.get(c.name)!;
    const buggy = buggyOn.get(c.name)!;
    const want = expectedStop(e.buggy);
    const bugId = e.buggy === 'passed' ? undefined : e.buggy.bug;
    const alone = bugId ? aloneOn.get(bugId)?.get(c.name) : undefined;
    if (correct.stop !== null)
      problems.push(`"${c.name}" on the correct build: ${label(correct.stop)}: ${correct.error}`);
    if (label(buggy.stop) !== label(want))
      problems.push(
        `"${c.name}" on the buggy build: ${label(buggy.stop)} (${buggy.error ?? ''}), expected ${label(want)}`,
      );
    if (alone && label(alone.stop) !== label(want))
      problems.push(`"${c.name}" with ${bugId} alone: ${label(alone.stop)}, expected ${label(want)}`);
    rowsOut.push([c.name.slice(0, 70), label(correct.stop), label(buggy.stop), bugId ?? '', buggy.error ?? '']);
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
for (const r of rowsOut) console.log(r.join(' | '));
const pictured = pairs
  .flatMap(({ walk }) => [...walk.steps, ...(walk.assertions ?? [])].flat())
  .filter((o) => 'pictured' in o);
console.log(`\n${pairs.length} cases walked; ${pictured.length} checks seen only on the rendered screens (pictured)`);
if (problems.length > 0) {
  console.log(`\n${problems.length} problem(s):\n${problems.join('\n')}`);
  process.exitCode = 1;
} else console.log('every walk agrees with expectations.json');
