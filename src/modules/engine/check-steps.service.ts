import { findAppByPublicId } from '../apps';
import { requireRole, type Ctx } from '../../context';
import { notFound } from '../../errors';
import { findCaseByPublicId, findSuiteById } from '../catalogue';
import { suiteAccounts, type Account } from './steps/interpreter/accounts';
import { accountSteps } from './steps/interpreter/typed-account';
import type { CheckCaseStepsBody, CheckDraftStepsBody, CheckStepsResponse, StepCheck } from './check-steps.schemas';
import { normalizeAssertions, normalizeSteps } from './steps/case-steps';
import { devicePhraseLabel, devicePhraseProblem, intentLabel, parseStep, readAssertionText } from './steps/interpreter';
import { CHECK_VERB, startsWithVerb } from './steps/interpreter/lexicon';
import { normalizeStep } from './steps/interpreter/parse-step';
import type { Observation } from './steps/interpreter';
import { expandScreen, screenForLine, type CompactScreen, type RunScreens } from './steps/recorded-screens';
import { readOnScreen } from './steps/screen-reading';
import { latestCaseScreens } from './run-screens.repository';

/** Forms a person can write, by the verb they started with: the suggestions without a screen. */
const FORMS: Array<[RegExp, string[]]> = [
  [
    /^(?:tap|click|press|touch|hit|select|choose|pick|open)\b/i,
    ['Tap "Name"', 'Open the Name tab', 'Pick the first item'],
  ],
  [
    /^(?:enter|type|input|fill|write|change|replace|set)\b/i,
    ['Enter value in the Field field', 'Type value as the field', 'Change Field to value'],
  ],
  [/^(?:turn|switch|toggle|enable|disable)\b/i, ['Turn on Name', 'Switch Name off']],
  [/^(?:go|navigate|head|return|open)\b/i, ['Go to Profile > Settings', 'Open the Name screen']],
  [CHECK_VERB, ['Verify "text" is shown', 'Verify Label: value', 'Verify the Name screen is displayed']],
];
const ANY_FORM = ['Tap "Name"', 'Enter value in the Field field', 'Verify "text" is shown'];

function suggestionsFor(text: string): string[] {
  const s = normalizeStep(text);
  return FORMS.find(([re]) => re.test(s))?.[1] ?? ANY_FORM;
}

/** How the free interpreter reads one step or assertion (an assertion with the case's steps, which its moments name). */
function readLine(
  kind: 'step' | 'assertion',
  text: string,
  index: number,
  steps: string[],
  /** The step as a run reads it ("Sign in with the test account" with the suite's credentials), or null: as written. */
  readAs: string | null,
): StepCheck {
  const base = { kind, index, text };
  if (!text.trim())
    return {
      ...base,
      status: 'not_understood',
      intent: null,
      reason: 'empty: write what to do',
      suggestions: ANY_FORM,
    };
  // Device phrases (open a link, set the location, …) are steps of their own (interpreter/device-phrases.ts).
  const device = kind === 'step' ? devicePhraseLabel(text) : null;
  if (device) return { ...base, status: 'understood', intent: device, reason: null, suggestions: [] };
  const problem = kind === 'step' ? devicePhraseProblem(text) : null;
  if (problem) return { ...base, status: 'not_understood', intent: null, reason: problem, suggestions: [] };
  const parsed = kind === 'step' ? parseStep(readAs ?? text) : readAssertionText(text, steps);
  if (parsed.understood && (kind === 'step' || parsed.intent.kind === 'check'))
    return { ...base, status: 'understood', intent: intentLabel(parsed.intent), reason: null, suggestions: [] };
  const reason = parsed.understood ? 'an assertion says what should be true; this reads as an action' : parsed.reason;
  // A whole flow in one phrase ("Book London → Paris, 14 Aug 2025, …") is walked on screens, or by a model.
  const verb =
    startsWithVerb(normalizeStep(text)) ||
    CHECK_VERB.test(normalizeStep(text)) ||
    /whole flow in one phrase/.test(reason);
  return {
    ...base,
    status: verb ? 'needs_model' : 'not_understood',
    intent: null,
    reason,
    suggestions: suggestionsFor(text),
  };
}

