import type { Expectation, ExpectedOutcome, FailsAt } from './app-sets';

/**
 * Scoring of the interpreter's verdicts against what each case should do. Pure: the runner
 * gathers `ActualRun`s, this file decides what counts as right.
 */
export type Build = 'correct' | 'buggy';

/** What a run did, reduced to what scoring needs. Numbers are 1-based. */
export interface ActualRun {
  status: 'passed' | 'failed' | 'error';
  /** Each step's status, in order (skipped after the first failure). */
  steps: string[];
  /** Each checked assertion's result, in order (none when a step failed). */
  assertions: boolean[];
  failedAt: FailsAt | null;
  /** The failing step's or assertion's text. */
  failedText: string | null;
  /** The failing step's error, the failing assertion's reasoning, or the run's error message. */
  error: string | null;
  durationMs: number;
}

export interface Verdict {
  app: string;
  case: string;
  build: Build;
  expected: ExpectedOutcome | null;
  actual: ActualRun;
  /** null when the case has no expectation. */
  correct: boolean | null;
  /** The step or assertion expected to fail passed. */
  wrongPass: boolean;
  /** The planted bug the expectation says stops the case here. */
  bug: string | null;
}

export function describeOutcome(o: ExpectedOutcome | ActualRun | null): string {
  if (o === null) return '—';
  if (o === 'passed') return 'passed';
  if ('fails_at' in o) return failsAt(o.fails_at);
  if (o.status === 'passed') return 'passed';
  if (o.status === 'error') return 'error';
  return o.failedAt ? failsAt(o.failedAt) : 'failed';
}

function failsAt(at: FailsAt): string {
  return 'step' in at ? `fails at step ${at.step}` : `fails at assertion ${at.assertion}`;
}

function sameSpot(a: FailsAt | null, b: FailsAt): boolean {
  if (!a) return false;
  return 'step' in b ? 'step' in a && a.step === b.step : 'assertion' in a && a.assertion === b.assertion;
}

/** Judges one run of one case on one build against the case's expectation. */
export function judge(
  app: string,
  caseName: string,
  build: Build,
  expectation: Expectation | undefined,
  actual: ActualRun,
): Verdict {
  const expected = expectation ? expectation[build] : null;
  const base = { app, case: caseName, build, expected, actual };
  if (expected === null) return { ...base, correct: null, wrongPass: false, bug: null };
  if (expected === 'passed') return { ...base, correct: actual.status === 'passed', wrongPass: false, bug: null };
  const at = expected.fails_at;
  const passedThere =
    'step' in at ? actual.steps[at.step - 1] === 'passed' : actual.assertions[at.assertion - 1] === true;
  return {
    ...base,
    correct: actual.status === 'failed' && sameSpot(actual.failedAt, at),
    wrongPass: passedThere,
    bug: expected.bug ?? null,
  };
}

export interface AppSummary {
  app: string;
  cases: number;
  scored: number;
  correct: number;
  correctOnCorrectBuild: string;
  correctOnBuggyBuild: string;
  /** Planted bugs that some case is expected to catch, and those a case did catch at its step. */
  bugsExpected: number;
  bugsCaught: number;
  bugsPlanted: number;
  wrongStepsPassed: number;
  /** Cases that passed on the buggy build though they should have failed there. */
  buggyBuildPasses: number;
  unscored: number;
  /** Why first failing steps failed, by the start of their error. */
  failureReasons: Record<string, number>;
}

/** The kind of a step error, for counting: the interpreter's own words up to the first colon. */
export function reasonKind(error: string | null): string {
  if (!error) return 'none';
  if (error.startsWith('The step needs a language model: not understood')) return 'not understood';
  // The step's element was not on the screen; the error first says what the screen showed.
  if (error.startsWith('The step needs a language model') || /^The screen shows .*; no element matches/.test(error))
    return 'not settled';
  if (error.startsWith('Check failed')) return 'check failed';
  if (/^The target was not (on screen|gone)/.test(error)) return 'target never shown';
  return 'other';
}

export function summarize(app: string, bugIds: string[], verdicts: Verdict[]): AppSummary {
  const mine = verdicts.filter((v) => v.app === app);
  const scored = mine.filter((v) => v.correct !== null);
  const ratio = (build: Build) => {
    const of = scored.filter((v) => v.build === build);
    return `${of.filter((v) => v.correct).length}/${of.length}`;
  };
  const expectedBugs = new Set(scored.flatMap((v) => (v.bug ? [v.bug] : [])));
  const caught = new Set(scored.flatMap((v) => (v.bug && v.correct ? [v.bug] : [])));
  const failureReasons: Record<string, number> = {};
  for (const v of mine.filter((x) => x.actual.status !== 'passed')) {
    const kind =
      v.actual.status === 'error'
        ? 'run error'
        : v.actual.failedAt && 'assertion' in v.actual.failedAt
          ? v.actual.error?.startsWith('The assertion needs a language model')
            ? 'assertion not judged'
            : 'assertion false'
          : reasonKind(v.actual.error);
    failureReasons[kind] = (failureReasons[kind] ?? 0) + 1;
  }
  return {
    app,
    cases: new Set(mine.map((v) => v.case)).size,
    scored: scored.length,
    correct: scored.filter((v) => v.correct).length,
    correctOnCorrectBuild: ratio('correct'),
    correctOnBuggyBuild: ratio('buggy'),
    bugsExpected: [...expectedBugs].filter((b) => bugIds.includes(b)).length,
    bugsCaught: [...caught].filter((b) => bugIds.includes(b)).length,
    bugsPlanted: bugIds.length,
    wrongStepsPassed: scored.filter((v) => v.wrongPass).length,
    buggyBuildPasses: scored.filter(
      (v) => v.build === 'buggy' && v.expected !== 'passed' && v.actual.status === 'passed',
    ).length,
    unscored: mine.length - scored.length,
    failureReasons,
  };
}
