import type { Check } from './intent';
import { notSettled, type CheckResolution } from './resolution';
import type { ScreenIndex } from './target-finder';
import { normalizeText } from './text-match';

/**
 * What the fields of one part of a form hold, said of the part: "Passenger 1 (lead passenger) is
 * filled with Alex / Morgan / alex@x.test", "The lead passenger is Alex Morgan, alex@x.test", "Leave
 * Passenger 2 empty". The fields under the part's heading, top to bottom, must read the values in
 * order (a value may span two fields: "Alex Morgan"); "empty" means every one of them is empty.
 */

const split = (v: string) =>
  v
    .split(/\s+\/\s+|,\s*(?:and\s+)?|\s+and\s+/i)
    // "First name "Sam"": the quoted value of a labelled one.
    .map((x) => /"([^"]*)"/.exec(x)?.[1] ?? x.trim())
    .filter(Boolean);

export function sectionCheck(s: string): Check | null {
  const filled = /^(?:the )?(.+?) (?:is|are) (?:filled (?:in )?with|prefilled with|filled as|filled in as) (.+)$/i.exec(
    s,
  );
  if (filled)
    return {
      kind: 'section',
      within: filled[1]!.replace(/\s+(?:section|block|details)$/i, ''),
      values: split(filled[2]!),
    };
  const lead = /^(?:the )?((?:lead|main|primary) (?:passenger|traveller|traveler|guest|contact)) is (.+)$/i.exec(s);
  if (lead && !/^(?:empty|blank|shown|visible|displayed)$/i.test(lead[2]!))
    return { kind: 'section', within: lead[1]!, values: split(lead[2]!) };
  return null;
}

/** "Leave Passenger 2 empty": a numbered part of a form whose fields stay empty. */
export function leaveSectionEmpty(s: string): Check | null {
  const m = /^(?:leave|keep) (?:the )?([\p{L} ]+ \d+)(?: section| block| details| fields)? (?:empty|blank)$/iu.exec(s);
  return m ? { kind: 'section', within: m[1]!, values: [] } : null;
}

const words = (s: string) => normalizeText(s).split(' ').filter(Boolean);
const holds = (hay: string[], needle: string[]) => {
  for (let i = 0; i + needle.length <= hay.length; i++) if (needle.every((w, k) => hay[i + k] === w)) return true;
  return false;
};

export function checkSection(index: ScreenIndex, within: string, values: string[]): CheckResolution {
  const want = words(within);
  const at = index.elements.findIndex((e) => e.node.role !== 'input' && e.node.text && holds(words(e.node.text), want));
  if (at < 0) return notSettled(`no heading "${within}" on this screen`);
  const first = words(index.elements[at]!.node.text!)[0];
  const inputs = [];
  for (const e of index.elements.slice(at + 1)) {
    if (e.node.role === 'button' || e.node.role === 'list_item') break;
    // The next part's heading ("Passenger 3" after "Passenger 2") ends this one.
    if (e.node.role === 'text' && e.node.text && words(e.node.text)[0] === first && /\d/.test(e.node.text)) break;
    if (e.node.role === 'input') inputs.push(e);
  }
  if (inputs.length === 0) return notSettled(`no fields under "${within}" on this screen`);
  const read = inputs.map((e) => e.node.text ?? '');
  const why = `the fields under "${within}" read ${read.map((t) => `"${t}"`).join(', ')}`;
  if (values.length === 0)
    return { settled: true, kind: 'check', passed: read.every((t) => t.trim() === ''), reasoning: why };
  const expected = normalizeText(values.join(' '));
  let acc = '';
  for (const t of read) {
    acc = `${acc} ${normalizeText(t)}`.trim();
    if (acc === expected) return { settled: true, kind: 'check', passed: true, reasoning: why };
  }
  return { settled: true, kind: 'check', passed: false, reasoning: why };
}
