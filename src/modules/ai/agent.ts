import { createHash } from 'node:crypto';
import type { ModelMessage } from 'ai';
import type { UiNode } from '../../worker/driver';
import type {
  PerformedAction,
  AgentAction,
  AgentRun,
  AgentStepInput,
  AgentStepOutcome,
  AgentVerdict,
  RunAgent,
  StepAgent,
  TraceEntry,
} from '../engine';
import {
  assertionSystem,
  assertionTask,
  correctionTurn,
  screenMessage,
  stepSystem,
  stepTask,
  toolTurn,
} from './agent-prompt';
import { ASSERTION_TOOLS, STEP_TOOLS, stepMove, type StepMove } from './agent-tools';
import { choiceOfRun } from './model-catalog';
import { ModelSession, type ModelSessionDeps, type PaidChoice } from './model-session';
import { viewOf } from './screen-view';

/** A step gets at most this many model calls. */
export const MAX_CALLS_PER_STEP = 8;

/** What the screen shows, without what changes while nothing happens (refs, focus). */
function fingerprint(tree: UiNode): string {
  return createHash('sha1')
    .update(JSON.stringify(tree, (key, value) => (key === 'ref' || key === 'focused' ? undefined : value)))
    .digest('hex');
}

function argsOf(call: number, input: unknown): Record<string, unknown> {
  return {
    call,
    ...(input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : { input }),
  };
}

function describeAction(a: AgentAction): string {
  switch (a.kind) {
    case 'tap':
      return `tap ${a.ref}`;
    case 'tap_point':
      return `tap at (${a.x}, ${a.y})`;
    case 'gesture':
      return `${a.gesture.replace('_', ' ')} ${a.ref ?? `at (${a.x}, ${a.y})`}`;
    case 'type':
      return `type ${JSON.stringify(a.text)}${a.ref ? ` into ${a.ref}` : ''}`;
    case 'swipe':
      return `swipe ${a.direction}${a.ref ? ` on ${a.ref}` : ''}`;
    case 'scroll_until':
      return `scroll ${a.direction} until ${JSON.stringify(a.text)}`;
    case 'press_key':
      return `press ${a.key}`;
    case 'go_back':
      return 'go back';
    case 'wait':
      return `wait ${a.ms} ms`;
  }
}

/**
 * The language-model agent (the engine's StepAgent): a step the interpreter could not settle is
 * shown to the run's model as a downscaled screenshot and an element list, and the model acts
 * through tools until it says the step is done or failed. Bounded: at most 8 calls per step, and
 * the same action on an unchanged screen twice ends the step failed.
 */
export class ModelAgent implements StepAgent {
  constructor(private readonly deps: ModelSessionDeps) {}

  forRun(run: AgentRun): RunAgent | null {
    const choice = choiceOfRun(run.model, run.provider);
    if (choice.billing === 'free') return null;
    return new RunModelAgent(new ModelSession(this.deps, run.organizationId, choice as PaidChoice, run));
  }
}

class RunModelAgent implements RunAgent {
  constructor(private readonly session: ModelSession) {}

