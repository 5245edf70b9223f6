import { type Rule, ok } from './intent';
import type { ParsedStep } from './intent';
import { unquote } from './step-text';
import { CHECK_VERB } from './lexicon';

/** Dialogs: their confirming or cancelling button whatever its label, or a button of the open dialog by name. */

/** "the dialog", "the security alert", "the drop-down menu": a dialog, named by its kind and a word or two before it. */
const DIALOG =
  '(?:the )?(?:[\\w-]+ ){0,2}?(?:dialog|popup|pop-up|alert|prompt|modal|confirmation|message box|sheet|(?:drop-?down|pop-?up|context|overflow|options) menu)(?: box)?';

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
  // "In the dialog tap Cancel", "On the alert, press OK": where the button is, said first.
  const lead = new RegExp(
    `^(?:in|on|inside|within) (?:the |this |that )?(?:[\\w -]{0,30} )?${noun},? (?:tap|click|press|hit|touch|select|choose)(?: on)? (.+)$`,
    'i',
  ).exec(s);
  // "I touch the alert view's "Ok" button".
  const owned =
    /^(?:tap|click|press|hit|touch)(?: on)? the (?:alert|dialog|popup|pop-up)(?: view| box| window)?['’]s (.+)$/i.exec(
      s,
    );
  // "Delete in the dialog", ""Sign out" on the alert": a name, with no verb, said to be the dialog's.
  const bare = new RegExp(`^("[^"]+"|\\p{Lu}[^,;]{0,30}?) (?:in|on|of) (?:the|this) ${noun}$`, 'u').exec(s);
  const named =
    bare && !CHECK_VERB.test(s) && !/^(?:see|wait|scroll|swipe|type|enter|read)\b/i.test(s) ? bare[1] : undefined;
  const raw = tapIn?.[1] ?? lead?.[1] ?? by?.[1] ?? owned?.[1] ?? named;
  if (!raw) return null;
  const button = unquote(raw.replace(/\s+(?:button|option|link)$/i, '').replace(/^the\s+/i, ''));
  if (button === '' || /"/.test(button)) return null;
  return ok({ kind: 'dialog', accept: true, what: null, button });
};

/**
 * "I answer yes", "Say OK to the alert", "Answer No to the dialog", "I confirm that I want to log out": the open
 * dialog's confirming or cancelling button, whatever its label.
 */
export const answer: Rule = (s) => {
  const m =
    /^(?:answer|reply|respond|say) (yes|no|ok|okay|cancel)(?: to (?:the |this )?(?:[\w -]{0,30} )?(?:dialog|alert|popup|pop-up|prompt|question))?$/i.exec(
      s,
    );
  if (m) return ok({ kind: 'dialog', accept: /^(?:yes|ok|okay)$/i.test(m[1]!), what: null });
  const want =
    /^confirm (?:that )?(?:i|you|we|the user) (?:really )?(?:want|wants|wish|would like|intend) to (.+)$/i.exec(s);
  return want ? ok({ kind: 'dialog', accept: true, what: null }) : null;
};

/**
 * "Tap Yes to confirm", "Tap Cancel to dismiss the dialog": the purpose after the name is a remark; said of a
 * dialog, the button is the open dialog's.
 */
export const tapWithPurpose: Rule = (s) => {
  const m =
    /^(?:tap|click|press|hit|touch|select|choose)(?: on)? (.+?) (?:in order )?to (?:confirm|dismiss|close|accept|cancel|continue|proceed|submit|save|finish|delete|remove|allow|deny|decline|approve)\b(.*)$/i.exec(
      s,
    );
  if (!m) return null;
  const name = unquote(m[1]!.replace(/^the\s+/i, '').replace(/\s+(?:button|option|link)$/i, ''));
  if (name === '' || /"/.test(name)) return null;
  if (/\b(?:dialog|alert|popup|pop-up|prompt|modal|sheet)\b/i.test(m[2]!))
    return ok({ kind: 'dialog', accept: true, what: null, button: name });
  return ok({ kind: 'tap', target: { text: name } });
};

/** "Accept the dialog", "Confirm the deletion", "Cancel the popup", "Dismiss the alert". */
export const dialog: Rule = (s) => {
  // "Accept the alert if it appears": with no dialog open there is nothing to do.
  const cond =
    /^(.+?),? if (?:it |one |any |the (?:dialog|alert|popup|prompt) )?(?:appears|is shown|is displayed|shows up|pops up|is visible|is present|is open)$/i.exec(
      s,
    );
  if (cond) {
    const inner = dialog(cond[1]!);
    if (!inner?.understood || inner.intent.kind !== 'dialog' || inner.intent.what !== null) return null;
    return ok({ ...inner.intent, optional: true });
  }
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

/**
 * Read before the checks: "I confirm that I want to log out" (the dialog's answer, though it starts like a check),
 * and "… if it appears", read only for a dialog's answer; "Tap OK if it appears" is refused rather than read as a
 * check that "Tap OK if it" shows.
 */
export function answerOrCondition(s: string): ParsedStep | null {
  const answered = answer(s);
  if (answered) return answered;
  if (
    !/^(?:tap|click|press|accept|dismiss|close|confirm|cancel|allow|deny|skip)\b.*,? if (?:it|one|any|they|the [\w ]+) (?:appears?|is shown|is displayed|shows up|pops up|is visible|is present|are shown)$/i.test(
      s,
    )
  )
    return null;
  return (
    dialog(s) ?? {
      understood: false,
      reason: 'not understood: a step that depends on what shows ("if it appears") is read only for a dialog\'s answer',
    }
  );
}
