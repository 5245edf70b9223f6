import { agentDevice } from '../steps/agent-actions';
import { judgeAssertionInRun, type RunTimeline } from '../steps/assertion-judge';
import { sleep, waitForSettledScreen } from '../steps/settle';
import { NEEDS_MODEL_TO_JUDGE } from '../steps/step-runner';
import type { AssertionEntry, CaseOutcome } from './case-outcome';
import type { DeviceHandle } from '../../sessions';
import type { RunAgent } from '../steps/step-agent';

interface AssertionInput {
  device: DeviceHandle;
  signal: AbortSignal;
  /** The run's language-model agent; null when the run uses the interpreter alone. */
  agent: RunAgent | null;
  appPackage: string | null;
  /** The case's (and suite's) context for the agent, its variables substituted. */
  context: string | null;
  /** The case's steps as run and the screen each was read on: the moments assertions speak of. */
  timeline: RunTimeline;
}

/**
 * A case's assertions on the screen its steps left, one after another: each read by the interpreter
 * on the screen as it is then, or on the screen of the moment it speaks of ("After Save: …"; kept for
 * the case editor's check with the assertion's saved text), else judged by the run's model, or failed
 * saying a model is needed.
 */
export async function judgeAssertions(
  input: AssertionInput,
  assertions: Array<{ text: string; saved: string }>,
  stepCount: number,
  outcome: CaseOutcome,
): Promise<void> {
  const observation = {
    tree: (await waitForSettledScreen(input.device, { signal: input.signal })).tree,
    screen: await input.device.screen(),
  };
  const cursor = { from: 0, at: null };
  for (const [index, { text, saved }] of assertions.entries()) {
    const { resolution: r, screen } = await judgeAssertionInRun(
      input.device,
      text,
      observation,
      input.timeline,
      cursor,
      input.signal,
    );
    outcome.artifactBytes += outcome.screens.record('assertion', index, saved, screen);
    outcome.trace.push({
      step_index: stepCount,
      thought: r.settled ? r.reasoning : r.reason,
      tool: 'interpreter',
      args: { assertion: text },
      outcome: r.settled ? (r.passed ? 'passed' : 'failed') : 'not settled',
    });
    if (r.settled) outcome.assertions.push({ text, passed: r.passed, reasoning: r.reasoning });
    else outcome.assertions.push(await judgeByModel(input, text, r.reason, stepCount, outcome));
  }
  const failed = outcome.assertions.find((a) => !a.passed);
  if (failed) {
    outcome.status = 'failed';
    outcome.error = `Assertion failed: ${failed.text} (${failed.reasoning})`;
  }
}

/** An assertion the interpreter cannot judge: the run's model judges it, or it fails saying a model is needed. */
async function judgeByModel(
  input: AssertionInput,
  text: string,
  reason: string,
  index: number,
  outcome: CaseOutcome,
): Promise<AssertionEntry> {
  if (!input.agent) return { text, passed: false, reasoning: `${NEEDS_MODEL_TO_JUDGE}: ${reason}` };
  const device = agentDevice({
    device: input.device,
    appPackage: input.appPackage,
    signal: input.signal,
    wait: sleep,
  });
  const verdict = await input.agent.judgeAssertion({
    device,
    stepIndex: index,
    text,
    hint: reason,
    context: input.context,
    signal: input.signal,
  });
  outcome.trace.push(...verdict.trace);
  return { text, passed: verdict.passed, reasoning: verdict.reasoning };
}
