import type { Check, Intent } from './intent';
import { parseStep } from './parse-step';

/**
 * The intent class of a reading, in the words the evaluation corpus and the case editor use
 * (`tap`, `type`, `check_value`, `composite`, …).
 */

function checkLabel(check: Check): string {
  switch (check.kind) {
    case 'visible':
      return check.negated ? 'check_not_visible' : 'check_visible';
    case 'text':
      return 'check_text';
    case 'state':
      return 'check_state';
    case 'title':
      return 'check_screen';
    case 'screen_text':
      return 'check_visible';
    case 'count':
      return 'check_count';
  }
}

export function intentLabel(intent: Intent): string {
  switch (intent.kind) {
    case 'check':
      return checkLabel(intent.check);
    case 'press':
      return 'tap';
    case 'set_switch':
      return intent.on ? 'toggle_on' : 'toggle_off';
    case 'scroll':
    case 'scroll_until':
      return 'scroll';
    case 'wait_until':
      return 'wait_for';
    case 'launch':
      return 'launch_app';
    case 'relaunch':
      return 'restart_app';
    case 'run_flow':
      return 'run_flow';
    default:
      return intent.kind;
  }
}

/** The intent class a step's text reads as without a screen, or null when it is not understood. */
export function readStepIntent(text: string): string | null {
  const parsed = parseStep(text);
  return parsed.understood ? intentLabel(parsed.intent) : null;
}
