import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const optionalUrl = z.url().optional();

/** A list of ports and ranges, `443,8443,9000-9010`, as the set of ports it names. */
const portList = z
  .string()
  .regex(
    /^\s*\d{1,5}(\s*-\s*\d{1,5})?(\s*,\s*\d{1,5}(\s*-\s*\d{1,5})?)*\s*$/,
    'a list of ports and ranges, e.g. 443,8443,9000-9010',
  )
  .transform((v, ctx) => {
    const ports = new Set<number>();
    for (const item of v.split(',')) {
      const [from, to = from] = item.split('-').map((x) => Number(x.trim())) as [number, number?];
      if (from < 1 || to! > 65535 || from > to!) {
        ctx.addIssue({ code: 'custom', message: `${item.trim()}: ports are 1 to 65535, a range low-high` });
        return z.NEVER;
      }
      for (let p = from; p <= to!; p++) ports.add(p);
    }
    return ports as ReadonlySet<number>;
  });

/** Every environment variable simdeck reads, in one place. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(20),
  REDIS_URL: optionalUrl,
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'letters, digits and : _ . - (at most 64)')
    .default('simdeck:'),
  APP_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SECRET_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
    .optional(),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('simdeck <no-reply@simdeck.local>'),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT: bool.default(true),
  DEFAULT_PLAN: z.enum(['free', 'starter', 'professional', 'enterprise']).optional(),
  WORKER_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  VIRTUAL_DEVICES: z.string().optional(),
  IN_PROCESS_WORKER: bool.default(true),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  RUN_BUDGET_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  RUN_MAX_STEPS: z.coerce.number().int().min(1).max(5000).default(500),
  STRIPE_SECRET_KEY: z.string().min(8).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  PLATFORM_AI_BASE_URL: optionalUrl,
  PLATFORM_AI_API_KEY: z.string().optional(),
  PLATFORM_AI_MODEL: z
    .string()
    .regex(/^[A-Za-z0-9._:/@-]{1,200}$/, 'a model name: letters, digits and . _ : / @ - (at most 200)')
    .optional(),
  PLATFORM_AI_MARKUP: z.coerce.number().min(0).max(100).default(1),
  PROVIDER_A_BASE_URL: optionalUrl,
  PROVIDER_B_BASE_URL: optionalUrl,
  PROVIDER_C_BASE_URL: optionalUrl,
  AGGREGATOR_BASE_URL: optionalUrl,
  AI_CALL_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  AI_RETRY_BASE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  AI_RUN_BUDGET_MICRO: z.coerce.number().int().min(0).max(1_000_000_000_000).default(2_000_000),
  AI_MAX_OUTPUT_TOKENS: z.coerce.number().int().min(64).max(100_000).default(1024),
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  WEBHOOK_ALLOWED_PORTS: portList.optional(),
  GITHUB_API_URL: z.url().default('https://api.github.com'),
  UPLOAD_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  UPLOAD_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(0).max(100_000_000).default(1024),
  STORAGE_QUOTA_MB: z.coerce.number().int().min(0).max(1_000_000_000).optional(),
  ARTIFACT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
});

export type Env = z.input<typeof EnvSchema>;

export interface Config {
  server: {
    port: number;
    host: string;
    appUrl: string;
    /** APP_URL is https: browsers are told to use nothing else (HSTS). */
    https: boolean;
    trustProxy: boolean;
    logLevel: string;
    shutdownTimeoutMs: number;
  };
  dataDir: string;
  db: { url: string | undefined; poolMax: number };
  redis: { url: string | undefined; prefix: string };
  auth: { jwtSecret: string | undefined };
  secretKey: string | undefined;
  mail: { smtpUrl: string | undefined; from: string };
  rateLimit: { enabled: boolean };
  /**
   * The plan new organizations start on: DEFAULT_PLAN when set; otherwise `free` where billing is
   * configured (STRIPE_SECRET_KEY: plans are sold) and `enterprise`, without caps, where it is not.
   */
  plans: { defaultPlan: 'free' | 'starter' | 'professional' | 'enterprise' };
  workers: { token: string | undefined; virtualDevices: string | undefined; inProcess: boolean };
  /** Stripe for credit top-ups: without a secret key top-ups answer 503. `api` aims the client elsewhere (tests). */
  billing: {
    stripeSecretKey: string | undefined;
    stripeWebhookSecret: string | undefined;
    stripeApi: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
  };
  /** Bounds of one executed test run: wall clock, steps per case. */
  engine: { runBudgetMs: number; maxStepsPerCase: number };
  ai: AiConfig;
  /**
   * Webhook targets on private, loopback or link-local addresses are refused unless allowPrivate;
   * their port must be in allowedPorts when it is set (otherwise 80, 443 or 1024–65535 but well-known services').
   */
  webhooks: { allowPrivate: boolean; allowedPorts: ReadonlySet<number> | null };
  /** Where commit statuses are posted (a GitHub Enterprise or a test server may stand in). */
  github: { apiUrl: string };
  /** How slow an upload's body may arrive (src/uploads/upload-receiver.ts, UploadPace). */
  uploads: { idleMs: number; minBytesPerSecond: number };
  /**
   * STORAGE_QUOTA_MB: every organization's storage quota (0: none), whatever its plan. Unset, the
   * plan's quota applies when billing is configured and no quota otherwise.
   */
  storageQuotaBytes: number | null;
  /** ARTIFACT_RETENTION_DAYS: run videos and logs, session recordings and device logs go after this many days. */
  artifactRetentionDays: number;
  storage: {
    s3:
      | {
          bucket: string;
          endpoint: string | undefined;
          region: string;
          accessKeyId: string | undefined;
          secretAccessKey: string | undefined;
          forcePathStyle: boolean;
        }
      | undefined;
  };
}

