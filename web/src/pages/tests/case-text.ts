import type { StepValue } from '../../api/types';

/** Non-empty trimmed lines of a text area: one step or assertion each. */
export function linesOf(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

/** A step or assertion as the API holds it (a string, or an object with `text`), normalised to an object. */
export function asStep(value: unknown): Exclude<StepValue, string> {
  if (typeof value === 'string') return { text: value };
  if (value && typeof value === 'object' && 'text' in value) return value as Exclude<StepValue, string>;
  return { text: String(value ?? '') };
}

/** Back to the smallest form: a bare string when the object carries nothing but text. */
export function compactStep(step: Exclude<StepValue, string>): StepValue {
  const hasVisual = step.visual && step.visual.mode !== 'default';
  const hasActions = step.action_indices && step.action_indices.length > 0;
  if (!hasVisual && !hasActions) return step.text;
  return {
    text: step.text,
    ...(hasActions ? { action_indices: step.action_indices } : {}),
    ...(hasVisual ? { visual: step.visual } : {}),
  };
}
