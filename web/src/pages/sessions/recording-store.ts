import type { RecordedAction } from '../../api/types';

/** A recording in progress or finished and not yet saved, as this browser keeps it across reloads. */
export interface StoredRecording {
  active: boolean;
  /** When recording started (ms since the epoch): action times are counted from it. */
  startedAt: number;
  actions: RecordedAction[];
}

const key = (sessionId: string) => `simdeck.recording.${sessionId}`;

export function loadRecording(sessionId: string): StoredRecording | null {
  try {
    const raw = localStorage.getItem(key(sessionId));
    if (!raw) return null;
    const r = JSON.parse(raw) as StoredRecording;
    return Array.isArray(r.actions) && typeof r.startedAt === 'number' ? r : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the recording in this browser's storage; when its screenshots do not fit, it is kept
 * without them (steps are then written from the elements alone).
 */
export function storeRecording(sessionId: string, r: StoredRecording): void {
  if (!r.active && r.actions.length === 0) {
    forgetRecording(sessionId);
    return;
  }
  try {
    localStorage.setItem(key(sessionId), JSON.stringify(r));
  } catch {
    try {
      const actions = r.actions.map(({ screenshot: _s, ...a }) => a);
      localStorage.setItem(key(sessionId), JSON.stringify({ ...r, actions }));
    } catch {
      // Storage is off or full: the recording lives in this page only.
    }
  }
}

export function forgetRecording(sessionId: string): void {
  try {
    localStorage.removeItem(key(sessionId));
  } catch {
    // Storage is off: nothing was kept.
  }
}
