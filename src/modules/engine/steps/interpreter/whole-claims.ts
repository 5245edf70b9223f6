import type { Check } from './intent';
import { colonSaysCheck } from './claim-forms';
import { negativeTail, unseenBySay } from './absence-claims';
import { screenStayCheck } from './qa-claims';
import { rowListCheck } from './row-lists';
import { screenClaim } from './screen-claims';
import { switchStateClaim } from './switch-claims';

/**
 * Claims read whole, before the phrasings of a single check pull them apart: what a dialog says after a colon,
 * several rows with their lines, a switch with its state in capitals, a screen with what it holds, a screen that
 * stays or did not open. `parseCheck` reads the parts.
 */
export function wholeClaim(text: string, parseCheck: (t: string) => Check | null): Check | null {
  return (
    // "The dialog should say: "X" will be deleted.": the text after the colon as written, modal verbs and all.
    colonSaysCheck(text) ??
    // "App opens directly on Home, no Sign in screen": a claim and, after a comma, what is absent.
    negativeTail(text.trim().replace(/\.$/, ''), parseCheck) ??
    // "No order is placed - we are still on Checkout": what did not happen, shown by the screen that stays.
    unseenBySay(text, parseCheck) ??
    // "Fiction: Dune "…", Emma "…"", "Rows in order: A (…), B (…)": before any context is read off.
    rowListCheck(text, parseCheck) ??
    switchStateClaim(text) ??
    screenClaim(text, parseCheck) ??
    screenStayCheck(text.trim().replace(/\.$/, ''), parseCheck)
  );
}
