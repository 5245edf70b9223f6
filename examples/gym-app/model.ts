/**
 * Pulsefit, a gym chain's member app (class timetable and bookings, a workout log with a weekly goal,
 * membership, a club finder and settings), as a simdeck app model. `simdeck-app.json` beside this
 * file is generated from these sources:
 *   npx tsx examples/gym-app/model.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AppModel } from '../../src/virtual/app-model';
import { compactJson } from '../model-parts';
import { CLASSES, START_GOAL, initialState } from './data';
import { initialGoalLine, seedVars } from './parts';
import { gymScreens } from './screens';

export const GYM_MODEL_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), 'simdeck-app.json');

export function gymModel(): AppModel {
  const state = initialState();
  return {
    name: 'Pulsefit',
    color: '#d9480f',
    state: {
      ...state,
      ...Object.assign({}, ...CLASSES.map(seedVars)),
      goal_line: initialGoalLine(state.wk_done as number, START_GOAL),
    },
    initialScreen: 'signin',
    launchRules: [{ if: { var: 'signed_in', equals: true }, screen: 'classes' }],
    screens: gymScreens,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  fs.writeFileSync(GYM_MODEL_PATH, `${compactJson(gymModel())}\n`);
  console.log(`written ${GYM_MODEL_PATH}`);
}
