import type { paths } from './schema';

/** The JSON a path answers with 200 for a method, straight from the OpenAPI document. */
export type Answer<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  responses: { 200: { content: { 'application/json': infer R } } };
}
  ? R
  : never;
/** The JSON body a path takes for a method. */
export type Body<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

/** A session; `webrtc_room_id` is deprecated and always null, so the console leaves it out. */
export type Session = Omit<Answer<'/api/v1/sessions/{session_id}', 'get'>, 'webrtc_room_id'>;
export type SessionStatus = Session['status'];
export type QueueEntry = Extract<Answer<'/api/v1/sessions/{session_id}/start', 'post'>, { status: 'queued' }>;
export type Device = Answer<'/api/v1/devices', 'get'>[number];
export type DevicePool = Answer<'/api/v1/devices/pools', 'get'>[number];
export type AppSummary = Answer<'/api/v1/apps/', 'get'>[number];
export type AppDetail = Answer<'/api/v1/apps/{app_id}', 'get'>;
export type Build = AppDetail['builds'][number];
export type Suite = Answer<'/api/v1/tests/suites', 'get'>[number];
export type SuiteDetail = Answer<'/api/v1/tests/suites/{suite_id}', 'get'>;
export type TestCase = Answer<'/api/v1/tests/cases/{case_id}', 'get'>;
export type Tag = Answer<'/api/v1/tests/tags', 'get'>[number];
export type Run = Answer<'/api/v1/tests/runs/{run_id}', 'get'>;
export type RunStatus = Run['status'];
export type SuiteRun = Answer<'/api/v1/tests/suite-runs/{suite_run_id}', 'get'>;
export type Baseline = Answer<'/api/v1/tests/cases/{case_id}/baselines', 'get'>[number];
export type Member = Answer<'/api/v1/organizations/{org_id}/members', 'get'>[number];
export type ApiToken = Answer<'/api/v1/organizations/{org_id}/api-tokens', 'get'>[number];
export type AuditPage = Answer<'/api/v1/organizations/{org_id}/audit-events', 'get'>;
export type SessionDefaults = Answer<'/api/v1/organizations/{org_id}/session-defaults', 'get'>;
export type Role = Member['role'];

export type AiConfig = Answer<'/api/v1/ai/config', 'get'>;
export type AiProvider = AiConfig['default_provider'];
export type AiModel = Answer<'/api/v1/ai/models', 'get'>[number];
export type ProviderKey = Answer<'/api/v1/ai/keys', 'get'>[number];
export type KeyProvider = ProviderKey['provider'];
export type AiUsage = Answer<'/api/v1/ai/usage', 'get'>;
export type CreditBalance = Answer<'/api/v1/credits/balance', 'get'>;
export type LedgerEntry = Answer<'/api/v1/credits/ledger', 'get'>['entries'][number];
export type UsageDashboard = Answer<'/api/v1/usage/dashboard', 'get'>;
export type UsageMetric =
  | UsageDashboard['ai_credit_platform']
  | UsageDashboard['ai_tokens_byok']
  | UsageDashboard['streaming_minutes']
  | UsageDashboard['active_sessions']
  | UsageDashboard['storage'];
export type Webhook = Answer<'/api/v1/integrations/webhooks', 'get'>[number];
export type EventType = Answer<'/api/v1/integrations/events/catalog', 'get'>[number];
export type Delivery = Answer<'/api/v1/integrations/webhooks/{id}/deliveries', 'get'>['deliveries'][number];
export type GithubConnection = Answer<'/api/v1/integrations/github', 'get'>;
export type CiRun = Answer<'/api/v1/ci/runs/{run_id}', 'get'>;
/** How the free interpreter reads one step or assertion (docs/engine.md, check-steps). */
export type StepCheck = Answer<'/api/v1/tests/cases/{case_id}/check-steps', 'post'>['steps'][number];

/** A step or an assertion as a case holds it: a sentence, or an object around one. */
export type StepValue =
  | string
  | {
      text: string;
      action_indices?: number[];
      visual?: { mode: 'default' | 'skip' | 'custom'; warn_pct?: number; fail_pct?: number };
    };

