import type { StorageQuota } from '../plans';
import { CreditsOperatorService } from './credits-operator.service';
import { CreditsService } from './credits.service';
import { MeteringService } from './metering.service';
import { StripeWebhookService } from './stripe-webhook.service';
import type { PaymentsGateway } from './stripe-payments';
import { UsageService } from './usage.service';

/** Usage credit: balance and ledger, metering of AI runs and streaming, top-ups, the operator's verbs. */
export interface CreditsServices {
  credits: CreditsService;
  usage: UsageService;
  metering: MeteringService;
  webhooks: StripeWebhookService;
  operator: CreditsOperatorService;
}

export function createCreditsServices(deps: {
  payments: PaymentsGateway;
  appUrl: string;
  storageQuota: StorageQuota;
}): CreditsServices {
  return {
    credits: new CreditsService(deps),
    usage: new UsageService({ storageQuota: deps.storageQuota }),
    metering: new MeteringService(),
    webhooks: new StripeWebhookService(deps),
    operator: new CreditsOperatorService(),
  };
}
