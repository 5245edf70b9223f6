import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASKS_APP } from '../../../../examples/build-tasks-app';
import { plantBugs } from '../../../../examples/planted-bugs';
import { appBugs, appModel, exampleApp } from '../../../../examples/virtual-apps';
import { buildVirtualApk } from '../../../../examples/virtual-app-package';
import { openVirtualApp, type AppOnDevice } from '../../../../test/virtual/app-driver';
import { sampleDeviceHandle } from './interpreter/sample-app-handle.fixture';
import { executeStep, type StepContext } from './step-runner';

/**
 * A switch step through the step runner on a virtual phone: the step passes only when the switch
 * ends in the state asked once the screen has settled. On a build whose switch turns itself off
 * again, "Turn on Dark mode" fails, though its tap landed.
 */

const tasks = exampleApp('tasks');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-switch-read-back-'));
const opened: AppOnDevice[] = [];

async function settingsOn(variant: 'correct' | 'springs-back'): Promise<AppOnDevice> {
  const model =
    variant === 'correct'
      ? appModel(tasks, 'correct')
      : Buffer.from(
          JSON.stringify(
            plantBugs(
              JSON.parse(appModel(tasks, 'correct').toString('utf8')),
              appBugs(tasks).filter((b) => b.id === 'dark-mode-springs-back'),
            ),
          ),
        );
  const apk = path.join(tmp, `${variant}.apk`);
  await buildVirtualApk(tasks.spec, apk, model);
  const app = await openVirtualApp({ packagePath: apk, packageName: TASKS_APP.packageName });
  opened.push(app);
  await app.type('email', 'sam@tickwise.test');
  await app.type('password', 'tickwise1');
  await app.tap('sign-in');
  await app.tap('tab-profile');
  await app.tap('open-settings');
  return app;
}

function contextFor(app: AppOnDevice): StepContext {
  return {
    device: sampleDeviceHandle(app),
    appPackage: TASKS_APP.packageName,
    signal: new AbortController().signal,
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    mode: 'ai',
    fuzzy: false,
    recording: [],
    source: null,
    runFlow: async () => ({ ok: false, error: 'no flows here', actions: [] }),
    agent: null,
    context: null,
  };
}

const step = (text: string) => ({ text, actionIndices: [], visual: undefined });
const darkMode = async (app: AppOnDevice) =>
  (await app.tree()).children
    .flatMap(function all(n): (typeof n)[] {
      return [n, ...n.children.flatMap(all)];
    })
    .find((n) => n.id === 'dark-mode')?.checked;

describe('a switch step is read back once the screen settles', () => {
  let correct: AppOnDevice;
  let buggy: AppOnDevice;
  beforeAll(async () => {
    [correct, buggy] = await Promise.all([settingsOn('correct'), settingsOn('springs-back')]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(opened.map((a) => a.close()));
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('passes when the switch stays on', async () => {
    const out = await executeStep(step('Turn on Dark mode'), 0, contextFor(correct));
    expect(out).toMatchObject({ status: 'passed', resolvedBy: 'interpreter', error: null });
    expect(await darkMode(correct)).toBe(true);
  });

  it('fails when the switch springs back off, though it was tapped', async () => {
    const out = await executeStep(step('Turn on Dark mode'), 0, contextFor(buggy));
    expect(out.status).toBe('failed');
    expect(out.actions.some((a) => a.type === 'tap')).toBe(true);
    expect(out.error).toMatch(/^Check failed: toggle "Dark mode" #dark-mode is off/);
    expect(await darkMode(buggy)).toBe(false);
  });
});
