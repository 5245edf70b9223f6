import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { exampleApp, appBugs, type ExampleApp } from '../../examples/virtual-apps';
import type { PlantedBug } from '../../examples/planted-bugs';

/**
 * The app sets the interpreter is measured on: `bench/interpreter/apps/<app>/` holds
 * `cases.json` (the test cases, written against the app as a person sees it) and
 * `expectations.json` (what each case should do on the correct build and on the buggy one).
 * `<app>` names an example app (`examples/virtual-apps.ts`), which brings its builds and bugs.
 */
export const APPS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'apps');

export const CaseSchema = z.strictObject({
  name: z.string().min(1).max(200),
  steps: z.array(z.string().min(1).max(2000)).min(1).max(200),
  assertions: z.array(z.string().min(1).max(2000)).max(50).optional(),
});
export type BenchCase = z.infer<typeof CaseSchema>;

/** Step and assertion numbers are 1-based, as run messages count them ("Step 3 failed"). */
const FailsAtSchema = z.union([
  z.strictObject({ step: z.number().int().min(1) }),
  z.strictObject({ assertion: z.number().int().min(1) }),
]);
export type FailsAt = z.infer<typeof FailsAtSchema>;

export const ExpectedOutcomeSchema = z.union([
  z.literal('passed'),
  z.strictObject({ fails_at: FailsAtSchema, bug: z.string().min(1).optional() }),
]);
export type ExpectedOutcome = z.infer<typeof ExpectedOutcomeSchema>;

export const ExpectationSchema = z.strictObject({ correct: ExpectedOutcomeSchema, buggy: ExpectedOutcomeSchema });
export type Expectation = z.infer<typeof ExpectationSchema>;

export interface AppSet {
  name: string;
  app: ExampleApp;
  bugs: PlantedBug[];
  cases: BenchCase[];
  expectations: Record<string, Expectation>;
  /**
   * The suite's context the cases run with: the app's test account, as its product page
   * (`examples/<app>-app/README.md`, "## Test account") gives it to its testers. Null without one.
   */
  context: string | null;
}

/** The "## Test account" section of the app's product page, as a team would paste it into its suite's context. */
function testAccountSection(app: ExampleApp): string | null {
  const page = path.join(path.dirname(app.modelPath), 'README.md');
  if (!fs.existsSync(page)) return null;
  const m = /^## Test account\s*\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(fs.readFileSync(page, 'utf8'));
  return m ? `Test account:\n${m[1]!.trim()}` : null;
}

function readJson<T>(file: string, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${path.relative(process.cwd(), file)}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  return parsed.data;
}

/** Reads and checks one app set: unique case names, expectations only for cases that exist, bugs that exist. */
export function readAppSet(name: string, dir = path.join(APPS_DIR, name)): AppSet {
  const app = exampleApp(name);
  const bugs = appBugs(app);
  const casesFile = path.join(dir, 'cases.json');
  const cases = fs.existsSync(casesFile) ? readJson(casesFile, z.array(CaseSchema)) : [];
  const expectations = readJson(path.join(dir, 'expectations.json'), z.record(z.string(), ExpectationSchema));
  const names = new Set<string>();
  for (const c of cases) {
    if (names.has(c.name)) throw new Error(`${name}/cases.json: the case name "${c.name}" is used twice`);
    names.add(c.name);
  }
  for (const [caseName, e] of Object.entries(expectations)) {
    if (!names.has(caseName)) throw new Error(`${name}/expectations.json: no case named "${caseName}"`);
    for (const outcome of [e.correct, e.buggy]) {
      if (outcome === 'passed') continue;
      if (outcome.bug && !bugs.some((b) => b.id === outcome.bug))
        throw new Error(`${name}/expectations.json: "${caseName}" names the unknown bug "${outcome.bug}"`);
      const c = cases.find((x) => x.name === caseName)!;
      const max = 'step' in outcome.fails_at ? c.steps.length : (c.assertions?.length ?? 0);
      const at = 'step' in outcome.fails_at ? outcome.fails_at.step : outcome.fails_at.assertion;
      if (at > max) throw new Error(`${name}/expectations.json: "${caseName}" fails at ${at}, past its last (${max})`);
    }
  }
  return { name, app, bugs, cases, expectations, context: testAccountSection(app) };
}

/** Every app set under `apps/`, or those named. */
export function readAppSets(only: string[] = []): AppSet[] {
  const all = fs
    .readdirSync(APPS_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  const unknown = only.filter((n) => !all.includes(n));
  if (unknown.length)
    throw new Error(`no app set ${unknown.join(', ')} under ${APPS_DIR} (there are ${all.join(', ')})`);
  return all.filter((n) => only.length === 0 || only.includes(n)).map((n) => readAppSet(n));
}
