/**
 * Scores the free step interpreter on the evaluation corpus: which lines it understands as the
 * intent they are labelled with, which it misreads (understood as another intent) and which it
 * refuses. `out_of_scope` lines are right when refused.
 *
 *   npx tsx bench/interpreter/corpus/score.ts [dev|heldout] [--misses intent] [--json]
 *
 * Only dev is for tuning; held-out is measured, never read while changing the interpreter.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readStepIntent } from '../../../src/modules/engine';

interface Line {
  id: string;
  text: string;
  kind: 'step' | 'check';
  intent: string;
}

/** Labels the interpreter's reading may give for a labelled intent, beside the label itself. */
const ALSO_RIGHT: Record<string, string[]> = {
  tap: ['navigate', 'select'],
  navigate: ['tap'],
  select: ['tap'],
  scroll: ['swipe'],
  swipe: ['scroll'],
  key: ['tap', 'back', 'home'],
  back: ['key'],
  home: ['key'],
  check_text: ['check_value'],
  check_value: ['check_text'],
  check_visible: ['check_text'],
  restart_app: ['kill_app'],
  kill_app: ['restart_app'],
  toggle: ['toggle_on', 'toggle_off'],
  // The interpreter names opening a link by its device capability.
  open_link: ['open_url'],
};

function load(split: string): Line[] {
  const file = join(dirname(fileURLToPath(import.meta.url)), `${split}.jsonl`);
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Line);
}

interface Row {
  lines: number;
  understood: number;
  misread: number;
  refused: number;
}

function score(split: string, missesOf: string | null) {
  const rows = new Map<string, Row>();
  const misses: string[] = [];
  for (const line of load(split)) {
    const got = readStepIntent(line.text);
    const row = rows.get(line.intent) ?? { lines: 0, understood: 0, misread: 0, refused: 0 };
    rows.set(line.intent, row);
    row.lines++;
    const right =
      line.intent === 'out_of_scope'
        ? got === null
        : got !== null && (got === line.intent || (ALSO_RIGHT[line.intent] ?? []).includes(got));
    if (right) row.understood++;
    else if (got === null) row.refused++;
    else row.misread++;
    if (!right && (missesOf === line.intent || missesOf === 'all'))
      misses.push(`${line.id} [${line.intent} → ${got ?? 'refused'}] ${line.text}`);
  }
  return { rows, misses };
}

const args = process.argv.slice(2);
const split = args.find((a) => a === 'dev' || a === 'heldout') ?? 'dev';
const missesAt = args.indexOf('--misses');
const missesOf = missesAt >= 0 ? (args[missesAt + 1] ?? 'all') : null;
if (split === 'heldout' && missesOf) throw new Error('held-out lines are measured, not read: no --misses on heldout');
const { rows, misses } = score(split, missesOf);
const total = { lines: 0, understood: 0, misread: 0, refused: 0 };
const inScope = { lines: 0, understood: 0, misread: 0, refused: 0 };
const pct = (n: number, d: number) => (d === 0 ? '-' : `${((100 * n) / d).toFixed(1)} %`);
if (args.includes('--json')) {
  console.log(JSON.stringify(Object.fromEntries(rows), null, 1));
} else {
  console.log(`| intent (${split}) | lines | understood | misread | refused | share |`);
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const [intent, r] of [...rows].sort((a, b) => b[1].lines - a[1].lines)) {
    console.log(
      `| ${intent} | ${r.lines} | ${r.understood} | ${r.misread} | ${r.refused} | ${pct(r.understood, r.lines)} |`,
    );
    for (const k of ['lines', 'understood', 'misread', 'refused'] as const) {
      total[k] += r[k];
      if (intent !== 'out_of_scope') inScope[k] += r[k];
    }
  }
  console.log(
    `| **all** | ${total.lines} | ${total.understood} | ${total.misread} | ${total.refused} | ${pct(total.understood, total.lines)} |`,
  );
  console.log(
    `| in scope | ${inScope.lines} | ${inScope.understood} | ${inScope.misread} | ${inScope.refused} | ${pct(inScope.understood, inScope.lines)} |`,
  );
}
for (const m of misses) console.log(m);
