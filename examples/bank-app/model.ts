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
import { bankScreens } from './screens';

export const BANK_MODEL_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), 'simdeck-app.json');

/**
 * JSON indented like `JSON.stringify(v, null, 2)`, except that a value whose one-line form is
 * short stays on one line: the model's thousands of digit cases then take a line each.
 */
export function compactJson(value: unknown, indent = ''): string {
  const flat = JSON.stringify(value);
  if (flat.length + indent.length <= 160 || value === null || typeof value !== 'object') return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) return `[\n${value.map((v) => inner + compactJson(v, inner)).join(',\n')}\n${indent}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${compactJson(v, inner)}`).join(',\n')}\n${indent}}`;
}

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
