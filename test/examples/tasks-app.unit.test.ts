import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TASKS_APP } from '../../examples/build-tasks-app';
import { plantBugs } from '../../examples/planted-bugs';
import { TASKS_MODEL_PATH, tasksModel } from '../../examples/tasks-app/model';
import { appBugs, appModel, buildExampleApp, exampleApp } from '../../examples/virtual-apps';
import { buildVirtualApk } from '../../examples/virtual-app-package';
import { readDevicePackage } from '../../src/packages/device-package';
import { DEFAULT_PACKAGE_LIMITS } from '../../src/packages/package-limits';
import { parseAppModel } from '../../src/virtual/app-model';
import { openVirtualApp } from '../virtual/app-driver';
import { readTour, runTour, type TourStep } from '../virtual/app-tour';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-tasks-app-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const tasks = exampleApp('tasks');

/** Walks the tour on a fresh virtual phone running `model`. */
async function tour(model: Buffer): Promise<void> {
  const apk = path.join(tmp, `tasks-${Math.random().toString(36).slice(2, 8)}.apk`);
  await buildVirtualApk(tasks.spec, apk, model);
  const device = await openVirtualApp({ packagePath: apk, packageName: tasks.spec.packageName });
  try {
    await runTour(device, readTour(tasks.tourPath));
  } finally {
    await device.close();
  }
}

describe('the to-do app (Tickwise)', () => {
  it('ships the model its sources generate, and the model is valid and fits a package', () => {
    const committed = fs.readFileSync(TASKS_MODEL_PATH, 'utf8');
    expect(JSON.parse(committed)).toEqual(tasksModel());
    const model = parseAppModel(committed);
    expect(Object.keys(model.screens).sort()).toEqual(
      [
        'pick-due',
        'pick-priority',
        'pick-project',
        'profile',
        'project',
        'projects',
        'search',
        'settings',
        'signin',
        'task',
        'task-form',
        'tasks',
      ].sort(),
    );
    for (const variant of ['correct', 'buggy'] as const)
      expect(appModel(tasks, variant).length).toBeLessThan(DEFAULT_PACKAGE_LIMITS.maxAppModelBytes);
  });

  it('builds packages that the package reader reads with their model', async () => {
    for (const [file, platform] of [
      ['tickwise.apk', 'android'],
      ['Tickwise.app.zip', 'ios'],
    ] as const) {
      const built = await buildExampleApp(tasks, 'correct', path.join(tmp, file));
      const info = await readDevicePackage(built, platform);
      expect(info).toMatchObject({ platform, packageName: TASKS_APP.packageName, name: 'Tickwise', version: '2.3.0' });
      expect(info.model?.screens.tasks?.title).toBe('Tasks');
    }
  });

  it('signs in, adds, edits, completes, deletes, searches and keeps settings as its tour says', async () => {
    await tour(appModel(tasks, 'correct'));
  });

  /** Where the tour, walked on a build with one planted bug, must stop (the last step of the tour like it). */
  const CAUGHT_AT: Record<string, TourStep> = {
    'wrong-password-message': { check: 'signin-error', text: 'Email or password is incorrect' },
    'undo-renamed': { check: 'undo-complete', text: 'Mark as not done' },
    'complete-keeps-count': { check: 'tasks-left', text: '9 tasks left' },
    'passport-missing-upcoming': { check: 'task-9', text: 'Renew passport' },
    'delete-does-nothing': { check: 'tasks-notice', text: 'Task deleted' },
    'errands-count-off': { check: 'project-count', text: '3 open tasks' },
    'dark-mode-springs-back': { check: 'dark-mode', on: true },
  };

  it('plants seven bugs, each on a screen of the app, and all of them together still make a valid model', () => {
    const bugs = appBugs(tasks);
    expect(bugs.map((b) => b.id).sort()).toEqual(Object.keys(CAUGHT_AT).sort());
    for (const b of bugs) expect(Object.keys(tasksModel().screens)).toContain(b.screen);
    expect(() => parseAppModel(appModel(tasks, 'buggy').toString('utf8'))).not.toThrow();
  });

  it.each(Object.entries(CAUGHT_AT))('the bug %s stops the tour where it shows', async (id, step) => {
    const bug = appBugs(tasks).find((b) => b.id === id)!;
    const model = Buffer.from(JSON.stringify(plantBugs(tasksModel(), [bug])));
    const at = readTour(tasks.tourPath).findLastIndex((s) => JSON.stringify(s) === JSON.stringify(step));
    expect(at).toBeGreaterThanOrEqual(0);
    await expect(tour(model)).rejects.toThrow(`tour step ${at + 1} ${JSON.stringify(step)}:`);
  });
});
