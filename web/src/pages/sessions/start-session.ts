import { api, ok } from '../../api/client';
import type { Body } from '../../api/types';

export type NewSession = Body<'/api/v1/sessions', 'post'>;

/** Creates a session and asks for a device; it may start at once or wait in the queue (202). */
export async function createAndStartSession(body: NewSession): Promise<string> {
  const session = await ok(api.POST('/api/v1/sessions', { body }));
  await ok(
    api.POST('/api/v1/sessions/{session_id}/start', { params: { path: { session_id: session.session_id } }, body: {} }),
  );
  return session.session_id;
}
