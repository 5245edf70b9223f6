import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../clock';
import type { AiConfig } from '../../config';
import { AppError } from '../../errors';

/** The aggregator's own address when AGGREGATOR_BASE_URL does not override it. */
const DEFAULT_BASE_URL = 'https://openrouter.ai/api/v1';
/** A live list is kept this long per key. */
export const MODEL_LIST_TTL_MS = 10 * 60_000;
const MAX_CACHED_KEYS = 1000;

const ModelList = z.object({
  data: z.array(
    z.object({
      id: z.string().min(1).max(300),
      name: z.string().max(300).optional(),
      architecture: z
        .object({ input_modalities: z.array(z.string()).optional(), modality: z.string().optional() })
        .partial()
        .optional(),
    }),
  ),
});

export interface AggregatorModel {
  id: string;
  name: string;
}

function takesImages(m: z.infer<typeof ModelList>['data'][number]): boolean {
  const a = m.architecture;
  if (a?.input_modalities) return a.input_modalities.includes('image');
  return /image/.test(a?.modality?.split('->')[0] ?? '');
}

/**
 * The aggregator's vision-capable models, fetched live from its models endpoint with the
 * organization's key and kept 10 minutes per key (by the injectable clock).
 */
export class AggregatorCatalog {
  private readonly cache = new Map<string, { at: number; models: AggregatorModel[] }>();

  constructor(private readonly deps: { config: AiConfig; clock: Clock; log: FastifyBaseLogger }) {}

  /** 502 with a sentence when the list cannot be had (the key refused, the aggregator down). */
  async visionModels(apiKey: string): Promise<AggregatorModel[]> {
    const key = createHash('sha256').update(apiKey).digest('hex');
    const now = this.deps.clock.now().getTime();
    const hit = this.cache.get(key);
    if (hit && now - hit.at < MODEL_LIST_TTL_MS) return hit.models;
    const models = await this.fetchModels(apiKey);
    if (this.cache.size >= MAX_CACHED_KEYS) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, { at: now, models });
    return models;
  }

  private async fetchModels(apiKey: string): Promise<AggregatorModel[]> {
    const base = (this.deps.config.baseUrls.aggregator ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    let res: Response;
    try {
      res = await fetch(`${base}/models`, {
        headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json' },
        signal: AbortSignal.timeout(this.deps.config.callTimeoutMs),
      });
    } catch (err) {
      this.deps.log.warn({ err }, 'fetching the aggregator model list failed');
      throw new AppError('UPSTREAM_ERROR', 'The aggregator could not be reached to list its models');
    }
    if (res.status === 401 || res.status === 403)
      throw new AppError('UPSTREAM_ERROR', 'The provider rejected the key for aggregator');
    if (!res.ok) {
      this.deps.log.warn({ status: res.status }, 'the aggregator model list answered an error');
      throw new AppError('UPSTREAM_ERROR', `The aggregator did not list its models (HTTP ${res.status})`);
    }
    const parsed = ModelList.safeParse(await res.json().catch(() => null));
    if (!parsed.success)
      throw new AppError('UPSTREAM_ERROR', 'The aggregator answered its model list in an unknown format');
    return parsed.data.data.filter(takesImages).map((m) => ({ id: m.id, name: m.name ?? m.id }));
  }
}
