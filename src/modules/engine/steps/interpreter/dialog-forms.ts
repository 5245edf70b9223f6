import type { Intent, ParsedStep } from './intent';
import { unquote } from './step-text';

/** Dialogs: their confirming or cancelling button whatever its label, or a button of the open dialog by name. */

type Rule = (s: string) => ParsedStep | null;
const ok = (intent: Intent): ParsedStep => ({ understood: true, intent });

const DIALOG = '(?:the )?(?:dialog|popup|pop-up|alert|prompt|modal|confirmation|message box|sheet)(?: box)?';

/**
 * "Tap OK on the alert", "Click "Delete" in the confirmation dialog", "Confirm by tapping Yes", "Dismiss the popup
 * with Not now": that button of the open dialog; with no dialog open the step is not settled.
 */
export const dialogButton: Rule = (s) => {
  const noun =
    '(?:dialog|alert|popup|pop-up|prompt|modal|sheet|confirmation|message box|action sheet)(?: box| window)?';
  const tapIn = new RegExp(
    `^(?:tap|click|press|hit|touch|select|choose)(?: on)? (.+?) (?:in|on|inside|from|within|of) (?:the |this |that |a )?(?:[\\w -]{0,30} )?${noun}$`,
    'i',
  ).exec(s);
  const by = new RegExp(
    `^(?:accept|confirm|approve|cancel|dismiss|close|decline|reject)(?: (?:the )?(?:[\\w -]{0,30} )?${noun})? (?:by (?:tapping|clicking|pressing|choosing|selecting)|with|using)(?: on)? (.+)$`,
    'i',
  ).exec(s);
  const raw = tapIn?.[1] ?? by?.[1];
  if (!raw) return null;
  const button = unquote(raw.replace(/\s+(?:button|option|link)$/i, '').replace(/^the\s+/i, ''));
  if (button === '' || /"/.test(button)) return null;
  return ok({ kind: 'dialog', accept: true, what: null, button });
};

/** "Accept the dialog", "Confirm the deletion", "Cancel the popup", "Dismiss the alert". */
export const dialog: Rule = (s) => {
  const bare = new RegExp(
    `^(accept|confirm|ok|approve|cancel|dismiss|close|decline|reject|deny)(?: ${DIALOG})?$`,
    'i',
  ).exec(s);
  const what = /^(confirm|accept|approve|cancel|decline|reject)\s+(?:the\s+)?(.+)$/i.exec(s);
  const m = bare ?? what;
  if (!m) return null;
  const accept = /^(?:accept|confirm|ok|approve)$/i.test(m[1]!);
  return ok({ kind: 'dialog', accept, what: bare ? null : unquote(m[2]!) });
};
