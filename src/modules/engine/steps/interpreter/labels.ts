import type { Check, Intent } from './intent';
import { devicePhraseLabel, devicePhraseProblem } from './device-phrases';
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
    case 'value':
      return 'check_value';
    case 'order':
      return 'check_visible';
    case 'screen':
      return 'check_screen';
    case 'dialog':
      return check.open ? 'check_visible' : 'check_not_visible';
    case 'dialog_buttons':
    case 'under_field':
      return 'check_visible';
    case 'message':
      return check.negated ? 'check_not_visible' : 'check_visible';
    case 'shows':
      return /\s(?:screen|page)$/i.test(check.subject) ? 'check_screen' : 'check_text';
    case 'tab_bar':
      return check.shown ? 'check_visible' : 'check_not_visible';
    case 'absent':
      return 'check_not_visible';
    case 'rows_left':
      return 'check_text';
    case 'no_results_shown':
      return 'check_visible';
    case 'switches':
    case 'signed_in':
    case 'masked':
      return 'check_state';
    case 'fields_empty':
    case 'status':
      return 'check_text';
    case 'nth_row':
    case 'row_at':
    case 'phrase':
    case 'quoted_label':
    case 'row_line':
    case 'listed_rows':
    case 'only_rows':
    case 'section':
    case 'under_heading':
    case 'heading':
    case 'list_rows':
      return 'check_text';
    case 'field_hint':
    case 'error_shown':
      return 'check_text';
    case 'seen_on':
      return checkLabel(check.check);
    case 'all':
      return check.checks.length > 0 ? checkLabel(check.checks[0]!) : 'check_visible';
  }
}

export function intentLabel(intent: Intent): string {
  switch (intent.kind) {
    case 'check':
      return checkLabel(intent.check);
    case 'press':
      return intent.key === 'BACK' ? 'back' : 'tap';
    case 'set_switch':
    case 'set_switches':
      return intent.on ? 'toggle_on' : 'toggle_off';
    case 'scroll':
    case 'scroll_until':
    case 'scroll_end':
      return 'scroll';
    case 'wait_until':
      return 'wait_for';
    case 'launch':
      return 'launch_app';
    case 'relaunch':
      return 'restart_app';
    case 'run_flow':
      return 'run_flow';
    case 'sequence': {
      // "Press the back button 4 times": one action repeated is still that action.
      if (intent.steps.every((s) => s.kind === 'back')) return 'back';
      return intent.steps.length === 1 ? intentLabel(intent.steps[0]!) : 'composite';
    }
    case 'fill':
      return intent.values.length > 1 ? 'composite' : 'type';
    case 'counter':
    case 'tap_times':
      return 'tap';
    case 'pick_ordinal':
    case 'choose':
      return 'select';
    case 'dialog':
      if (intent.button) return 'tap';
      return intent.accept ? 'dialog_accept' : 'dialog_dismiss';
    case 'kill':
      return 'kill_app';
    case 'back_until':
    case 'back_to':
      return 'back';
    case 'background':
      return 'background_app';
    default:
      return intent.kind;
  }
}

/** The intent class a step's text reads as without a screen, or null when it is not understood. */
export function readStepIntent(text: string): string | null {
  const device = devicePhraseLabel(text);
  if (device) return device;
  if (devicePhraseProblem(text)) return null;
  const parsed = parseStep(text);
  return parsed.understood ? intentLabel(parsed.intent) : null;
}