/**
 * A line read against the screen a run recorded for it, when it still reads as it ran: what the text
 * alone leaves unread is understood when the interpreter settles it on that screen, and the screen's
 * "did you mean" forms come first otherwise.
 */
function readAgainst(line: StepCheck, screen: () => Observation): StepCheck {
  if (line.status === 'understood') return line;
  const read = readOnScreen(line.kind, line.text, screen());
  if (read.settled) return { ...line, status: 'understood', intent: read.intent, reason: null, suggestions: [] };
  return { ...line, suggestions: [...new Set([...read.suggestions, ...line.suggestions])] };
}

function report(
  testCaseId: string | null,
  steps: string[],
  assertions: string[],
  recorded: RunScreens | null = null,
  accounts: readonly Account[] = [],
): CheckStepsResponse {
  const expanded = new Map<CompactScreen, Observation>();
  let screensUsed = 0;
  // "Sign in with the test account": read with the credentials the suite's context or variables give, as a run reads it.
  const readAs = accountSteps(steps, accounts);
  const read = (kind: 'step' | 'assertion', text: string, index: number): StepCheck => {
    const line = readLine(kind, text, index, steps, kind === 'step' ? (readAs[index] ?? null) : null);
    const screen = text.trim() ? screenForLine(recorded, kind, index, text) : null;
    if (!screen) return line;
    screensUsed++;
    return readAgainst(line, () => {
      const seen = expanded.get(screen) ?? expandScreen(screen);
      expanded.set(screen, seen);
      return seen;
    });
  };
  const out = [...steps.map((t, i) => read('step', t, i)), ...assertions.map((t, i) => read('assertion', t, i))];
  return {
    test_case_id: testCaseId,
    screens_used: screensUsed,
    understood: out.filter((s) => s.status === 'understood').length,
    total: out.length,
    steps: out,
  };
}

/**
 * Reads every step and assertion of a case with the free interpreter, without a device: what it
 * understands (and as what), what needs a model, what it cannot read at all (with forms it reads).
 * Each line is read against the screen the case's latest run recorded for it, when it still reads
 * as it ran. An editor sends its unsaved text, which is read instead of the saved one (by index).
 */
export class CheckStepsService {
  async checkSteps({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { caseId: string; draft?: CheckCaseStepsBody | null };
  }): Promise<CheckStepsResponse> {
    const org = requireRole(ctx, 'viewer');
    const found = await findCaseByPublicId(ctx.db, org.id, input.caseId);
    if (!found) throw notFound('Test case');
    const steps = input.draft?.steps ?? normalizeSteps((found.c.steps ?? []) as unknown[]).map((s) => s.text);
    const assertions = input.draft?.assertions ?? normalizeAssertions((found.c.assertions ?? []) as unknown[]);
    // The screens the case's latest run that kept any read its lines on (none for a Maestro flow).
    const recorded = await latestCaseScreens(ctx.db, org.id, found.c.id);
    // The accounts the suite names, for steps that sign in with one by name (its context joined as a run joins it).
    const suite = found.c.suiteId ? await findSuiteById(ctx.db, org.id, found.c.suiteId) : undefined;
    const context = [suite?.context, found.c.context].filter((x): x is string => !!x?.trim()).join('\n\n') || null;
    const accounts = suiteAccounts(context, (suite?.variables ?? {}) as Record<string, unknown>);
    return report(found.c.publicId, steps, assertions, recorded, accounts);
  }

  /** The same reading for a case not created yet (a new case's editor). */
  async checkDraft({ ctx, input }: { ctx: Ctx; input: CheckDraftStepsBody }): Promise<CheckStepsResponse> {
    const org = requireRole(ctx, 'viewer');
    if (input.app_id !== undefined && !(await findAppByPublicId(ctx.db, org.id, input.app_id))) throw notFound('App');
    return report(null, input.steps, input.assertions ?? []);
  }
}
