import { loadYaml } from '../../lazy-modules';
import { z } from 'zod';
import { AppError } from '../../errors';
import { ACCESSIBILITY_SETTINGS, type AccessibilitySetting, CASE_MODES, RESET_STRATEGIES } from '../../db/schema';
import { DEFAULT_YAML_LIMITS, readBoundedYaml, type YamlLimits } from './bounded-yaml';
import { formatPath, parseOrThrow, validateCaseContent, type Step } from './recording';

/** The largest YAML file import-yaml accepts. */
export const MAX_YAML_BYTES = 2 * 1024 * 1024;
const MAX_CASES = 1000;

const Pct = z
  .number({ error: 'must be an integer or null' })
  .int('must be an integer')
  .min(0, 'must be between 0 and 100')
  .max(100, 'must be between 0 and 100')
  .nullable();
const YamlStep = z.union(
  [
    z.string(),
    z.strictObject({
      text: z.string({ error: 'must be a string' }),
      visual: z
        .strictObject({
          mode: z.enum(['default', 'skip', 'custom'], { error: 'must be default, skip or custom' }),
          warnPct: Pct.optional(),
          failPct: Pct.optional(),
        })
        .optional(),
    }),
  ],
  { error: 'must be a string or {text, visual?}' },
);

/** A case's kind as a suite file names it, like the console: plain-English steps, or a recording. */
const YAML_CASE_MODES = ['natural_language', 'recorded'] as const;

const YamlCase = z.strictObject({
  name: z
    .string({ error: 'must be a string' })
    .trim()
    .min(1, 'must not be empty')
    .max(200, 'must be at most 200 characters'),
  // `natural_language` is what the console calls a case of plain-English steps; `ai`, its older name, still reads.
  mode: z
    .enum([...YAML_CASE_MODES, ...CASE_MODES], { error: 'must be natural_language or recorded' })
    .default('recorded')
    .transform((m): (typeof CASE_MODES)[number] => (m === 'natural_language' ? 'ai' : m)),
  steps: z.array(YamlStep, { error: 'must be a list' }),
  assertions: z.array(z.unknown(), { error: 'must be a list' }).default([]),
  context: z.string({ error: 'must be a string' }).max(20000).nullable().optional(),
  fuzzyMatch: z.boolean({ error: 'must be true or false' }).default(true),
  sourceRecording: z.array(z.unknown(), { error: 'must be a list' }).nullable().optional(),
  sourceDeviceWidth: z.number().int('must be an integer').min(1).max(10000).nullable().optional(),
  sourceDeviceHeight: z.number().int('must be an integer').min(1).max(10000).nullable().optional(),
  stepActions: z
    .array(
      z.array(z.number().int('must be an integer').min(0, 'must be 0 or more'), {
        error: 'must be a list of integers',
      }),
      { error: 'must be a list' },
    )
    .optional(),
});

const YamlSuite = z.strictObject({
  name: z
    .string({ error: 'must be a string' })
    .trim()
    .min(1, 'must not be empty')
    .max(200, 'must be at most 200 characters'),
  description: z.string({ error: 'must be a string' }).max(5000).nullable().optional(),
  appId: z.string({ error: 'must be a string' }).max(255).nullable().optional(),
  platform: z.enum(['ios', 'android'], { error: 'must be ios or android' }).nullable().optional(),
  resetStrategy: z
    .enum(RESET_STRATEGIES, { error: `must be one of ${RESET_STRATEGIES.join(', ')}` })
    .default('relaunch'),
  context: z.string({ error: 'must be a string' }).max(20000).nullable().optional(),
  variables: z.record(z.string(), z.unknown(), { error: 'must be a mapping' }).default({}),
  tags: z
    .array(z.string({ error: 'must be a string' }), { error: 'must be a list' })
    .max(50)
    .default([]),
  visualRegression: z.strictObject({ warnPct: Pct.optional(), failPct: Pct.optional() }).optional(),
  accessibility: z
    .enum(ACCESSIBILITY_SETTINGS, { error: `must be one of ${ACCESSIBILITY_SETTINGS.join(', ')}` })
    .default('warn'),
  cases: z
    .array(YamlCase, { error: 'must be a list' })
    .max(MAX_CASES, `must have at most ${MAX_CASES} cases`)
    .default([]),
});

