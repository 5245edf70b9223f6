import type { EventType } from '../events';

export const EVENT_CATEGORIES = ['runs', 'cases', 'warnings', 'visual', 'platform', 'billing'] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

export interface CatalogEntry {
  type: EventType;
  category: EventCategory;
  description: string;
  /** Subscribed by a new webhook that names no event types. */
  default_enabled: boolean;
}

/** Every event type simdeck emits; a new type in EVENT_TYPES without an entry here does not compile. */
const CATALOG: Record<EventType, Omit<CatalogEntry, 'type'>> = {
  'run.started': {
    category: 'runs',
    description: 'A test run or suite run was accepted and will execute.',
    default_enabled: true,
  },
  'run.passed': {
    category: 'runs',
    description: 'A test run or suite run ended with every case passed.',
    default_enabled: true,
  },
  'run.failed': {
    category: 'runs',
    description: 'A test run or suite run ended failed or in error.',
    default_enabled: true,
  },
  'run.cancelled': { category: 'runs', description: 'A test run or suite run was cancelled.', default_enabled: true },
  'case.failed': {
    category: 'cases',
    description: 'A test case failed, with the step that failed.',
    default_enabled: true,
  },
  'case.flaky': {
    category: 'cases',
    description: 'A test case failed and then passed on a retry in the same suite run, with its attempts.',
    default_enabled: true,
  },
  'case.quarantined': {
    category: 'cases',
    description: 'A test case was quarantined: it still runs, but its failures no longer fail suite runs or CI.',
    default_enabled: false,
  },
  'case.unquarantined': {
    category: 'cases',
    description: 'A test case left quarantine: its failures fail suite runs and CI again.',
    default_enabled: false,
  },
  'run.warning.flaky': {
    category: 'warnings',
    description: "A case's recent runs keep switching between passed and failed.",
    default_enabled: false,
  },
  'run.warning.slow': {
    category: 'warnings',
    description: 'A run took much longer than the recent runs of its case.',
    default_enabled: false,
  },
  'run.warning.ai_fallback_used': {
    category: 'warnings',
    description: 'Replay could not finish some steps and the agent settled them (hybrid mode).',
    default_enabled: false,
  },
  'run.warning.byok_quota_low': {
    category: 'warnings',
    description: "The organization's own provider key is close to its quota.",
    default_enabled: false,
  },
  'visual.regression_warning': {
    category: 'visual',
    description: 'A step differs from its baseline beyond the warn threshold.',
    default_enabled: false,
  },
  'visual.regression_detected': {
    category: 'visual',
    description: 'A step differs from its baseline beyond the fail threshold.',
    default_enabled: true,
  },
  'visual.run_completed_with_regressions': {
    category: 'visual',
    description: 'A run ended with a visual warn or fail verdict.',
    default_enabled: true,
  },
  'visual.baseline_updated': {
    category: 'visual',
    description: 'A baseline screenshot was written for a step.',
    default_enabled: false,
  },
  'app.crashed': {
    category: 'runs',
    description: "The app under test crashed during a run's step (session, run, step, the crash message).",
    default_enabled: true,
  },
  'app.uploaded': { category: 'platform', description: 'A new app was uploaded.', default_enabled: false },
  'build.uploaded': {
    category: 'platform',
    description: 'A new build of an app was uploaded.',
    default_enabled: false,
  },
  'session.started': { category: 'platform', description: 'A device session became active.', default_enabled: false },
  'session.ended': {
    category: 'platform',
    description: 'A device session ended, with its reason.',
    default_enabled: false,
  },
  'billing.credit_low': {
    category: 'billing',
    description: 'Usage credit fell below the low-balance threshold.',
    default_enabled: true,
  },
  'billing.topup_completed': {
    category: 'billing',
    description: 'A credit top-up was paid and credited.',
    default_enabled: true,
  },
  'billing.allowance_refilled': {
    category: 'billing',
    description: "The plan's monthly allowance was refilled.",
    default_enabled: false,
  },
};

export const EVENT_CATALOG: CatalogEntry[] = Object.entries(CATALOG).map(([type, entry]) => ({
  type: type as EventType,
  ...entry,
}));

export function isCatalogType(type: string): type is EventType {
  return Object.hasOwn(CATALOG, type);
}

export const DEFAULT_EVENT_TYPES: EventType[] = EVENT_CATALOG.filter((e) => e.default_enabled).map((e) => e.type);