  async settleStep(input: AgentStepInput): Promise<AgentStepOutcome> {
    const trace: TraceEntry[] = [];
    const actions: PerformedAction[] = [];
    const tried = new Set<string>();
    let modelMs = 0;
    const note = (tool: string, args: Record<string, unknown>, thought: string, outcome: string) =>
      trace.push({ step_index: input.stepIndex, thought, tool, args, outcome });
    const end = (status: 'passed' | 'failed', error: string | null): AgentStepOutcome => ({
      status,
      error,
      actions,
      trace,
      modelMs,
    });
    const system = stepSystem(input.device, input.context);
    const conversation: ModelMessage[] = [stepTask(input.text, input.hint)];
    let screen = await input.device.observe();
    for (let call = 1; call <= MAX_CALLS_PER_STEP; call++) {
      const view = await viewOf(screen);
      const reply = await this.session.call(
        {
          system,
          messages: [...conversation, screenMessage(view)],
          tools: STEP_TOOLS,
          maxOutputTokens: this.session.maxOutputTokens,
        },
        { purpose: 'step', stepIndex: input.stepIndex, signal: input.signal },
      );
      modelMs += reply.ms;
      const made = reply.toolCalls[0];
      const thought = reply.text.trim();
      if (!made) {
        note('model', { call }, thought, 'no tool call');
        conversation.push(...correctionTurn(reply.text, 'Answer with exactly one tool call.'));
        continue;
      }
      const args = argsOf(call, made.input);
      const move: StepMove = made.problem ? { kind: 'invalid', problem: made.problem } : stepMove(made, view);
      switch (move.kind) {
        case 'invalid':
          note(made.name, args, thought, `invalid call: ${move.problem}`);
          conversation.push(
            ...correctionTurn(
              reply.text,
              `That ${made.name} call was not valid: ${move.problem}. Call one tool with valid arguments.`,
            ),
          );
          break;
        case 'done':
          note(made.name, args, move.reasoning, 'step done');
          return end('passed', null);
        case 'failed':
          note(made.name, args, move.reasoning, 'step failed');
          return end('failed', `The model could not carry out the step: ${move.reasoning}`);
        case 'act': {
          const attempt = `${fingerprint(screen.tree)}|${JSON.stringify(move.action)}`;
          if (move.action.kind !== 'wait' && tried.has(attempt)) {
            note(made.name, args, thought, 'repeated on an unchanged screen');
            return end('failed', `The model repeated "${describeAction(move.action)}" on an unchanged screen`);
          }
          tried.add(attempt);
          const result = await input.device.perform(move.action, screen);
          actions.push(...result.actions);
          note(made.name, args, thought, result.detail);
          conversation.push(...toolTurn(made, result.detail, reply.text));
          screen = await input.device.observe();
          break;
        }
      }
    }
    return end('failed', `The model did not finish the step within ${MAX_CALLS_PER_STEP} calls`);
  }

  async judgeAssertion(input: AgentStepInput): Promise<AgentVerdict> {
    const trace: TraceEntry[] = [];
    let modelMs = 0;
    const view = await viewOf(await input.device.observe());
    const system = assertionSystem(input.device, input.context);
    const conversation: ModelMessage[] = [assertionTask(input.text, input.hint)];
    for (let call = 1; call <= MAX_CALLS_PER_STEP; call++) {
      const reply = await this.session.call(
        {
          system,
          messages: [...conversation, screenMessage(view)],
          tools: ASSERTION_TOOLS,
          maxOutputTokens: this.session.maxOutputTokens,
        },
        { purpose: 'assertion', stepIndex: input.stepIndex, signal: input.signal },
      );
      modelMs += reply.ms;
      const made = reply.toolCalls.find((c) => c.name === 'assert_result' && !c.problem);
      if (made) {
        const verdict = made.input as { passed: boolean; reasoning: string };
        trace.push({
          step_index: input.stepIndex,
          thought: verdict.reasoning,
          tool: 'assert_result',
          args: argsOf(call, { assertion: input.text, ...verdict }),
          outcome: verdict.passed ? 'passed' : 'failed',
        });
        return { passed: verdict.passed, reasoning: verdict.reasoning, trace, modelMs };
      }
      const problem = reply.toolCalls[0]?.problem ?? 'no assert_result call';
      trace.push({
        step_index: input.stepIndex,
        thought: reply.text.trim(),
        tool: reply.toolCalls[0]?.name ?? 'model',
        args: argsOf(call, reply.toolCalls[0]?.input ?? {}),
        outcome: `invalid call: ${problem}`,
      });
      conversation.push(
        ...correctionTurn(
          reply.text,
          `Call assert_result with passed (true or false) and your reasoning (${problem}).`,
        ),
      );
    }
    return { passed: false, reasoning: `The model gave no verdict within ${MAX_CALLS_PER_STEP} calls`, trace, modelMs };
  }
}
