import { z } from 'zod';
import { AI_PROVIDERS, KEY_PROVIDERS } from '../../db/schema';
import { ApiTimestamp } from '../../http/api-time';
import { RowId } from '../../http/schemas';
import { RecordingAction } from '../catalogue';

export const AI_TAG = ['ai'];

const Provider = z.enum(AI_PROVIDERS, { error: `must be one of ${AI_PROVIDERS.join(', ')}` });
const ModelId = z.string().trim().min(1, 'must not be empty').max(300, 'must be at most 300 characters');

export const AiConfigResponse = z.object({ default_provider: Provider, default_model: z.string() });
export type AiConfigResponse = z.infer<typeof AiConfigResponse>;

export const UpdateAiConfigBody = z.object({
  default_provider: Provider.optional(),
  default_model: ModelId.optional(),
});
export type UpdateAiConfigBody = z.infer<typeof UpdateAiConfigBody>;

export const ModelResponse = z.object({ id: z.string(), name: z.string(), provider: Provider, builtin: z.boolean() });
export type ModelResponse = z.infer<typeof ModelResponse>;

export const AddKeyBody = z.object({
  provider: z.enum(KEY_PROVIDERS, {
    error: `must be one of ${KEY_PROVIDERS.join(', ')} (the platform's key is the operator's)`,
  }),
  api_key: z
    .string({ error: 'must be a string' })
    .trim()
    .min(8, 'must be at least 8 characters')
    .max(1000, 'must be at most 1000 characters'),
});
export type AddKeyBody = z.infer<typeof AddKeyBody>;

export const KeyResponse = z.object({
  id: z.number().int(),
  provider: z.enum(KEY_PROVIDERS),
  key_hint: z.string().meta({ example: '…f3a9' }),
  created_at: ApiTimestamp,
});
export type KeyResponse = z.infer<typeof KeyResponse>;

export const KeyParams = z.object({ key_id: RowId });

export const KeyDeleted = z.object({ status: z.literal('deleted') });

const UsageTotals = z.object({
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  cost_micro: z.number().int(),
  runs_count: z.number().int(),
});

export const UsageResponse = z.object({
  total: UsageTotals,
  byok: UsageTotals,
  platform: UsageTotals,
  by_model: z.array(z.object({ model: z.string(), runs: z.number().int(), cost_micro: z.number().int() })),
});
export type UsageResponse = z.infer<typeof UsageResponse>;

export const GenerateTestBody = z.object({
  recording: z
    .array(RecordingAction, { error: 'required: an array of recorded actions' })
    .min(1, 'must have at least one action')
    .max(500, 'must have at most 500 actions'),
  app_name: z.string().trim().max(200).optional(),
  context: z.string().max(4000).optional(),
  model: ModelId.optional(),
});
export type GenerateTestBody = z.infer<typeof GenerateTestBody>;

export const GeneratedTest = z.object({
  name: z.string(),
  steps: z.array(
    z.object({
      text: z.string(),
      source_action_index: z.number().int(),
      screenshot: z.string().meta({ description: 'data URL of an image' }),
    }),
  ),
  assertions: z.array(z.string()),
});
export type GeneratedTest = z.infer<typeof GeneratedTest>;
