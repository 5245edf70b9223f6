/**
 * Reelhouse, a cinema ticket app, as a simdeck app model. `simdeck-app.json` beside this file is
 * generated from these sources (money and search terms are spelled out case by case):
 *   npx tsx examples/cinema-app/model.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AppModel } from '../../src/virtual/app-model';
import { compactJson } from '../model-parts';
import { initialState } from './data';
import { cinemaScreens } from './screens';

export const CINEMA_MODEL_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), 'simdeck-app.json');

export function cinemaModel(): AppModel {
  return {
    name: 'Reelhouse',
    color: '#7b2cbf',
    state: initialState(),
    initialScreen: 'signin',
    launchRules: [{ if: { var: 'signed_in', equals: true }, screen: 'home' }],
    screens: cinemaScreens,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  fs.writeFileSync(CINEMA_MODEL_PATH, `${compactJson(cinemaModel())}\n`);
  console.log(`written ${CINEMA_MODEL_PATH}`);
}
