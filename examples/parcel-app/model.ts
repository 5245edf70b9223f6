/**
 * Shipwise, a parcel delivery app for tracking parcels on their way, sending parcels and managing
 * addresses and delivery preferences, as a simdeck app model. `simdeck-app.json` beside this file
 * is generated from these sources (the quote's prices are spelled out case by case):
 *   npx tsx examples/parcel-app/model.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AppModel } from '../../src/virtual/app-model';
import { compactJson } from '../model-parts';
import { SAFE_PLACES, SIZES, initialState } from './data';
import { FRESH_SEND, quote } from './parts';
import { parcelAppScreens } from './screens';

export const PARCEL_MODEL_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), 'simdeck-app.json');

export function parcelModel(): AppModel {
  return {
    name: 'Shipwise',
    color: '#e8590c',
    state: {
      ...initialState(),
      ...FRESH_SEND,
      ...quote(SIZES[1], 1, false),
      safe_label: SAFE_PLACES[0].label,
    },
    initialScreen: 'signin',
    launchRules: [{ if: { var: 'signed_in', equals: true }, screen: 'home' }],
    screens: parcelAppScreens,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  fs.writeFileSync(PARCEL_MODEL_PATH, `${compactJson(parcelModel())}\n`);
  console.log(`written ${PARCEL_MODEL_PATH}`);
}
