import { type Rule, ok } from './intent';
import { selectorFor } from '../selectors';
import type { ParsedStep, Target } from './intent';
import { notSettled, type Resolution } from './resolution';
import { pickerChoice } from './field-forms';
import { optionBelow } from './section-options';
import { findTarget, type ScreenIndex } from './target-finder';
import { parseTarget, unquote } from './step-text';
import { describeElement, isVisible, touchPoint, type TreeElement } from './ui-tree';

/**
 * An option of a picker, list or menu: "Select Large from the Size dropdown", "Choose Credit card as the
 * payment method", "Pick "2" from the quantity spinner", "From the Sort by menu, choose Price". On the screen:
 * the option when it shows, else the picker is opened and the option is tapped on the screen that follows.
 */

const PICKER =
  '(?:drop-?down(?: list| menu)?|drop down(?: list| menu)?|picker|spinner|selector|select(?:ion)? (?:box|list)|combo ?box|menu|list|options|option list|wheel|radio (?:group|buttons)|segmented control|carousel)';
const VERB = '(?:select|choose|pick)';

/** The picker's name without its kind ("the Size dropdown" → Size); null for a kind alone ("the list"). */
function pickerTarget(raw: string): Target | null {
  const s = raw.trim().replace(/^(?:the|a|an|this|that)\s+/i, '');
  const quoted = /^"([^"]+)"(?:\s+\w+)?$/.exec(s);
  if (quoted) return { text: quoted[1]! };
  const name = s.replace(new RegExp(`\\s*${PICKER}$`, 'i'), '').trim();
  if (name === '' || /"/.test(name)) return null;
  return { text: name };
}

function choose(optionRaw: string, fromRaw: string, needsKind: boolean): ParsedStep | null {
  const fromText = fromRaw.trim();
  if (needsKind && !new RegExp(`(?:^|\\s)${PICKER}$|^(?:the\\s+)?"[^"]+"$`, 'i').test(fromText)) return null;
  const raw = optionRaw.trim().replace(/^(?:the\s+)?(?:option|value|item|entry)\s+(?="|\S)/i, '');
  if (/^(?:the|a|an|any|some|one|my|your)\b/i.test(raw) && !/^the\s+"[^"]+"(?:\s+\w+)?$/i.test(raw)) return null;
  const option = parseTarget(raw.replace(/\s+(?:option|value|item|entry)$/i, ''));
  if (!option || option.text === '') return null;
  const from = pickerTarget(fromText);
  // "Select Item 3 in the list": no picker named, the option alone.
  if (!from) return needsKind ? ok({ kind: 'tap', target: option }) : null;
  return ok({ kind: 'choose', option, from });
}

/** "Select X from / in the Y dropdown", "Select X from "Y"". */
const fromPicker: Rule = (s) => {
  const m = new RegExp(`^${VERB}(?:\\s+on)?\\s+(.+?)\\s+(?:from|in|on|of|within|inside|under)\\s+(.+)$`, 'i').exec(s);
  return m ? choose(m[1]!, m[2]!, true) : null;
};

/** "Choose Credit card as the payment method", "Select "Female" for Gender". */
const asRole: Rule = (s) => {
  const m = new RegExp(
    `^${VERB}\\s+(.+?)\\s+(?:as|for)\\s+(?:the\\s+|your\\s+|my\\s+|a\\s+)?([^"]+|"[^"]+")$`,
    'i',
  ).exec(s);
  if (!m || /\s(?:as|for)\s/i.test(m[2]!)) return null;
  return choose(m[1]!, m[2]!, false);
};

/** "From the Sort by menu, choose Price", "In the Country dropdown select France". */
const pickerFirst: Rule = (s) => {
  const m = new RegExp(`^(?:from|in|on)\\s+(.+?),?\\s+${VERB}(?:\\s+on)?\\s+(.+)$`, 'i').exec(s);
  return m ? choose(m[2]!, m[1]!, true) : null;
};

/** "Under Mode tap Cool", "In the Mode section, select Cool": the option under that heading. */
const underHeading: Rule = (s) => {
  const m =
    /^(?:under|below|beneath|in the|within the)\s+(?:the\s+)?([^,"]+?|"[^"]+")(?:\s+section)?,?\s+(?:tap|select|choose|pick|press|click)(?:\s+on)?\s+(.+)$/i.exec(
      s,
    );
  if (!m || (/^in the|^within/i.test(s) && !/section,?\s/i.test(s))) return null;
  const option = parseTarget(m[2]!);
  const from = parseTarget(m[1]!);
  return option && from && option.text !== '' && from.text !== '' ? ok({ kind: 'choose', option, from }) : null;
};

export const CHOOSE_RULES: Rule[] = [fromPicker, asRole];
export const CHOOSE_WHOLE_RULES: Rule[] = [pickerFirst, underHeading];

function onScreen(index: ScreenIndex, el: TreeElement): string | null {
  if (!touchPoint(el) || !isVisible(el, index.observation.screen)) return `${describeElement(el.node)} is off screen`;
  if (!el.node.enabled) return `${describeElement(el.node)} is disabled`;
  return null;
}

function tap(index: ScreenIndex, el: TreeElement, reasoning: string, then?: string): Resolution {
  return {
    settled: true,
    kind: 'actions',
    actions: [
      {
        op: 'input',
        event: { kind: 'tap', ...touchPoint(el)! },
        selector: selectorFor(el.node, index.observation.tree),
      },
    ],
    reasoning,
    ...(then ? { then } : {}),
  };
}

/** The option when it is on this screen; else the picker, then the option on the screen it opens. */
export function chooseOption(index: ScreenIndex, option: Target, from: Target): Resolution {
  const under = optionBelow(index, from, unquote(option.text));
  if (under) return under;
  const hit = findTarget(index, option, { preferInteractive: true });
  if (hit.found) {
    const why = onScreen(index, hit.element);
    if (why) return notSettled(why);
    return tap(index, hit.element, `tap the option ${describeElement(hit.element.node)}`);
  }
  if (hit.ambiguous) return notSettled(hit.reason);
  // "Select High as the priority" on a form whose Priority row shows a value and a button opens its choices.
  const row = pickerChoice(index, from, unquote(option.text));
  if (row) return row;
  const picker = findTarget(index, from, { preferInteractive: true });
  if (!picker.found)
    return notSettled(
      picker.ambiguous
        ? picker.reason
        : `no element matches "${option.text}" or the picker "${from.text}" on this screen`,
    );
  const why = onScreen(index, picker.element);
  if (why) return notSettled(why);
  return tap(
    index,
    picker.element,
    `open ${describeElement(picker.element.node)} to choose "${option.text}"`,
    `tap "${unquote(option.text)}"`,
  );
}
