import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { ObjectStorage } from '../../storage/storage';
import type { DeviceRouter } from '../workers';
import { SessionArtifactsRetention } from './session-artifacts-retention';
import type { SessionLogs } from './session-logs';
import { SessionLogsService } from './session-logs.service';
import { SessionRecordingsService } from './session-recordings.service';
import type { SessionsService } from './sessions.service';

/** What sessions leave to debug with (docs/artifacts.md), as the container exposes it. */
export interface SessionArtifactServices {
  /** A session's device log (`/sessions/{id}/logs`). */
  sessionLogs: SessionLogsService;
  /** Recordings of live sessions (`/sessions/{id}/recording/…`, `/recordings/{id}`). */
  sessionRecordings: SessionRecordingsService;
  /** The retention sweep of device logs and session recordings. */
  sessionArtifacts: SessionArtifactsRetention;
}

export function createSessionArtifactServices(d: {
  db: Db;
  storage: ObjectStorage;
  log: FastifyBaseLogger;
  router: DeviceRouter;
  sessions: SessionsService;
  logs: SessionLogs;
  retentionDays: number;
}): SessionArtifactServices {
  return {
    sessionLogs: new SessionLogsService(d),
    sessionRecordings: new SessionRecordingsService(d),
    sessionArtifacts: new SessionArtifactsRetention(d),
  };
}
