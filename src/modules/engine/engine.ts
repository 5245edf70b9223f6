import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import type { ObjectStorage } from '../../storage/storage';
import type { AppsService } from '../apps';
import { FLOW_DEPTH, type BaselinesService } from '../catalogue';
import type { ClusterBus } from '../cluster';
import type { MeteringService } from '../credits';
import type { RealtimeHub } from '../realtime';
import { beginRecording, finishRecording, type SessionLifecycle, type SessionsService } from '../sessions';
import { CaseRunner } from './execution/case-runner';
import type { SessionRecorder } from './maestro/maestro-recordings';
import { ExecutionService } from './execution.service';
import { Interruptions } from './execution/interruptions';
import { InstalledBuilds } from './execution/prepare';
import { RunEvents } from './results/run-events';
import { RunExecutor } from './execution/run-executor';
import { RunSignals } from './execution/run-signals';
import { HEARTBEAT_MS } from './execution/run-watch';
import { RunsService } from './runs.service';
import type { ModelResolver, StepAgent } from './steps/step-agent';
import { SuiteExecutor } from './execution/suite-executor';
import { SuggestionsService } from './suggestions.service';
import { RunArtifactsService } from './run-artifacts.service';
import { RunArtifactsRetention } from './results/run-artifacts-retention';
import { CheckStepsService } from './check-steps.service';
import { VisualJudge } from './visual/visual-judge';

export interface EngineDeps {
  config: Config;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  storage: ObjectStorage;
  jobs: JobQueue;
  apps: AppsService;
  sessions: SessionsService;
  lifecycle: SessionLifecycle;
  baselines: BaselinesService;
  realtime: RealtimeHub;
  /** Usage credit: platform-billed runs are checked before they start and between steps, and settled when they end. */
  credits: MeteringService;
  bus?: ClusterBus;
  /** Language models (the ai module): the agent settles what the interpreter cannot; `models` checks a run's model. */
  agent?: StepAgent;
  models?: ModelResolver;
}

export type EngineServices = ReturnType<typeof createEngine>;

/** The execution engine's parts, wired (docs/design/0016-execution.md): starting, executing, stopping runs. */
export function createEngine(d: EngineDeps) {
  const signals = new RunSignals(d.bus);
  // A session that ends stops the run on it at once.
  const installed = new InstalledBuilds();
  d.lifecycle.onSessionEnded((sessionId, message) => {
    signals.stopSessionRuns(sessionId, message);
    installed.forget(sessionId);
  });
  const events = new RunEvents(d.realtime);
  const judge = new VisualJudge({ storage: d.storage });
  const caseRunner = new CaseRunner({
    storage: d.storage,
    log: d.log,
    judge,
    limits: { stepsPerCase: d.config.engine.maxStepsPerCase, flowDepth: FLOW_DEPTH },
    recorder: sessionRecorder,
  });
  const limits = { runBudgetMs: d.config.engine.runBudgetMs, heartbeatMs: HEARTBEAT_MS };
  const runs = new RunExecutor({ ...d, signals, events, caseRunner, installed, limits });
  const suites = new SuiteExecutor({ ...d, signals, events, runs, installed, limits });
  return {
    signals,
    execution: new ExecutionService({
      apps: d.apps,
      sessions: d.sessions,
      jobs: d.jobs,
      signals,
      events,
      credits: d.credits,
      models: d.models,
    }),
    runsApi: new RunsService({
      signals,
      sessions: d.sessions,
      storage: d.storage,
      appUrl: d.config.server.appUrl,
      baselines: d.baselines,
    }),
    suggestions: new SuggestionsService(),
    artifacts: new RunArtifactsService({ storage: d.storage }),
    artifactRetention: new RunArtifactsRetention({
      db: d.db,
      storage: d.storage,
      log: d.log,
      retentionDays: d.config.artifactRetentionDays,
    }),
    checkSteps: new CheckStepsService(),
    runs,
    suites,
    interruptions: new Interruptions({ ...d, runs, suites, signals }),
  };
}

/** Maestro flows record the session's screen as session recordings (docs/maestro.md). */
const sessionRecorder: SessionRecorder = {
  async begin(ctx, device, organizationId) {
    const row = await beginRecording(ctx.db, device, { organizationId, createdByUserId: null, now: ctx.clock.now() });
    return {
      id: row.publicId,
      async finish() {
        const done = await finishRecording(ctx.db, device, row, () => ctx.clock.now());
        return { ready: done.status === 'ready', durationMs: done.durationMs, error: done.errorMessage };
      },
    };
  },
};
