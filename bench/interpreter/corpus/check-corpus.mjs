#!/usr/bin/env node
// Validates the interpreter evaluation corpus (dev.jsonl and heldout.jsonl beside this file) and prints
// per-intent counts. Plain Node, no dependencies: `node bench/interpreter/corpus/check-corpus.mjs`.
// Exits 1 when any line breaks the format described in README.md.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ACTIONS = [
  'tap',
  'double_tap',
  'long_press',
  'type',
  'clear',
  'select',
  'navigate',
  'toggle_on',
  'toggle_off',
  'toggle',
  'dialog_accept',
  'dialog_dismiss',
  'scroll',
  'swipe',
  'back',
  'home',
  'key',
  'hide_keyboard',
  'launch_app',
  'restart_app',
  'background_app',
  'kill_app',
  'wait',
  'wait_for',
  'open_link',
  'rotate',
  'composite',
];
const CHECKS = [
  'check_visible',
  'check_not_visible',
  'check_text',
  'check_value',
  'check_state',
  'check_screen',
  'check_count',
];
const OUT_OF_SCOPE = 'out_of_scope';
const INTENTS = [...ACTIONS, ...CHECKS, OUT_OF_SCOPE];
const FIELDS = ['id', 'text', 'kind', 'intent', 'target', 'value', 'parts', 'source', 'license'];
const SPLITS = ['dev', 'heldout'];

const dir = dirname(fileURLToPath(import.meta.url));
const errors = [];
const fail = (where, message) => errors.push(`${where}: ${message}`);
const isNullableString = (v) => v === null || typeof v === 'string';

function checkParts(where, parts) {
  if (!Array.isArray(parts) || parts.length < 2) {
    fail(where, 'a composite step needs parts: a list of at least two {intent, target, value}');
    return;
  }
  parts.forEach((part, i) => {
    const at = `${where} parts[${i}]`;
    if (part === null || typeof part !== 'object' || Array.isArray(part)) {
      fail(at, 'not an object');
      return;
    }
    const keys = Object.keys(part).sort().join(',');
    if (keys !== 'intent,target,value') fail(at, `keys must be intent, target, value (got ${keys})`);
    if (!ACTIONS.includes(part.intent) || part.intent === 'composite')
      fail(at, `intent must be an action (got ${part.intent})`);
    if (!isNullableString(part.target)) fail(at, 'target must be a string or null');
    if (!isNullableString(part.value)) fail(at, 'value must be a string or null');
  });
}

function checkRecord(where, rec) {
  const keys = Object.keys(rec);
  const missing = FIELDS.filter((f) => !keys.includes(f));
  const extra = keys.filter((k) => !FIELDS.includes(k));
  if (missing.length) fail(where, `missing fields: ${missing.join(', ')}`);
  if (extra.length) fail(where, `unknown fields: ${extra.join(', ')}`);
  if (typeof rec.id !== 'string' || !/^c\d{4,}$/.test(rec.id)) fail(where, `id must look like c0001 (got ${rec.id})`);
  if (typeof rec.text !== 'string' || rec.text.trim() === '') fail(where, 'text must be a non-empty string');
  else {
    if (rec.text !== rec.text.trim()) fail(where, 'text has leading or trailing spaces');
    if (/^(Given|When|Then|And|But)\s/.test(rec.text)) fail(where, 'text still starts with a Gherkin keyword');
    if (/<[A-Za-z_][\w ]*>/.test(rec.text)) fail(where, 'text still holds a <placeholder>');
  }
  if (!INTENTS.includes(rec.intent)) fail(where, `intent outside the closed set (got ${rec.intent})`);
  if (rec.kind !== 'step' && rec.kind !== 'check') fail(where, `kind must be step or check (got ${rec.kind})`);
  else if (ACTIONS.includes(rec.intent) && rec.kind !== 'step')
    fail(where, `an action intent (${rec.intent}) is a step`);
  else if (CHECKS.includes(rec.intent) && rec.kind !== 'check')
    fail(where, `a check intent (${rec.intent}) is a check`);
  if (!isNullableString(rec.target)) fail(where, 'target must be a string or null');
  if (!isNullableString(rec.value)) fail(where, 'value must be a string or null');
  if (rec.intent === 'composite') {
    checkParts(where, rec.parts);
    if (rec.target !== null || rec.value !== null) fail(where, 'a composite step keeps target and value in its parts');
  } else if (rec.parts !== null) fail(where, 'parts must be null unless the intent is composite');
  if (rec.intent === OUT_OF_SCOPE && (rec.target !== null || rec.value !== null)) {
    fail(where, 'an out_of_scope line has no target or value');
  }
  if (typeof rec.source !== 'string' || !/^(github:[^/\s]+\/[^/\s]+\/\S.*|https?:\/\/\S+)$/.test(rec.source)) {
    fail(where, `source must be github:owner/repo/path or a page address (got ${rec.source})`);
  }
  if (typeof rec.license !== 'string' || rec.license.trim() === '') fail(where, 'license must be a non-empty string');
}

