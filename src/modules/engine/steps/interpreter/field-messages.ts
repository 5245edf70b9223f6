import type { Check } from './intent';
import { findTarget, type ScreenIndex } from './target-finder';
import { notSettled, type CheckResolution } from './resolution';
import { normalizeText } from './text-match';
import { describeElement, isVisible, visibleRect } from './ui-tree';
import { unquote } from './step-text';

/**
 * ""Enter your email" is shown under the Email field", ""Required" appears below the Name input": a message
 * just below a field: below it, with no other field between them.
 */
export function underFieldCheck(s: string): Check | null {
  const m =
    /^"([^"]+)" (?:is |are )?(?:shown |displayed |visible |present |appears |shows )?(?:just |right |directly )?(?:under|below|beneath|underneath) (?:the )?("[^"]+"|[^"]+?) (?:field|input|text field|box)$/i.exec(
      s,
    );
  if (!m) return null;
  return { kind: 'under_field', text: m[1]!, field: unquote(m[2]!) };
}

/** The message is on screen, below the field, and the closest field above it is that one. */
export function checkUnderField(index: ScreenIndex, text: string, field: string): CheckResolution {
  const { screen } = index.observation;
  const found = findTarget(index, { text: field, role: 'field' }, { closeOnly: true, wholeScreen: true });
  if (!found.found) return notSettled(found.reason);
  const fieldRect = visibleRect(found.element);
  const want = normalizeText(text);
  const messages = index.elements.filter(
    (e) => e.node.role !== 'input' && isVisible(e, screen) && normalizeText(e.node.text ?? '') === want,
  );
  if (!fieldRect) return notSettled(`${describeElement(found.element.node)} is off screen`);
  if (messages.length === 0)
    return { settled: true, kind: 'check', passed: false, reasoning: `no text reads "${text}" on this screen` };
  const inputs = index.elements.filter((e) => e.node.role === 'input' && isVisible(e, screen));
  const under = messages.find((msg) => {
    const r = visibleRect(msg);
    if (!r || r.y < fieldRect.y + fieldRect.height / 2) return false;
    // The closest field above the message is the one named.
    const above = inputs
      .map((e) => ({ e, r: visibleRect(e) }))
      .filter((x) => x.r && x.r.y + x.r.height / 2 <= r.y)
      .sort((a, b) => b.r!.y - a.r!.y)[0];
    return above?.e === found.element;
  });
  return {
    settled: true,
    kind: 'check',
    passed: under !== undefined,
    reasoning: under
      ? `${describeElement(under.node)} is just below ${describeElement(found.element.node)}`
      : `"${text}" is on screen, but not just below ${describeElement(found.element.node)}`,
  };
}

/** An element that says it is a message: an alert, or an identifier that names an error, a hint or a notice. */
const MESSAGE_ID = /error|warn|message|notice|hint|toast|snack|banner|alert|invalid|validation|feedback/i;

/**
 * ""Choose a date" error is shown": a text that is a message, not the heading of the same words above a
 * picker. A match that does not say it is a message leaves the check not settled.
 */
export function checkNamedMessage(index: ScreenIndex, text: string, negated: boolean): CheckResolution {
  const want = normalizeText(text);
  const matches = index.elements.filter(
    (e) => isVisible(e, index.observation.screen) && normalizeText(e.node.text ?? '') === want,
  );
  const said = matches.find((e) => e.node.role === 'alert' || MESSAGE_ID.test(e.node.id ?? ''));
  const verdict = (ok: boolean, reasoning: string): CheckResolution => ({
    settled: true,
    kind: 'check',
    passed: ok,
    reasoning,
  });
  if (said) return verdict(!negated, `${describeElement(said.node)} is on screen`);
  if (matches.length === 0) return verdict(negated, `no text reads "${text}" on this screen`);
  return notSettled(
    `${describeElement(matches[0]!.node)} reads "${text}", but nothing marks it as a message rather than a heading`,
  );
}
