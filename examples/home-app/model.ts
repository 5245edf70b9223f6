/**
 * Homely, a smart-home app for a household's lights, heating, plugs, scenes and schedules, as a
 * simdeck app model. `simdeck-app.json` beside this file is generated from these sources:
 *   npx tsx examples/home-app/model.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AppModel } from '../../src/virtual/app-model';
import { compactJson } from '../model-parts';
import { SCENES, initialState } from './data';
import { initialLabels } from './parts';
import { homeAppScreens } from './screens';

export const HOME_MODEL_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), 'simdeck-app.json');

export function homeModel(): AppModel {
  const state = initialState();
  return {
    name: 'Homely',
    color: '#0b7285',
    state: { ...state, ...initialLabels(state), scene_count: SCENES.length, as_notify: true },
    initialScreen: 'signin',
    launchRules: [{ if: { var: 'signed_in', equals: true }, screen: 'home' }],
    screens: homeAppScreens,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  fs.writeFileSync(HOME_MODEL_PATH, `${compactJson(homeModel())}\n`);
  console.log(`written ${HOME_MODEL_PATH}`);
}