export interface SuiteDocument {
  name: string;
  description: string | null;
  appId: string | null;
  platform: 'ios' | 'android' | null;
  resetStrategy: (typeof RESET_STRATEGIES)[number];
  context: string | null;
  variables: Record<string, unknown>;
  tags: string[];
  visualWarnPct: number | null;
  visualFailPct: number | null;
  accessibility: AccessibilitySetting;
  cases: Array<{
    name: string;
    mode: (typeof CASE_MODES)[number];
    steps: unknown[];
    assertions: unknown[];
    context: string | null;
    fuzzyMatch: boolean;
    sourceRecording: unknown[] | null;
    sourceDeviceWidth: number | null;
    sourceDeviceHeight: number | null;
  }>;
}

/** Internal step → YAML step (camelCase keys) and its action indices (for stepActions). */
function stepToYaml(step: unknown): { yaml: unknown; actions: number[] } {
  if (typeof step === 'string') return { yaml: step, actions: [] };
  const s = step as {
    text: string;
    action_indices?: number[];
    visual?: { mode: string; warn_pct?: number | null; fail_pct?: number | null };
  };
  const out: Record<string, unknown> = { text: s.text };
  if (s.visual) {
    const v: Record<string, unknown> = { mode: s.visual.mode };
    if (s.visual.warn_pct !== undefined) v.warnPct = s.visual.warn_pct;
    if (s.visual.fail_pct !== undefined) v.failPct = s.visual.fail_pct;
    out.visual = v;
  }
  return { yaml: out, actions: s.action_indices ?? [] };
}

/** A deterministic YAML rendering: importing it and exporting again gives the same bytes. */
export function renderSuiteYaml(doc: SuiteDocument): string {
  const out: Record<string, unknown> = { name: doc.name };
  if (doc.description !== null) out.description = doc.description;
  if (doc.appId !== null) out.appId = doc.appId;
  if (doc.platform !== null) out.platform = doc.platform;
  out.resetStrategy = doc.resetStrategy;
  if (doc.context !== null) out.context = doc.context;
  out.variables = doc.variables;
  out.tags = doc.tags;
  out.visualRegression = { warnPct: doc.visualWarnPct, failPct: doc.visualFailPct };
  out.accessibility = doc.accessibility;
  out.cases = doc.cases.map((c) => {
    const steps = c.steps.map(stepToYaml);
    const entry: Record<string, unknown> = {
      name: c.name,
      mode: c.mode === 'ai' ? 'natural_language' : c.mode,
      steps: steps.map((s) => s.yaml),
      assertions: c.assertions,
    };
    if (c.context !== null) entry.context = c.context;
    entry.fuzzyMatch = c.fuzzyMatch;
    if (c.sourceRecording !== null) entry.sourceRecording = c.sourceRecording;
    if (c.sourceDeviceWidth !== null) entry.sourceDeviceWidth = c.sourceDeviceWidth;
    if (c.sourceDeviceHeight !== null) entry.sourceDeviceHeight = c.sourceDeviceHeight;
    if (steps.some((s) => s.actions.length > 0)) entry.stepActions = steps.map((s) => s.actions);
    return entry;
  });
  return loadYaml().stringify(out, { lineWidth: 0, aliasDuplicateObjects: false });
}

/**
 * Parses an uploaded suite within `limits` (bounded-yaml.ts: core schema only, no custom tags or
 * merge keys, caps on depth, keys, values and aliases, duplicate keys rejected); then the suite
 * schema with errors naming the path (`cases[0].steps[2]: ...`). Runs on a thread of the YAML
 * pool (suite-yaml-pool.ts), never on the event loop.
 */
