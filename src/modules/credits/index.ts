export { formatUsd, parseUsd, runBilling } from './credit-rules';
export type { AccountSummary, CreditsOperatorService } from './credits-operator.service';
export { createCreditsServices } from './credits';
export type { CreditsServices } from './credits';
export type { MeteringService } from './metering.service';
export { StripePayments } from './stripe-payments';
