import { sendStoredFile } from '../../http/byte-range';
import type { RouteModule } from '../../http/types';
import { Recording, RecordingIdParams, RecordingList } from './session-recordings.schemas';
import { SessionIdParams } from './sessions.schemas';

export const sessionRecordingsRoutes: RouteModule = async (app, { services, storage }) => {
  const { sessionRecordings } = services;
  const tags = ['sessions'];
  app.post('/sessions/:session_id/recording/start', {
    schema: {
      tags,
      summary: "Start recording the session's screen (developer; one recording at a time)",
      params: SessionIdParams,
      response: { 200: Recording },
    },
    handler: (req) => sessionRecordings.startRecording({ ctx: req.ctx, input: { sessionId: req.params.session_id } }),
  });
  app.post('/sessions/:session_id/recording/stop', {
    schema: {
      tags,
      summary: 'Stop the recording: the MP4 is stored and playable at its url (developer)',
      params: SessionIdParams,
      response: { 200: Recording },
    },
    handler: (req) => sessionRecordings.stopRecording({ ctx: req.ctx, input: { sessionId: req.params.session_id } }),
  });
  app.get('/sessions/:session_id/recordings', {
    schema: {
      tags,
      summary: "The session's recordings, newest first",
      params: SessionIdParams,
      response: { 200: RecordingList },
    },
    handler: (req) => sessionRecordings.listRecordings({ ctx: req.ctx, input: { sessionId: req.params.session_id } }),
  });
  app.get('/recordings/:recording_id', {
    schema: {
      tags,
      summary: 'A session recording (video/mp4, H.264; HTTP Range supported)',
      params: RecordingIdParams,
    },
    handler: async (req, reply) => {
      const row = await sessionRecordings.getRecordingFile({
        ctx: req.ctx,
        input: { recordingId: req.params.recording_id },
      });
      return sendStoredFile(req, reply, storage, {
        key: row.storageKey,
        size: row.sizeBytes,
        contentType: 'video/mp4',
        name: `${row.publicId}.mp4`,
      });
    },
  });
};
