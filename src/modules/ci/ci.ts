import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { SecretBox } from '../../crypto/secret-box';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import type { AppsService } from '../apps';
import type { ExecutionService, RunsService } from '../engine';
import { CommitStatuses } from '../integrations';
import type { RealtimeHub } from '../realtime';
import type { SessionsService } from '../sessions';
import { CiCommitStatus } from './ci-commit-status';
import { CiOrchestrator } from './ci-orchestrator';
import { CiPresenter } from './ci-presenter';
import { CiTargets } from './ci-targets';
import { CiService } from './ci.service';

export type CiServices = ReturnType<typeof createCi>;

/** CI runs, wired: the API, the orchestration that runs them, and their commit statuses. */
export function createCi(d: {
  config: Config;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  jobs: JobQueue;
  secretBox: SecretBox;
  apps: AppsService;
  sessions: SessionsService;
  execution: ExecutionService;
  runs: RunsService;
  realtime: RealtimeHub;
}) {
  const presenter = new CiPresenter({ appUrl: d.config.server.appUrl, sessions: d.sessions });
  const orchestrator = new CiOrchestrator(d);
  const statuses = new CommitStatuses({
    db: d.db,
    secretBox: d.secretBox,
    apiUrl: d.config.github.apiUrl,
    log: d.log,
  });
  return {
    api: new CiService({ ...d, targets: new CiTargets(d), presenter, orchestrator }),
    orchestrator,
    commitStatus: new CiCommitStatus({ db: d.db, statuses, presenter }),
  };
}
