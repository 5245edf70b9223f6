import type { Check } from './intent';
import { parseCheck } from './parse-check';
import { passed, notSettled, type CheckResolution } from './resolution';
import type { ScreenIndex } from './target-finder';
import { describeElement } from './ui-tree';

/**
 * Claims that fields are empty, as testers write them of a form: "Both fields are empty", "All fields
 * are blank", "The Sign in screen shows empty Email and Password fields", "Empty Email and Password
 * fields", "Email and Password are blank", "Sign in screen with empty fields".
 */

const EMPTY = String.raw`(?:empty|blank|cleared)`;
/** "both fields", "all the fields", "the fields", "all text fields". */
const FIELDS = String.raw`(both|all(?: of)?(?: the)?|the|every)(?: (?:text|input|form))? fields?`;
/** "The Sign in screen shows", "Sign in screen with", "Sign in is shown with", "Sign in opens with". */
const PLACE = String.raw`^(?:the )?([^"]{1,40}?)(?: (?:screen|page|form))? (?:shows|has|is shown with|is displayed with|opens with|comes back with|with)`;

const fieldsEmpty = (word: string): Check => ({ kind: 'fields_empty', count: /^both$/i.test(word) ? 2 : null });

/** Each named field empty, read as "A and B fields are empty" reads. */
function namedEmpty(names: string): Check | null {
  const check = parseCheck(`${names.replace(/\s+fields?$/i, '')} fields are empty`);
  return check;
}

export function emptyFieldsClaim(s: string): Check | null {
  const t = s.trim().replace(/[.!]+$/, '');
  const all = new RegExp(`^${FIELDS} (?:are|stay|remain|should be|are still|is|still) ${EMPTY}$`, 'i').exec(t);
  if (all) return fieldsEmpty(all[1]!);
  const placed = new RegExp(`${PLACE} (?:(both|all) )?${EMPTY} (fields|inputs|form)$`, 'i').exec(t);
  if (placed)
    return {
      kind: 'all',
      checks: [{ kind: 'screen', name: placed[1]!, negated: false }, fieldsEmpty(placed[2] ?? 'all')],
    };
  const placedNamed = new RegExp(`${PLACE} (?:an? )?${EMPTY} (.+?)$`, 'i').exec(t);
  if (placedNamed && /\band\b|,/.test(placedNamed[2]!)) {
    const fields = namedEmpty(placedNamed[2]!);
    if (fields) return { kind: 'all', checks: [{ kind: 'screen', name: placedNamed[1]!, negated: false }, fields] };
  }
  const bare = new RegExp(`^${EMPTY} (.+?(?:\\band\\b|,).+?)(?: fields)?$`, 'i').exec(t);
  if (bare) return namedEmpty(bare[1]!);
  const said =
    /^(?:the )?(.+?(?:\band\b|,).+?)(?: fields)? (?:are|stay|remain|should be|are still) (?:blank|cleared)$/i.exec(t);
  if (said) return namedEmpty(said[1]!);
  return null;
}

/** Every text field on the screen is empty ("both": there are exactly two). */
export function checkFieldsEmpty(index: ScreenIndex, count: number | null): CheckResolution {
  const inputs = index.candidates.filter((e) => e.node.role === 'input');
  if (inputs.length === 0) return notSettled('no text field on this screen');
  if (count !== null && inputs.length !== count)
    return passed(false, `"both fields" but the screen has ${inputs.length} text fields`);
  const filled = inputs.find((e) => (e.node.text ?? '').trim() !== '');
  return filled
    ? passed(false, `${describeElement(filled.node)} is not empty`)
    : passed(true, `${inputs.length} text field(s), all empty`);
}