const ids = new Map();
const sourcesBySplit = new Map();
const counts = new Map();
const totals = new Map();
for (const split of SPLITS) {
  const file = join(dir, `${split}.jsonl`);
  const lines = readFileSync(file, 'utf8').split('\n');
  if (lines.at(-1) === '') lines.pop();
  const sources = new Set();
  const tally = new Map();
  lines.forEach((line, i) => {
    const where = `${split}.jsonl:${i + 1}`;
    let rec;
    try {
      rec = JSON.parse(line);
    } catch (e) {
      fail(where, `not JSON (${e.message})`);
      return;
    }
    if (rec === null || typeof rec !== 'object' || Array.isArray(rec)) {
      fail(where, 'not a JSON object');
      return;
    }
    checkRecord(where, rec);
    if (ids.has(rec.id)) fail(where, `id ${rec.id} already used at ${ids.get(rec.id)}`);
    else ids.set(rec.id, where);
    sources.add(rec.source);
    const key = `${rec.intent}\t${rec.kind}`;
    tally.set(key, (tally.get(key) ?? 0) + 1);
  });
  sourcesBySplit.set(split, sources);
  counts.set(split, tally);
  totals.set(split, lines.length);
}
for (const source of sourcesBySplit.get('dev')) {
  if (sourcesBySplit.get('heldout').has(source)) fail('split', `source ${source} is in both dev and heldout`);
}

const keys = [...new Set(SPLITS.flatMap((s) => [...counts.get(s).keys()]))].sort((a, b) => {
  const [ia, ka] = a.split('\t');
  const [ib, kb] = b.split('\t');
  return INTENTS.indexOf(ia) - INTENTS.indexOf(ib) || ka.localeCompare(kb);
});
const rows = keys.map((k) => {
  const [intent, kind] = k.split('\t');
  const dev = counts.get('dev').get(k) ?? 0;
  const held = counts.get('heldout').get(k) ?? 0;
  return `| ${intent} | ${kind} | ${dev} | ${held} | ${dev + held} |`;
});
const dev = totals.get('dev');
const held = totals.get('heldout');
const oos = SPLITS.reduce(
  (n, s) => n + [...counts.get(s)].filter(([k]) => k.startsWith(`${OUT_OF_SCOPE}\t`)).reduce((m, [, c]) => m + c, 0),
  0,
);
console.log('| intent | kind | dev | heldout | total |');
console.log('| --- | --- | ---: | ---: | ---: |');
for (const row of rows) console.log(row);
console.log(`| **all** | | **${dev}** | **${held}** | **${dev + held}** |`);
console.log('');
console.log(
  `sources: ${sourcesBySplit.get('dev').size} files in dev, ${sourcesBySplit.get('heldout').size} in heldout; ` +
    `heldout share ${((100 * held) / (dev + held)).toFixed(1)}%; out_of_scope share ${((100 * oos) / (dev + held)).toFixed(1)}%`,
);
if (errors.length) {
  for (const e of errors.slice(0, 50)) console.error(e);
  console.error(`${errors.length} problem(s)`);
  process.exit(1);
}
console.log('ok: every line is valid');
