import type { Check } from './intent';
import type { ScreenIndex } from './target-finder';
import { notSettled, type CheckResolution } from './resolution';
import { normalizeText } from './text-match';
import { unquote } from './step-text';
import type { TreeElement } from './ui-tree';

/**
 * "Dialog buttons are Keep and Delete", "The popup's options are "OK" and "Cancel"", "The alert offers only
 * Close": the open dialog's buttons are exactly these, in any order.
 */
export function dialogButtonsCheck(s: string): Check | null {
  const m =
    /^(?:the )?(?:dialog|popup|pop-up|alert|prompt|modal)(?:'s)? (?:buttons|options|choices|actions) (?:are|read) (?:only )?(.+)$/i.exec(
      s,
    ) ??
    /^(?:the )?(?:dialog|popup|pop-up|alert|prompt|modal) (?:offers|has) (?:only )?(?:the )?(?:buttons? )?(.+)$/i.exec(
      s,
    );
  if (!m) return null;
  const names = m[1]!
    .replace(/^(?:the )?buttons? /i, '')
    .split(/,\s*(?:and\s+)?|\s+and\s+/i)
    .map((n) => unquote(n.trim()))
    .filter(Boolean);
  // A list of names only: "has a title and two buttons" describes, it does not name.
  if (
    names.length === 0 ||
    names.some((n) => /^(?:an?|one|two|three|\d+|no) /i.test(n) || n.split(' ').length > 4 || /\s(?:is|are)\s/i.test(n))
  )
    return null;
  return { kind: 'dialog_buttons', names };
}

function inside(el: TreeElement, dialog: TreeElement): boolean {
  for (let p = el.parent; p; p = p.parent) if (p === dialog) return true;
  return false;
}

/** The open dialog's buttons, read by their text, against the names said. */
/** With `include`, those buttons are among the dialog's ('The dialog has an OK button'). */
export function checkDialogButtons(index: ScreenIndex, names: string[], include = false): CheckResolution {
  const dialogs = index.elements.filter((e) => e.node.role === 'alert' && e.node.children.length > 0);
  if (dialogs.length === 0) return { settled: true, kind: 'check', passed: false, reasoning: 'no dialog is open' };
  if (dialogs.length > 1) return notSettled('more than one dialog is open');
  const buttons = index.elements
    .filter((e) => e.node.role === 'button' && inside(e, dialogs[0]!))
    .map((e) => e.node.text ?? '');
  const have = buttons.map(normalizeText).sort();
  const want = names.map(normalizeText).sort();
  const ok = include
    ? want.every((w) => have.includes(w))
    : have.length === want.length && have.every((b, i) => b === want[i]);
  return {
    settled: true,
    kind: 'check',
    passed: ok,
    reasoning: `the dialog's buttons are ${buttons.map((b) => `"${b}"`).join(', ') || 'none'}`,
  };
}
