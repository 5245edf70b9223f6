import type { ParsedStep } from './intent';
import { parseTarget } from './step-text';

/** An element named by its id, as Appium and Calabash suites write it. */

/** "I press id "ErrorDialogButtonOK" with text "OK"", "clicking by id "login_button"", "on item of id "fab"": the id. */
export function tapById(s: string): ParsedStep | null {
  const m =
    /^(?:tap|click|press|touch)(?:\s+on)?\s+(?:by\s+)?(?:the\s+)?(?:(?:item|element|button|view)\s+(?:of|with)\s+)?id\s+("[^"]+")(?:\s+with\s+(?:the\s+)?text\s+"[^"]*")?$/i.exec(
      s,
    );
  const target = m ? parseTarget(m[1]!) : null;
  return target ? { understood: true, intent: { kind: 'tap', target } } : null;
}
