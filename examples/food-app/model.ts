/**
 * Forkly, a food delivery app for local restaurants, as a simdeck app model. `simdeck-app.json` beside
 * this file is generated from these sources (money and search terms are spelled out case by case):
 *   npx tsx examples/food-app/model.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AppModel } from '../../src/virtual/app-model';
import { compactJson } from '../model-parts';
import { initialState } from './data';
import { foodScreens } from './screens';

export const FOOD_MODEL_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), 'simdeck-app.json');

export function foodModel(): AppModel {
  return {
    name: 'Forkly',
    color: '#e8590c',
    state: initialState(),
    initialScreen: 'signin',
    launchRules: [{ if: { var: 'signed_in', equals: true }, screen: 'home' }],
    screens: foodScreens,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  fs.writeFileSync(FOOD_MODEL_PATH, `${compactJson(foodModel())}\n`);
  console.log(`written ${FOOD_MODEL_PATH}`);
}