/** Language-model providers (docs/design/0018-ai-providers-models-and-costs.md) and the agent's bounds. */
export interface AiConfig {
  /** The operator's hosted model (an OpenAI-compatible endpoint), billed from usage credit; unset without a base URL and model. */
  platform: { baseUrl: string; apiKey: string | undefined; model: string } | undefined;
  /** Platform calls are billed at list price × this (PLATFORM_AI_MARKUP). */
  platformMarkup: number;
  /** Base URL overrides per provider (tests, self-hosted gateways); unset uses each SDK's default. */
  baseUrls: {
    provider_a: string | undefined;
    provider_b: string | undefined;
    provider_c: string | undefined;
    aggregator: string | undefined;
  };
  /** One model call's time limit, and how often a 429, 5xx, timeout or network failure is retried. */
  callTimeoutMs: number;
  maxRetries: number;
  /** First backoff; doubled on each retry (a Retry-After header wins, up to 30 s). */
  retryBaseMs: number;
  /** What one run may spend on model calls, in micro-credits (1,000,000 = $1). */
  runBudgetMicro: number;
  /** The length cap of an agent's reply (AI_MAX_OUTPUT_TOKENS): with the prompt, what a call may cost. */
  maxOutputTokens: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses the environment once; throws ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const port = e.PORT;
  const appUrl = (e.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    server: {
      port,
      host: e.HOST,
      appUrl,
      https: new URL(appUrl).protocol === 'https:',
      trustProxy: e.TRUST_PROXY,
      logLevel: e.LOG_LEVEL,
      shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    },
    dataDir: path.resolve(e.DATA_DIR),
    db: { url: e.DATABASE_URL, poolMax: e.DATABASE_POOL_MAX },
    redis: { url: e.REDIS_URL, prefix: e.REDIS_PREFIX },
    auth: { jwtSecret: e.JWT_SECRET },
    secretKey: e.SECRET_KEY,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    rateLimit: { enabled: e.RATE_LIMIT },
    plans: { defaultPlan: e.DEFAULT_PLAN ?? (e.STRIPE_SECRET_KEY ? 'free' : 'enterprise') },
    workers: { token: e.WORKER_TOKEN, virtualDevices: e.VIRTUAL_DEVICES, inProcess: e.IN_PROCESS_WORKER },
    billing: {
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
      stripeApi: e.STRIPE_API_BASE ? apiAddress(e.STRIPE_API_BASE) : undefined,
    },
    engine: { runBudgetMs: e.RUN_BUDGET_MINUTES * 60_000, maxStepsPerCase: e.RUN_MAX_STEPS },
    ai: {
      platform:
        e.PLATFORM_AI_BASE_URL && e.PLATFORM_AI_MODEL
          ? { baseUrl: e.PLATFORM_AI_BASE_URL, apiKey: e.PLATFORM_AI_API_KEY, model: e.PLATFORM_AI_MODEL }
          : undefined,
      platformMarkup: e.PLATFORM_AI_MARKUP,
      baseUrls: {
        provider_a: e.PROVIDER_A_BASE_URL,
        provider_b: e.PROVIDER_B_BASE_URL,
        provider_c: e.PROVIDER_C_BASE_URL,
        aggregator: e.AGGREGATOR_BASE_URL,
      },
      callTimeoutMs: e.AI_CALL_TIMEOUT_MS,
      maxRetries: e.AI_MAX_RETRIES,
      retryBaseMs: e.AI_RETRY_BASE_MS,
      runBudgetMicro: e.AI_RUN_BUDGET_MICRO,
      maxOutputTokens: e.AI_MAX_OUTPUT_TOKENS,
    },
    webhooks: { allowPrivate: e.WEBHOOK_ALLOW_PRIVATE, allowedPorts: e.WEBHOOK_ALLOWED_PORTS ?? null },
    github: { apiUrl: e.GITHUB_API_URL.replace(/\/+$/, '') },
    uploads: { idleMs: e.UPLOAD_IDLE_TIMEOUT_MS, minBytesPerSecond: e.UPLOAD_MIN_BYTES_PER_SECOND },
    storageQuotaBytes: e.STORAGE_QUOTA_MB === undefined ? null : e.STORAGE_QUOTA_MB * 1024 * 1024,
    artifactRetentionDays: e.ARTIFACT_RETENTION_DAYS,
    storage: {
      s3: e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    },
  };
}

/** `http://127.0.0.1:12111` → the host, port and protocol an API client takes. */
function apiAddress(base: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const u = new URL(base);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: u.port ? Number(u.port) : protocol === 'http' ? 80 : 443, protocol };
}
