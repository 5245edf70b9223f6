/**
 * Reads steps with the interpreter on a virtual phone running an example app, and prints what
 * each clause settles to: for tuning on an app set's dev cases without the whole bench.
 *
 *   npx tsx bench/interpreter/try-steps.ts <app> "<step>" ["<step>" …]   (a step starting "=" is an assertion;
 *   "?tree" prints the screen, "?ids" with each element's id)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildExampleApp, exampleApp } from '../../examples/virtual-apps';
import { interpretAssertion, interpretStep } from '../../src/modules/engine';
import { isSatisfied, reversed } from '../../src/modules/engine/steps/interpreter';
import { openVirtualApp } from '../../test/virtual/app-driver';

const [name, ...steps] = process.argv.slice(2);
const example = exampleApp(name ?? 'travel');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-try-'));
const pkg = await buildExampleApp(example, 'correct', path.join(tmp, `${example.name}.apk`));
const app = await openVirtualApp({ packagePath: pkg, packageName: example.spec.packageName });
const { driver, deviceId } = app;
const screen = { width: 393, height: 852, rotation: 0 as const, scale: 1 };
const observe = async () => ({ tree: await driver.uiTree(deviceId), screen });
const settle = () => new Promise((r) => setTimeout(r, 150));
try {
  for (const step of steps) {
    if (step.startsWith('=')) {
      const r = interpretAssertion(step.slice(1), await observe());
      console.log(
        `= ${step.slice(1)}\n    ${r.settled ? `${r.passed ? 'PASS' : 'FAIL'} ${r.reasoning}` : `NOT SETTLED ${r.reason}`}`,
      );
      continue;
    }
    if (step === '?tree' || step === '?ids') {
      type Shown = { role: string; text: string | null; id?: string; enabled?: boolean; children: unknown[] };
      const walk = (n: Shown, d: number): void => {
        const more = step === '?ids' ? ` #${n.id ?? ''}${n.enabled === false ? ' (disabled)' : ''}` : '';
        console.log(`${'  '.repeat(d)}${n.role} ${n.text ?? ''}${more}`);
        for (const c of n.children) walk(c as never, d + 1);
      };
      walk((await observe()).tree as never, 0);
      continue;
    }
    let text: string | undefined = step;
    console.log(`- ${step}`);
    const previous = steps
      .slice(0, steps.indexOf(step))
      .filter((t) => !/^[=?]/.test(t))
      .at(-1);
    for (let i = 0; text && i < 40; i++) {
      const r = interpretStep(text, await observe(), i === 0 ? previous : undefined);
      if (!r.settled) {
        console.log(`    NOT SETTLED ${r.reason}`);
        break;
      }
      console.log(`    ${r.kind}: ${r.reasoning}${r.then ? `  → then "${r.then}"` : ''}`);
      if (r.kind === 'actions')
        for (const a of r.actions) {
          if (a.op === 'input') await driver.input(deviceId, a.event);
          else if (a.op === 'back') await driver.input(deviceId, { kind: 'key', key: 'BACK' });
          else if (a.op === 'relaunch' || a.op === 'terminate')
            await driver.terminate(deviceId, example.spec.packageName);
          if (a.op === 'relaunch' || a.op === 'launch') await driver.launch(deviceId, example.spec.packageName);
        }
      if (r.kind === 'scroll_until') {
        const plan = r.plan;
        let met = false;
        for (const swipe of plan.bothWays ? [plan.swipe, reversed(plan.swipe)] : [plan.swipe]) {
          let before = '';
          for (let k = 0; k <= plan.maxSwipes && !met; k++) {
            const seen = await observe();
            if (isSatisfied(plan, seen)) met = true;
            const now = JSON.stringify(seen.tree);
            // A plan to the end is met when the content stops moving, as the runner has it.
            if (plan.toEnd && now === before) met = true;
            if (met || now === before) break;
            before = now;
            await driver.input(deviceId, swipe);
            await settle();
          }
        }
        if (!met) {
          console.log('    TARGET NEVER SHOWN');
          break;
        }
      }
      if (r.kind === 'check' && !r.passed) break;
      await settle();
      text = r.then;
    }
  }
} finally {
  await app.close();
}