/** What the engine records per step of a run (`result.steps[]`, docs/engine.md). */
export interface StepResult {
  index: number;
  text: string;
  status: 'passed' | 'failed' | 'skipped';
  resolved_by: 'replay' | 'interpreter' | 'model' | null;
  screenshot: string | null;
  visual: { diff_pct: number; verdict: 'ok' | 'warn' | 'fail'; diff_image?: string } | null;
  duration_ms: number;
  error: string | null;
  healed?: boolean;
  /** The app crashed during the step (docs/artifacts.md). */
  crash?: { message: string; log_excerpt: string };
  /** What the accessibility check found on the step's screen; absent when the suite turned it off (docs/accessibility.md). */
  accessibility?: AccessibilityFinding[];
}

/** One accessibility finding on a step's settled screen. */
export interface AccessibilityFinding {
  rule: 'missing_label' | 'small_target' | 'low_contrast' | 'duplicate_label';
  severity: 'error' | 'warning';
  element: { role: string; name: string | null; id: string | null };
  bounds: { x: number; y: number; width: number; height: number };
  message: string;
}

/** A run's screen recording: chapters mark where each step that ran begins. */
export interface RunVideo {
  url: string;
  duration_ms: number;
  width: number;
  height: number;
  size_bytes: number;
  chapters: Array<{ step_index: number; at_ms: number }>;
}

/**
 * A step the model settled in a hybrid run, offered back as a change of the case
 * (`result.suggestions[]`, engine/steps/healing.ts); accepting it writes its actions into the recording.
 */
export interface HealingSuggestion {
  index: number;
  step_index: number;
  step_text: string;
  status: 'offered' | 'accepted';
  actions: Array<{ type: string; x?: number; y?: number; text?: string; key?: string; button?: string }>;
  accepted_at?: string;
}

export interface RunResult {
  steps: StepResult[];
  suggestions?: HealingSuggestion[];
  assertions: Array<{ text: string; passed: boolean; reasoning: string }>;
  visual_regression_status: 'ok' | 'warn' | 'fail' | null;
  /** The roll-up of the steps' accessibility findings; null when not checked. */
  accessibility_status?: 'ok' | 'warn' | 'fail' | null;
  sub_flows?: Array<{ name: string; status: 'passed' | 'failed'; steps: StepResult[]; error: string | null }>;
  video?: RunVideo | null;
  logs?: { url: string; lines: number; size_bytes: number } | null;
}

export interface TraceEntry {
  step_index: number;
  thought: string;
  tool: string;
  args: Record<string, unknown>;
  outcome: string;
}

/** A recorded action (docs/design/0015-recordings-steps-assertions.md): what the sandbox recorder captures. */
export interface RecordedAction {
  type:
    | 'tap'
    | 'double_tap'
    | 'long_press'
    | 'swipe'
    | 'type_text'
    | 'key'
    | 'button'
    | 'rotate'
    | 'launch_app'
    | 'wait'
    | 'open_url'
    | 'set_location'
    | 'set_permission'
    | 'set_appearance'
    | 'set_network'
    | 'set_clipboard';
  t_ms: number;
  /** Device capability actions (docs/sessions-and-devices.md, "Device capabilities"). */
  url?: string;
  latitude?: number;
  longitude?: number;
  permission?: 'camera' | 'microphone' | 'location' | 'photos' | 'contacts' | 'notifications';
  state?: 'granted' | 'denied' | 'reset';
  mode?: 'light' | 'dark' | 'online' | 'offline';
  x?: number;
  y?: number;
  x2?: number;
  y2?: number;
  duration_ms?: number;
  text?: string;
  key?: string;
  button?: string;
  rotation?: 0 | 90 | 180 | 270;
  package_name?: string;
  /** The element under a touch, as replay finds it again (docs/design/0015-recordings-steps-assertions.md). */
  selector?: RecordedElement['selector'];
  screenshot?: string;
}

/** The element a touch lands on (`GET /sessions/{id}/element-at`). */
export type RecordedElement = NonNullable<Answer<'/api/v1/sessions/{session_id}/element-at', 'get'>['element']>;
