import { evaluateCheck } from './evaluate-check';
import { parseStep } from './parse-step';
import type { Resolution } from './resolution';
import { readRowStepper } from './row-stepper';
import type { ScreenIndex } from './target-finder';

/**
 * "Tap + on Floor lamp once (50%)", "Tap − on the Floor lamp 3 times (40 → 10%)": a line's stepper tapped, and the
 * value the writer expects after it in brackets (the last one after an arrow). The taps are done, then the text
 * beside the line's name must hold that value as whole words ("Brightness 50%"): another value fails the step. A
 * bracket after any other step is left to the rest of the interpreter.
 */

const FORM =
  /^(.+?)\s+\(\s*(?:[+\-−]?\d[\d.,]*\s*(?:%|°[CF]?|\p{L}{1,4})?\s*(?:→|->|to)\s*)?([+\-−]?\d[\d.,]*\s*(?:%|°[CF]?|\p{L}{1,4})?)\s*\)$/u;
/** The check the step leaves for the screen its taps lead to. */
const HOLDS = /^verify the value beside "([^"]+)" holds "([^"]+)"(?:,?\s+then\s+(.+))?$/;

export function stepperWithResult(
  s: string,
  index: ScreenIndex,
  interpret: (clause: string, index: ScreenIndex) => Resolution,
): Resolution | null {
  const holds = HOLDS.exec(s);
  if (holds) {
    const r = evaluateCheck({ kind: 'value', label: { text: holds[1]! }, value: holds[2]!, match: 'words' }, index);
    return r.settled && r.passed && holds[3] ? { ...r, then: holds[3] } : r;
  }
  const m = FORM.exec(s);
  if (!m) return null;
  const inner = parseStep(m[1]!);
  if (!inner.understood) return null;
  const act = inner.intent;
  if (act.kind !== 'tap' && act.kind !== 'tap_times') return null;
  const line = readRowStepper(act.target.text);
  if (!line) return null;
  const name = line.name.replace(/^the\s+/i, '').trim();
  const check = `verify the value beside "${name}" holds "${m[2]!.replace(/\s+/g, '')}"`;
  const r = interpret(m[1]!, index);
  if (!r.settled || r.kind === 'check') return r;
  return { ...r, then: r.then ? `${r.then}, then ${check}` : check };
}
