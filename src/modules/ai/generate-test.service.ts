import type { ModelMessage, UserContent } from 'ai';
import { tool } from './model-call';
import { sharp } from '../../lazy-modules';
import { z } from 'zod';
import { requireRole, type Ctx } from '../../context';
import { AppError } from '../../errors';
import type { RecordingAction } from '../catalogue';
import { correctionTurn } from './agent-prompt';
import type { GeneratedTest, GenerateTestBody } from './ai.schemas';
import { chooseModel, type AiDeps } from './model-reach';
import { ModelSession, type ModelSessionDeps, type PaidChoice } from './model-session';
import { describeRecording, screenshotFor, stepsFromRecording } from './recording-steps';

/** Screenshots shown to the model, and their size. */
const MAX_IMAGES = 8;
const IMAGE_SIDE = 512;
const MAX_CALLS = 3;
/** A test of 500 steps of about 20 tokens each fits. */
const MAX_OUTPUT_TOKENS = 16_000;

const WrittenTest = z.object({
  name: z.string().min(1).max(200),
  steps: z
    .array(z.object({ text: z.string().min(1).max(500), source_action_index: z.number().int().min(0) }))
    .min(1)
    .max(500),
  assertions: z.array(z.string().min(1).max(500)).max(20),
});
type WrittenTest = z.infer<typeof WrittenTest>;

const WRITE_TEST = {
  write_test: tool({ description: 'The test written from the recording.', inputSchema: WrittenTest }),
};

const SYSTEM = [
  'You turn a recorded session of a mobile app into a UI test a person can read and a test runner can execute.',
  'Write one short imperative step per user intention (e.g. Tap "Sign in", Type "demo" into "Username", Scroll down until "Item 30" is visible), naming elements by their visible text.',
  'Give each step the index of the first recorded action it stands for (source_action_index), in order.',
  'Add assertions that check what the last screen shows when the flow succeeded, e.g. "Welcome, demo" is visible.',
  'Call write_test once.',
].join('\n');

function testName(appName: string | undefined, steps: number): string {
  return `${appName?.trim() || 'Recorded'} flow (${steps} step${steps === 1 ? '' : 's'})`;
}

async function smallImage(dataUrl: string): Promise<Buffer | null> {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  try {
    return await sharp(Buffer.from(base64, 'base64'))
      .resize(IMAGE_SIDE, IMAGE_SIDE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 60 })
      .toBuffer();
  } catch {
    return null;
  }
}

/** `POST /ai/generate-test`: natural-language steps from a recording. */
export class GenerateTestService {
  constructor(private readonly deps: AiDeps & ModelSessionDeps) {}

  /**
   * With `platform/interpreter` (or when it is the organization's default), steps are written
   * from the recording's selectors in the interpreter's grammar, free. With a language model the
   * model writes them from the actions, their selectors and screenshots (usage is recorded).
   */
  async generateTest({ ctx, input }: { ctx: Ctx; input: GenerateTestBody }): Promise<GeneratedTest> {
    const org = requireRole(ctx, 'viewer');
    const choice = await chooseModel(this.deps, ctx.db, org.id, { model: input.model });
    const recording = input.recording;
    if (choice.billing === 'free') {
      const steps = stepsFromRecording(recording);
      return {
        name: testName(input.app_name, steps.length),
        steps: await Promise.all(
          steps.map(async (s) => ({
            text: s.text,
            source_action_index: s.source_action_index,
            screenshot: await screenshotFor(recording, s.source_action_index),
          })),
        ),
        assertions: [],
      };
    }
    const session = new ModelSession({ ...this.deps, db: ctx.db }, org.id, choice as PaidChoice, null);
    const written = await this.writeWithModel(session, input, recording);
    return {
      name: written.name,
      steps: await Promise.all(
        written.steps.map(async (s) => ({
          text: s.text,
          source_action_index: s.source_action_index,
          screenshot: await screenshotFor(recording, s.source_action_index),
        })),
      ),
      assertions: written.assertions,
    };
  }

  private async writeWithModel(
    session: ModelSession,
    input: GenerateTestBody,
    recording: RecordingAction[],
  ): Promise<WrittenTest> {
    const content: UserContent = [
      {
        type: 'text',
        text: `${input.app_name ? `App: ${input.app_name}\n` : ''}${input.context?.trim() ? `About the app: ${input.context.trim()}\n` : ''}Recorded actions:\n${describeRecording(recording)}`,
      },
    ];
    const shown = recording.map((a, i) => ({ a, i })).filter(({ a }) => a.screenshot);
    const step = Math.max(1, Math.ceil(shown.length / MAX_IMAGES));
    for (const { a, i } of shown.filter((_, n) => n % step === 0).slice(0, MAX_IMAGES)) {
      const image = await smallImage(a.screenshot!);
      if (image)
        content.push(
          { type: 'text', text: `Screenshot of action #${i}:` },
          { type: 'image', image, mediaType: 'image/jpeg' },
        );
    }
    const messages: ModelMessage[] = [{ role: 'user', content }];
    const signal = new AbortController().signal;
    for (let call = 0; call < MAX_CALLS; call++) {
      const reply = await session.call(
        { system: SYSTEM, messages, tools: WRITE_TEST, maxOutputTokens: MAX_OUTPUT_TOKENS },
        { purpose: 'generate_test', stepIndex: null, signal },
      );
      const made = reply.toolCalls.find((c) => c.name === 'write_test');
      const problem = !made
        ? 'no write_test call'
        : (made.problem ?? outOfRange(made.input as WrittenTest, recording.length));
      if (!problem) return made!.input as WrittenTest;
      messages.push(
        ...correctionTurn(reply.text, `That was not usable (${problem}). Call write_test with valid steps.`),
      );
    }
    throw new AppError(
      'UPSTREAM_ERROR',
      'The model did not write a usable test; try again, or use platform/interpreter',
    );
  }
}

function outOfRange(test: { steps: Array<{ source_action_index: number }> }, actions: number): string | null {
  const bad = test.steps.find((s) => s.source_action_index >= actions);
  return bad ? `source_action_index ${bad.source_action_index} is not an action (the recording has ${actions})` : null;
}
