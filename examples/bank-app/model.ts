/**
 * Fernbank, a personal banking app, as a simdeck app model. `simdeck-app.json` beside this file is generated
 * from these sources (balances need arithmetic, which the model does not have):
 *   npx tsx examples/bank-app/model.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AppModel } from '../../src/virtual/app-model';
import { initialState } from './data';
import { compactJson } from '../model-parts';
import { bankScreens } from './screens';

export const BANK_MODEL_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), 'simdeck-app.json');

export function bankModel(): AppModel {
  return {
    name: 'Fernbank',
    color: '#1f7a5a',
    state: initialState(),
    initialScreen: 'signin',
    launchRules: [{ if: { var: 'signed_in', equals: true }, screen: 'passcode' }],
    screens: bankScreens,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  fs.writeFileSync(BANK_MODEL_PATH, `${compactJson(bankModel())}\n`);
  console.log(`written ${BANK_MODEL_PATH}`);
}
