import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { AiConfig } from '../../config';
import type { SecretBox } from '../../crypto/secret-box';
import type { Db } from '../../db/client';
import type { MeteringService } from '../credits';
import { ModelAgent } from './agent';
import { AggregatorCatalog } from './aggregator-models';
import { AiConfigService } from './ai-config.service';
import { AiUsageService } from './ai-usage.service';
import { GenerateTestService } from './generate-test.service';
import { ProviderKeysService } from './provider-keys.service';

/** Language models: settings, keys, usage, generate-test, and the agent the engine runs steps with. */
export interface AiServices {
  config: AiConfigService;
  keys: ProviderKeysService;
  usage: AiUsageService;
  generateTest: GenerateTestService;
  agent: ModelAgent;
}

export function createAiServices(d: {
  config: AiConfig;
  secretBox: SecretBox;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Usage credit: what platform calls hold and, outside runs, are charged. */
  credits: MeteringService;
}): AiServices {
  const aggregator = new AggregatorCatalog({ config: d.config, clock: d.clock, log: d.log });
  const deps = { ...d, aggregator };
  return {
    config: new AiConfigService(deps),
    keys: new ProviderKeysService(deps),
    usage: new AiUsageService(),
    generateTest: new GenerateTestService(deps),
    agent: new ModelAgent(deps),
  };
}
