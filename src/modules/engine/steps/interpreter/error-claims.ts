import type { Check } from './intent';
import type { CheckResolution } from './resolution';
import { notSettled } from './resolution';
import type { ScreenIndex } from './target-finder';
import { describeElement, isVisible } from './ui-tree';

/**
 * "The error is showing", "an error message is shown", "a validation error appears", "I should see an error
 * message", "An error message should be displayed": some error is on
 * screen, its words not given. It passes on an alert or a text the app marks as an error (its identifier
 * names an error); a text that only reads like one ("… is incorrect") leaves it not settled; with neither
 * it fails.
 */
const ERROR = '(?:an? |the |some )?(?:error(?: message| text| banner)?|validation (?:error|message)|error-like text)s?';
const FORM = new RegExp(
  `^(?:(?:that|then) )?(?:${ERROR} (?:is |are )?(?:still )?(?:(?:should|must|will) (?:still )?(?:be )?|to be )?(?:shown|showing|displayed|visible|on screen|appears?|present)|(?:(?:i|we|the user) )?(?:should |can |must |will )?see ${ERROR})$`,
  'i',
);

export function errorShownClaim(s: string): Check | null {
  return FORM.test(s.trim().replace(/\.$/, '')) ? { kind: 'error_shown' } : null;
}

const ERROR_ID = /error|invalid|validation|alert/i;
const ERROR_WORDS =
  /\b(?:error|incorrect|invalid|wrong|failed|could ?n[o’']t|can[’']t|cannot|not (?:valid|found|recogni[sz]ed|allowed)|try again|required|enter (?:a|an|your)|too (?:short|long))\b/i;

export function checkErrorShown(index: ScreenIndex): CheckResolution {
  const shown = index.elements.filter(
    (e) => isVisible(e, index.observation.screen) && (e.node.text ?? '').trim() !== '',
  );
  const marked = shown.find(
    (e) => e.node.role === 'alert' || (e.node.role !== 'input' && ERROR_ID.test(e.node.id ?? '')),
  );
  if (marked)
    return {
      settled: true,
      kind: 'check',
      passed: true,
      reasoning: `${describeElement(marked.node)} is an error on screen`,
    };
  const worded = shown.find((e) => e.node.role === 'text' && ERROR_WORDS.test(e.node.text ?? ''));
  if (worded)
    return notSettled(
      `${describeElement(worded.node)} reads like an error, but nothing marks it as one; quote its words`,
    );
  return { settled: true, kind: 'check', passed: false, reasoning: 'no error is on screen' };
}
