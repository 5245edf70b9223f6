/**
 * Judges the interpreter's checks without running the engine: walks every case of an app set by
 * element id (its `walks/`) on a virtual phone, on the correct and the buggy build, and at every
 * assertion, and every step the interpreter reads as a check, judges it on the screen the walk has
 * reached (scrolling as a run would when a check fails on what may be scrolled away). A line is
 * wrong when it does not pass where the case should pass, or does not fail at the step or
 * assertion the case is expected to stop at on the buggy build. Seconds instead of a full run, and
 * every check of a case is judged, not only those before its first failing step.
 *   npx tsx bench/interpreter/walks/judge.ts <app> [part of a case name]     (JUDGE_ALL=1 prints right lines too)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ScreenInfo } from '../../../src/worker/driver';
import {
  assertionCheck,
  checkReveal,
  interpretAssertion,
  interpretStep,
  isSatisfied,
  judgeCheck,
  parseStep,
  reversed,
  type CheckResolution,
  type Observation,
  type Resolution,
  type ScrollUntilPlan,
} from '../../../src/modules/engine/steps/interpreter';
import { appModel } from '../../../examples/virtual-apps';
import { buildVirtualApk } from '../../../examples/virtual-app-package';
import { type AppOnDevice, openVirtualApp } from '../../../test/virtual/app-driver';
import { APPS_DIR, readAppSet } from '../app-sets';
import { runOp, type Walk } from './ops';

const [appName, filterArg] = process.argv.slice(2);
if (!appName || !/^[a-z0-9-]+$/.test(appName)) {
  console.error('usage: npx tsx bench/interpreter/walks/judge.ts <app> [part of a case name]');
  process.exit(2);
}
const set = readAppSet(appName);
const walksIndex = path.join(APPS_DIR, appName, 'walks', 'index.ts');
if (!fs.existsSync(walksIndex)) {
  console.error(`the app set ${appName} has no walks`);
  process.exit(2);
}
const WALKS: Walk[] = (await import(pathToFileURL(walksIndex).href)).walks;
const filter = filterArg?.toLowerCase();
const pkg = set.app.spec.packageName;

/** Drives a scroll plan on the phone as the engine does; true when it was met. */
async function runPlan(app: AppOnDevice, screen: ScreenInfo, plan: ScrollUntilPlan): Promise<boolean> {
  for (const swipe of plan.bothWays ? [plan.swipe, reversed(plan.swipe)] : [plan.swipe]) {
    let before = '';
    for (let i = 0; i <= plan.maxSwipes; i++) {
      const seen = { tree: await app.driver.uiTree(app.deviceId), screen };
      if (isSatisfied(plan, seen)) return true;
      const now = JSON.stringify(seen.tree);
      if (plan.toEnd && now === before) return true;
      if (i === plan.maxSwipes || now === before) break;
      before = now;
      await app.driver.input(app.deviceId, swipe);
    }
  }
  return false;
}

/** An assertion as the engine judges it: read again after a scroll when it failed on what may be scrolled away. */
async function judgeAssertion(app: AppOnDevice, text: string, obs: Observation): Promise<CheckResolution> {
  let r = interpretAssertion(text, obs);
  const retry = (c: CheckResolution) => (c.settled ? !c.passed : /^no element matches\b/.test(c.reason));
  let check = assertionCheck(text, obs);
  for (let tries = 0; check && tries < 3 && retry(r); tries++) {
    const reveal = checkReveal(check, obs);
    if (!reveal) break;
    check = reveal.rest;
    const met = await runPlan(app, obs.screen, reveal.plan);
    obs.tree = await app.driver.uiTree(app.deviceId);
    if (!met) break;
    r = judgeCheck(check, obs);
  }
  return r;
}

/** A check step as the engine carries it out: a scroll to what it reads passes it. */
async function judgeStep(app: AppOnDevice, r: Resolution, obs: Observation): Promise<string> {
  if (!r.settled) return `not settled: ${r.reason}`;
  if (r.kind === 'check') return r.passed ? 'passed' : `failed: ${r.reasoning}`;
  if (r.kind !== 'scroll_until') return `${r.kind}: ${r.reasoning}`;
  const met = await runPlan(app, obs.screen, r.plan);
  if (met) return 'passed';
  return r.notFound ? `not settled: ${r.notFound}` : `failed: ${r.checkFailed ?? r.reasoning}`;
}

let wrong = 0;
let judged = 0;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `simdeck-${appName}-judge-`));
try {
  for (const build of ['correct', 'buggy'] as const) {
    const apk = await buildVirtualApk(set.app.spec, path.join(tmp, `${build}.apk`), appModel(set.app, build));
    const app = await openVirtualApp({ packagePath: apk, packageName: pkg });
    const screen = await app.driver.rotate(app.deviceId, 0);
    const fresh = async () => {
      await app.driver.terminate(app.deviceId, pkg);
      await app.driver.launch(app.deviceId, pkg);
    };
    try {
      for (const [ci, c] of set.cases.entries()) {
        const walk = WALKS[ci]!;
        if (filter && !c.name.toLowerCase().includes(filter)) continue;
        const e = set.expectations[c.name];
        const stop = build === 'correct' || !e || e.buggy === 'passed' ? null : e.buggy.fails_at;
        await app.driver.clearData(app.deviceId, pkg);
        await fresh();
        const parts = [
          ...c.steps.map((text, i) => ({
            text,
            at: `s${i + 1}`,
            ops: walk.steps[i]!,
            assertion: false,
            key: { step: i + 1 },
          })),
          ...(c.assertions ?? []).map((text, i) => ({
            text,
            at: `a${i + 1}`,
            ops: walk.assertions![i]!,
            assertion: true,
            key: { assertion: i + 1 },
          })),
        ];
        for (const p of parts) {
          const mustFail = stop !== null && JSON.stringify(stop) === JSON.stringify(p.key);
          const obs: Observation = { tree: await app.driver.uiTree(app.deviceId), screen };
          const parsed = parseStep(p.text);
          if (p.assertion || (parsed.understood && parsed.intent.kind === 'check')) {
            judged++;
            const said = p.assertion
              ? await judgeAssertion(app, p.text, obs).then((r) =>
                  !r.settled ? `not settled: ${r.reason}` : r.passed ? 'passed' : `failed: ${r.reasoning}`,
                )
              : await judgeStep(app, interpretStep(p.text, obs), obs);
            const ok = mustFail ? said.startsWith('failed') || said.startsWith('not settled') : said === 'passed';
            if (!ok) wrong++;
            if (!ok || process.env.JUDGE_ALL)
              console.log(
                `${ok ? '  ' : 'XX'} ${build.padEnd(7)} ${String(ci + 1).padStart(3)} ${p.at.padEnd(4)} ${mustFail ? '(must fail) ' : ''}${p.text.slice(0, 90)} | ${said.slice(0, 200)}`,
              );
          }
          try {
            for (const op of p.ops) await runOp(app, op, fresh);
          } catch (err) {
            if (!mustFail) console.log(`!! ${build} "${c.name}" ${p.at}: the walk stopped: ${(err as Error).message}`);
            break;
          }
        }
      }
    } finally {
      await app.close();
    }
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
console.log(`\n${wrong} wrong of ${judged} checks and assertions judged`);
process.exitCode = wrong > 0 ? 1 : 0;
