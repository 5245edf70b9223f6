/**
 * Tickwise, a to-do app, as a simdeck app model. `simdeck-app.json` beside this file is generated
 * from these sources (counts need arithmetic and tasks need slots, which the model does not have):
 *   npx tsx examples/tasks-app/model.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AppModel } from '../../src/virtual/app-model';
import { initialState } from './data';
import { moreScreens } from './screens-more';
import { taskScreens } from './screens-tasks';

export const TASKS_MODEL_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), 'simdeck-app.json');

export function tasksModel(): AppModel {
  return {
    name: 'Tickwise',
    color: '#3b6ef5',
    state: initialState(),
    initialScreen: 'signin',
    launchRules: [{ if: { var: 'signed_in', equals: true }, screen: 'tasks' }],
    screens: { ...moreScreens, ...taskScreens },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  fs.writeFileSync(TASKS_MODEL_PATH, `${JSON.stringify(tasksModel(), null, 2)}\n`);
  console.log(`written ${TASKS_MODEL_PATH}`);
}
