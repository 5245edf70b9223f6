import type { RecordingAction } from '../../catalogue';
import type { StepVisual } from '../visual/visual-compare';

/** A case step as the engine executes it: a string, or `{text, action_indices?, visual?}` (docs/design/0015). */
export interface CaseStep {
  text: string;
  actionIndices: number[];
  visual: StepVisual | undefined;
}

/** Steps as stored on a case, in their normal form. */
export function normalizeSteps(raw: unknown[]): CaseStep[] {
  return raw.map((s) => {
    if (typeof s === 'string') return { text: s, actionIndices: [], visual: undefined };
    const o = (s ?? {}) as { text?: unknown; action_indices?: unknown; visual?: unknown };
    return {
      text: typeof o.text === 'string' ? o.text : '',
      actionIndices: Array.isArray(o.action_indices)
        ? o.action_indices.filter((i): i is number => Number.isInteger(i))
        : [],
      visual: o.visual as StepVisual | undefined,
    };
  });
}

export function normalizeAssertions(raw: unknown[]): string[] {
  return raw.map((a) =>
    typeof a === 'string' ? a : typeof (a as { text?: unknown })?.text === 'string' ? (a as { text: string }).text : '',
  );
}

const VARIABLE = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/** A `{{name}}` with no value in the suite's variables: the case fails before any action. */
export class UnknownVariable extends Error {
  constructor(
    readonly variable: string,
    readonly where: string,
  ) {
    super(`Unknown variable {{${variable}}} in ${where}; define it in the suite's variables`);
  }
}

/** Replaces every `{{name}}` in `text`; throws UnknownVariable naming where it was found. */
export function substitute(text: string, variables: Record<string, unknown>, where: string): string {
  return text.replace(VARIABLE, (_m, name: string) => {
    if (!Object.hasOwn(variables, name)) throw new UnknownVariable(name, where);
    const value = variables[name];
    return typeof value === 'string' ? value : JSON.stringify(value);
  });
}

/** The case's steps and assertions with variables substituted (and the recording's typed text). */
export function withVariables(
  c: { steps: CaseStep[]; assertions: string[]; recording: RecordingAction[] },
  variables: Record<string, unknown>,
): { steps: CaseStep[]; assertions: string[]; recording: RecordingAction[] } {
  return {
    steps: c.steps.map((s, i) => ({ ...s, text: substitute(s.text, variables, `step ${i + 1}`) })),
    assertions: c.assertions.map((a, i) => substitute(a, variables, `assertion ${i + 1}`)),
    recording: c.recording.map((a, i) =>
      a.text === undefined ? a : { ...a, text: substitute(a.text, variables, `recorded action ${i}`) },
    ),
  };
}
