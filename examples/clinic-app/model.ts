/**
 * Carewell, a patient app for a clinic group, as a simdeck app model. `simdeck-app.json` beside this
 * file is generated from these sources (counts and the order of appointments are spelled out case by case):
 *   npx tsx examples/clinic-app/model.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AppModel } from '../../src/virtual/app-model';
import { compactJson } from '../model-parts';
import { initialState } from './data';
import { clinicScreens } from './screens';

export const CLINIC_MODEL_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), 'simdeck-app.json');

export function clinicModel(): AppModel {
  return {
    name: 'Carewell',
    color: '#2a6fb0',
    state: initialState(),
    initialScreen: 'signin',
    launchRules: [{ if: { var: 'signed_in', equals: true }, screen: 'home' }],
    screens: clinicScreens,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  fs.writeFileSync(CLINIC_MODEL_PATH, `${compactJson(clinicModel())}\n`);
  console.log(`written ${CLINIC_MODEL_PATH}`);
}