export function parseSuiteYaml(text: string, limits: YamlLimits = DEFAULT_YAML_LIMITS): SuiteDocument {
  const raw = readBoundedYaml(text, limits);
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw new AppError('BAD_REQUEST', 'Invalid YAML: the document must be a mapping with name and cases');
  rejectMergeKeys(raw, []);
  const suite = parseOrThrow(YamlSuite, raw, '');
  const cases = suite.cases.map((c, i) => {
    const at = `cases[${i}]`;
    if (c.stepActions && c.stepActions.length !== c.steps.length) {
      throw new AppError(
        'BAD_REQUEST',
        `${at}.stepActions: must have one entry per step (${c.steps.length} steps, ${c.stepActions.length} entries)`,
      );
    }
    const steps: Step[] = c.steps.map((s, j) => {
      const actions = c.stepActions?.[j] ?? [];
      if (typeof s === 'string' && actions.length === 0) return s;
      const text = typeof s === 'string' ? s : s.text;
      const step: Record<string, unknown> = { text };
      if (actions.length > 0) step.action_indices = actions;
      if (typeof s !== 'string' && s.visual) {
        const v: Record<string, unknown> = { mode: s.visual.mode };
        if (s.visual.warnPct !== undefined) v.warn_pct = s.visual.warnPct;
        if (s.visual.failPct !== undefined) v.fail_pct = s.visual.failPct;
        step.visual = v;
      }
      return step as Step;
    });
    let content: ReturnType<typeof validateCaseContent>;
    try {
      content = validateCaseContent({ steps, assertions: c.assertions, sourceRecording: c.sourceRecording ?? null });
    } catch (err) {
      if (err instanceof AppError) {
        const detail = err.detail
          .replace(/^source_recording/, 'sourceRecording')
          .replace(/^steps\[(\d+)\]\.action_indices/, 'stepActions[$1]');
        throw new AppError('BAD_REQUEST', `${at}.${detail}`);
      }
      throw err;
    }
    return {
      name: c.name,
      mode: c.mode,
      steps: content.steps,
      assertions: content.assertions,
      context: c.context ?? null,
      fuzzyMatch: c.fuzzyMatch,
      sourceRecording: content.sourceRecording,
      sourceDeviceWidth: c.sourceDeviceWidth ?? null,
      sourceDeviceHeight: c.sourceDeviceHeight ?? null,
    };
  });
  const warn = suite.visualRegression?.warnPct !== undefined ? suite.visualRegression.warnPct : 10;
  const fail = suite.visualRegression?.failPct !== undefined ? suite.visualRegression.failPct : 25;
  if (warn !== null && fail !== null && warn >= fail)
    throw new AppError('BAD_REQUEST', 'visualRegression.warnPct: must be below failPct');
  return {
    name: suite.name,
    description: suite.description ?? null,
    appId: suite.appId ?? null,
    platform: suite.platform ?? null,
    resetStrategy: suite.resetStrategy,
    context: suite.context ?? null,
    variables: suite.variables,
    tags: suite.tags,
    visualWarnPct: warn,
    visualFailPct: fail,
    accessibility: suite.accessibility,
    cases,
  };
}

/** Merge keys are off; a literal `<<` key would silently mean something else than the author meant. */
function rejectMergeKeys(value: unknown, path: PropertyKey[]): void {
  if (Array.isArray(value)) for (const [i, v] of value.entries()) rejectMergeKeys(v, [...path, i]);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '<<')
        throw new AppError('BAD_REQUEST', `${formatPath('', [...path, k])}: merge keys (<<) are not supported`);
      rejectMergeKeys(v, [...path, k]);
    }
  }
}

/** `Checkout Flow (v2)` → `checkout-flow-v2`; never empty. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[^\x00-\x7f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return slug || 'suite';
}
