/** How many recent runs of a case the flakiness score looks at. */
export const FLAKINESS_WINDOW = 20;

export interface Flakiness {
  /** Share (0–1, two decimals) of the recent runs that passed only on a retry or flipped the outcome. */
  score: number;
  runs: number;
  flaky_runs: number;
  alternations: number;
}

/**
 * The flakiness of a case from its recent outcomes (newest first): a run counts when it passed
 * only on a retry, or when its outcome (passed or not) differs from the run before it. A case that
 * always passes or always fails scores 0; one that flips every run scores close to 1.
 */
export function flakinessOf(outcomes: ReadonlyArray<{ status: string; flaky: boolean }>): Flakiness {
  const chronological = [...outcomes].reverse();
  let flaky = 0;
  let alternations = 0;
  chronological.forEach((o, i) => {
    if (o.flaky) flaky++;
    else if (i > 0 && (o.status === 'passed') !== (chronological[i - 1]!.status === 'passed')) alternations++;
  });
  const n = chronological.length;
  return {
    score: n === 0 ? 0 : Math.round(((flaky + alternations) / n) * 100) / 100,
    runs: n,
    flaky_runs: flaky,
    alternations,
  };
}
