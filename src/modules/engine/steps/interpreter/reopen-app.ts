import { actions } from './form-actions';
import { notSettled, type Resolution } from './resolution';
import type { ScreenIndex } from './target-finder';

/**
 * "Open it again", "Reopen it" after the app was closed: with the device's launcher on screen (app icons, no app),
 * "it" can only be the app, which is launched; anywhere else "it" names nothing the step shows, and is refused.
 */

const REOPEN = /^(?:re-?open|re-?launch|re-?start|open|launch|start)\s+it(?:\s+(?:again|back up|once more))?$/i;

export function reopenIt(s: string, index: ScreenIndex): Resolution | null {
  if (!REOPEN.test(s.trim())) return null;
  const launcher = index.elements.some((e) => e.node.role === 'app_icon');
  return launcher
    ? actions([{ op: 'launch' }], 'the app is closed (the launcher shows): launch it again')
    : notSettled('not understood: "it" names nothing on this screen (the app is open); say what to open');
}
