import {
  assertionCheck,
  interpretAssertion,
  interpretStep,
  intentLabel,
  readStepIntent,
  type DeviceAction,
  type Observation,
  type Resolution,
} from './interpreter';

/**
 * A step or assertion read by the interpreter on one recorded screen, as a run would read it there:
 * settled (an action it would take, or a check it can judge, whatever the check's outcome on that
 * screen) with the intent class, or not, with the forms the screen suggests ("did you mean").
 */
export type ScreenReading = { settled: true; intent: string } | { settled: false; suggestions: string[] };

/** The intent class of one device action, in the words of the interpreter's intent labels. */
function actionLabel(a: DeviceAction): string {
  switch (a.op) {
    case 'input':
      switch (a.event.kind) {
        case 'touch':
          return 'tap';
        case 'swipe':
          return 'scroll';
        case 'text':
          return 'type';
        case 'key':
          return a.event.key === 'BACK' ? 'back' : 'key';
        case 'button':
          return a.event.button === 'HOME' ? 'home' : 'key';
        default:
          return a.event.kind;
      }
    case 'launch':
      return 'launch_app';
    case 'relaunch':
      return 'restart_app';
    case 'terminate':
      return 'kill_app';
    case 'capability':
      return a.step.type;
    default:
      return a.op;
  }
}

/** The intent class of a step settled on a screen: what its first part does, or the whole it starts. */
function stepLabel(r: Extract<Resolution, { settled: true }>, text: string, observation: Observation): string {
  switch (r.kind) {
    case 'check': {
      const check = assertionCheck(text, observation);
      return check ? intentLabel({ kind: 'check', check }) : 'check_visible';
    }
    case 'run_flow':
      return 'run_flow';
    case 'wait_until':
      return 'wait_for';
    case 'scroll_until':
      // What is read again once the scroll shows it: its class, else the scroll itself.
      return (r.then && readStepIntent(r.then)) || 'scroll';
    case 'actions': {
      // "Settings → Privacy": the first place here, the rest of the path on the screens it leads to.
      if (r.then && /^go to\b/i.test(r.then)) return 'navigate';
      if (r.then) return 'composite';
      const labels = [...new Set(r.actions.map(actionLabel))];
      // A field tapped, then typed into, is typing.
      if (labels.length === 2 && labels.includes('tap') && labels.includes('type')) return 'type';
      if (labels.length > 1) return 'composite';
      return labels[0] ?? 'no_action';
    }
  }
}

/** The forms the interpreter offered for a line it could not read here ("…; did you mean: A | B"). */
function offered(reason: string): string[] {
  const m = /did you mean: (.+)$/.exec(reason);
  return m ? m[1]!.split(' | ').filter((s) => s.trim() !== '') : [];
}

export function readOnScreen(kind: 'step' | 'assertion', text: string, observation: Observation): ScreenReading {
  if (kind === 'assertion') {
    const r = interpretAssertion(text, observation);
    if (!r.settled) return { settled: false, suggestions: offered(r.reason) };
    const check = assertionCheck(text, observation);
    return { settled: true, intent: check ? intentLabel({ kind: 'check', check }) : 'check_visible' };
  }
  const r = interpretStep(text, observation);
  if (!r.settled) return { settled: false, suggestions: offered(r.reason) };
  return { settled: true, intent: stepLabel(r, text, observation) };
}
