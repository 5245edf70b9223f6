import type { Intent } from './intent';
import { fieldTarget } from './parse-forms';
import { unquote } from './step-text';
import { findTarget, type ScreenIndex } from './target-finder';

/**
 * "Email: alex@x.test" as a step: the text field of that label gets the value. A list of them,
 * "Email: kim@x.test, Password: pw1234", is split at each following ", Label:" whose label names a field
 * on this screen: each value goes into its own field, one after the other. A value never swallows another
 * label: a following "Label:" that names no field here leaves the step not settled. A label that names
 * no field ("Total: €97.40") is no typing at all: it stays a check of the value shown beside it.
 */

export type LabelledField = { intent: Intent; rest?: string } | { refused: string };

/** "Email", "Phone number": a short label, never a sentence ("Note that the total is"). */
const LABEL = /^\p{L}[\p{L}\d'’ ()-]{0,38}$/u;

function fieldNamed(label: string, index: ScreenIndex) {
  if (!LABEL.test(label.trim()) || label.trim().split(/\s+/).length > 4) return null;
  const target = fieldTarget(label);
  if (!target) return null;
  const hit = findTarget(index, { ...target, role: 'field' }, { roles: ['input'], closeOnly: true });
  return hit.found ? { ...target, role: 'field' as const } : null;
}

export function labelledField(s: string, index: ScreenIndex): LabelledField | null {
  const m = /^([^:"]{1,40}?)\s*:\s+(.+)$/.exec(s);
  if (!m) return null;
  const target = fieldNamed(m[1]!, index);
  if (!target) return null;
  const value = m[2]!;
  // ", Password: …", "; Name: …", " and Phone: …": where the next label starts, when it names a field here.
  const next = /(?:,|;|\s+and)\s+(?:then\s+)?([^,;:"]{1,40}?)\s*:\s+/g;
  for (let hit = next.exec(value); hit; hit = next.exec(value)) {
    const label = hit[1]!;
    const own = value.slice(0, hit.index).trim();
    if (fieldNamed(label, index)) {
      if (own === '') return null;
      return {
        intent: { kind: 'type', text: unquote(own), target },
        rest: value.slice(hit.index).replace(/^(?:,|;|\s+and)\s+(?:then\s+)?/, ''),
      };
    }
    if (LABEL.test(label.trim()) && label.trim().split(/\s+/).length <= 3)
      return {
        refused: `the value for "${m[1]!.trim()}" holds another label, "${label.trim()}:", that names no field on this screen; write one field per step`,
      };
  }
  return { intent: { kind: 'type', text: unquote(value.trim()), target } };
}
