/**
 * What the example apps' tests share: a temporary directory, a way to open a model on a fresh
 * virtual phone and walk steps there, a build with one planted bug, and the tests every example
 * app passes (its model, its packages, its planted bugs and where its tour catches them).
 * Each app's own file keeps its data (screens, bugs, steps) and its own checks.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { plantBugs } from '../../examples/planted-bugs';
import { buildVirtualApk } from '../../examples/virtual-app-package';
import { appBugs, appModel, buildExampleApp, type ExampleApp, exampleApp } from '../../examples/virtual-apps';
import { readDevicePackage } from '../../src/packages/device-package';
import { DEFAULT_PACKAGE_LIMITS } from '../../src/packages/package-limits';
import { type AppModel, parseAppModel } from '../../src/virtual/app-model';
import { type AppOnDevice, openVirtualApp } from '../virtual/app-driver';
import { readTour, runTour, type TourStep } from '../virtual/app-tour';
import { findAll } from '../virtual/ui';

export interface ExampleAppHarness {
  app: ExampleApp;
  /** The model as the app's sources generate it. */
  model: () => AppModel;
  /** A directory of this test file's own, removed after its tests. */
  tmp: string;
  /** Opens `model` on a fresh virtual phone. */
  open(model: Buffer): Promise<AppOnDevice>;
  /** Walks `steps` (the tour, unless told) on a fresh virtual phone running `model`. */
  walk(model: Buffer, steps?: TourStep[]): Promise<void>;
  /** The model with the one planted bug `id`. */
  withBug(id: string): Buffer;
  /** After `steps`, the ids matching `pattern` on the screen, top to bottom. */
  rowIds(model: Buffer, steps: TourStep[], pattern: RegExp): Promise<string[]>;
}

/** The ids of the elements on screen whose id matches `pattern`, top to bottom, scrolling to the end. */
export async function idsOnScreen(device: AppOnDevice, pattern: RegExp): Promise<string[]> {
  await device.scrollToTop();
  const ids: string[] = [];
  for (let page = 0; page < 6; page++) {
    for (const n of findAll(await device.tree(), (node) => pattern.test(node.id ?? '')))
      if (!ids.includes(n.id!)) ids.push(n.id!);
    if (!(await device.scrollDown())) break;
  }
  return ids;
}

/** The example app `key` (a name of `EXAMPLE_APPS`) with `model`, its sources' model; call at a test file's top. */
export function exampleAppHarness(key: string, model: () => AppModel): ExampleAppHarness {
  const app = exampleApp(key);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `simdeck-${key}-app-`));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  async function open(bytes: Buffer): Promise<AppOnDevice> {
    const apk = path.join(tmp, `${key}-${Math.random().toString(36).slice(2, 8)}.apk`);
    await buildVirtualApk(app.spec, apk, bytes);
    return openVirtualApp({ packagePath: apk, packageName: app.spec.packageName });
  }

  async function walk(bytes: Buffer, steps: TourStep[] = readTour(app.tourPath)): Promise<void> {
    const device = await open(bytes);
    try {
      await runTour(device, steps);
    } finally {
      await device.close();
    }
  }

  function withBug(id: string): Buffer {
    const bug = appBugs(app).find((b) => b.id === id);
    if (!bug) throw new Error(`the ${key} app plants no bug "${id}"`);
    return Buffer.from(JSON.stringify(plantBugs(model(), [bug])));
  }

  async function rowIds(bytes: Buffer, steps: TourStep[], pattern: RegExp): Promise<string[]> {
    const device = await open(bytes);
    try {
      await runTour(device, steps);
      return await idsOnScreen(device, pattern);
    } finally {
      await device.close();
    }
  }

  return { app, model, tmp, open, walk, withBug, rowIds };
}

/** The committed model is what the sources generate, is valid, has exactly `screens`, and fits a package built either way. */
export function itShipsItsModel(h: ExampleAppHarness, screens: string[]): void {
  it('ships the model its sources generate, and the model is valid and fits a package', () => {
    const committed = fs.readFileSync(h.app.modelPath, 'utf8');
    expect(JSON.parse(committed)).toEqual(h.model());
    expect(Object.keys(parseAppModel(committed).screens).sort()).toEqual([...screens].sort());
    for (const variant of ['correct', 'buggy'] as const)
      expect(appModel(h.app, variant).length).toBeLessThan(DEFAULT_PACKAGE_LIMITS.maxAppModelBytes);
  });
}

/** What the package reader must find in the app's APK and iOS bundle zip, and one screen's title in their model. */
export interface PackageExpectations {
  name: string;
  version: string;
  screen: string;
  title: string;
}

export function itBuildsReadablePackages(h: ExampleAppHarness, want: PackageExpectations): void {
  it('builds packages that the package reader reads with their model', async () => {
    for (const [file, platform] of [
      [`${want.name.toLowerCase()}.apk`, 'android'],
      [`${want.name}.app.zip`, 'ios'],
    ] as const) {
      const built = await buildExampleApp(h.app, 'correct', path.join(h.tmp, file));
      const info = await readDevicePackage(built, platform);
      expect(info).toMatchObject({
        platform,
        packageName: h.app.spec.packageName,
        name: want.name,
        version: want.version,
      });
      expect(info.model?.screens[want.screen]?.title).toBe(want.title);
    }
  });
}

export interface PlantedBugExpectations {
  /** How many bugs, in words, as the test's name says it ("eight"). */
  count: string;
  /** Where the tour, walked on a build with one planted bug, must stop. */
  caughtAt: Record<string, TourStep>;
  /** Bugs the tour cannot see, each checked by the app's own tests. */
  others?: string[];
  /** Which step of the tour like the one in `caughtAt` the tour stops at: the first (unless told) or the last. */
  stopsAt?: 'first' | 'last';
}

/** The app plants exactly the bugs named, each on a screen of the app, and the tour stops where each of `caughtAt` shows. */
export function itPlantsBugsTheTourCatches(h: ExampleAppHarness, want: PlantedBugExpectations): void {
  it(`plants ${want.count} bugs, each on a screen of the app, and all of them together still make a valid model`, () => {
    const bugs = appBugs(h.app);
    expect(bugs.map((b) => b.id).sort()).toEqual([...Object.keys(want.caughtAt), ...(want.others ?? [])].sort());
    for (const b of bugs) expect(Object.keys(h.model().screens)).toContain(b.screen);
    expect(() => parseAppModel(appModel(h.app, 'buggy').toString('utf8'))).not.toThrow();
  });

  it.each(Object.entries(want.caughtAt))('the bug %s stops the tour where it shows', async (id, step) => {
    const tour = readTour(h.app.tourPath);
    const like = (s: TourStep) => JSON.stringify(s) === JSON.stringify(step);
    const at = want.stopsAt === 'last' ? tour.findLastIndex(like) : tour.findIndex(like);
    expect(at).toBeGreaterThanOrEqual(0);
    await expect(h.walk(h.withBug(id))).rejects.toThrow(`tour step ${at + 1} ${JSON.stringify(step)}:`);
  });
}
