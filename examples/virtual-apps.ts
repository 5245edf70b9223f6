import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BANK_APP, BANK_BUGS_PATH, BANK_MODEL_PATH } from './build-bank-app';
import { CINEMA_APP, CINEMA_BUGS_PATH, CINEMA_MODEL_PATH } from './build-cinema-app';
import { CLINIC_APP, CLINIC_BUGS_PATH, CLINIC_MODEL_PATH } from './build-clinic-app';
import { FOOD_APP, FOOD_BUGS_PATH, FOOD_MODEL_PATH } from './build-food-app';
import { GYM_APP, GYM_BUGS_PATH, GYM_MODEL_PATH } from './build-gym-app';
import { HOME_APP, HOME_BUGS_PATH, HOME_MODEL_PATH } from './build-home-app';
import { PARCEL_APP, PARCEL_BUGS_PATH, PARCEL_MODEL_PATH } from './build-parcel-app';
import { SAMPLE_APP, SAMPLE_MODEL_PATH } from './build-sample-app';
import { TASKS_APP, TASKS_BUGS_PATH, TASKS_MODEL_PATH } from './build-tasks-app';
import { TRAVEL_APP, TRAVEL_BUGS_PATH, TRAVEL_MODEL_PATH } from './build-travel-app';
import { buggyModelBytes, readPlantedBugs, type PlantedBug } from './planted-bugs';
import { buildVirtualApk, buildVirtualIosZip, type VirtualAppSpec } from './virtual-app-package';

/** The example apps by name, each with its model and its planted bugs, for benchmarks and tooling. */
export interface ExampleApp {
  name: string;
  spec: VirtualAppSpec;
  modelPath: string;
  bugsPath: string;
  /** A walk through every screen (`tour.json`), for rendering them. */
  tourPath: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));

export const EXAMPLE_APPS: Record<string, ExampleApp> = {
  sample: {
    name: 'sample',
    spec: SAMPLE_APP,
    modelPath: SAMPLE_MODEL_PATH,
    bugsPath: path.join(here, 'sample-app', 'bugs.json'),
    tourPath: path.join(here, 'sample-app', 'tour.json'),
  },
  travel: {
    name: 'travel',
    spec: TRAVEL_APP,
    modelPath: TRAVEL_MODEL_PATH,
    bugsPath: TRAVEL_BUGS_PATH,
    tourPath: path.join(here, 'travel-app', 'tour.json'),
  },
  tasks: {
    name: 'tasks',
    spec: TASKS_APP,
    modelPath: TASKS_MODEL_PATH,
    bugsPath: TASKS_BUGS_PATH,
    tourPath: path.join(here, 'tasks-app', 'tour.json'),
  },
  bank: {
    name: 'bank',
    spec: BANK_APP,
    modelPath: BANK_MODEL_PATH,
    bugsPath: BANK_BUGS_PATH,
    tourPath: path.join(here, 'bank-app', 'tour.json'),
  },
  clinic: {
    name: 'clinic',
    spec: CLINIC_APP,
    modelPath: CLINIC_MODEL_PATH,
    bugsPath: CLINIC_BUGS_PATH,
    tourPath: path.join(here, 'clinic-app', 'tour.json'),
  },
  food: {
    name: 'food',
    spec: FOOD_APP,
    modelPath: FOOD_MODEL_PATH,
    bugsPath: FOOD_BUGS_PATH,
    tourPath: path.join(here, 'food-app', 'tour.json'),
  },
  home: {
    name: 'home',
    spec: HOME_APP,
    modelPath: HOME_MODEL_PATH,
    bugsPath: HOME_BUGS_PATH,
    tourPath: path.join(here, 'home-app', 'tour.json'),
  },
  cinema: {
    name: 'cinema',
    spec: CINEMA_APP,
    modelPath: CINEMA_MODEL_PATH,
    bugsPath: CINEMA_BUGS_PATH,
    tourPath: path.join(here, 'cinema-app', 'tour.json'),
  },
  gym: {
    name: 'gym',
    spec: GYM_APP,
    modelPath: GYM_MODEL_PATH,
    bugsPath: GYM_BUGS_PATH,
    tourPath: path.join(here, 'gym-app', 'tour.json'),
  },
  parcel: {
    name: 'parcel',
    spec: PARCEL_APP,
    modelPath: PARCEL_MODEL_PATH,
    bugsPath: PARCEL_BUGS_PATH,
    tourPath: path.join(here, 'parcel-app', 'tour.json'),
  },
};

export function exampleApp(name: string): ExampleApp {
  const app = EXAMPLE_APPS[name];
  if (!app) throw new Error(`no example app "${name}" (known: ${Object.keys(EXAMPLE_APPS).join(', ')})`);
  return app;
}

export function appBugs(app: ExampleApp): PlantedBug[] {
  return readPlantedBugs(app.bugsPath);
}

/** The model file's bytes for the correct build, or the model with its planted bugs. */
export function appModel(app: ExampleApp, variant: 'correct' | 'buggy'): Buffer {
  return variant === 'correct' ? fs.readFileSync(app.modelPath) : buggyModelBytes(app.modelPath, app.bugsPath);
}

/** Builds the app's APK (`.apk`) or iOS bundle zip (`.zip`), as `outPath` ends. */
export function buildExampleApp(app: ExampleApp, variant: 'correct' | 'buggy', outPath: string): Promise<string> {
  const model = appModel(app, variant);
  return outPath.endsWith('.apk')
    ? buildVirtualApk(app.spec, outPath, model)
    : buildVirtualIosZip(app.spec, outPath, model);
}
