import type { Action, Condition, Element, Scalar } from '../src/virtual/app-model';

/** Small builders that keep the example apps' screens readable; they produce plain app-model JSON. */

export const is = (v: string, value: Scalar): Condition => ({ var: v, equals: value });
export const empty = (v: string): Condition => ({ var: v, empty: true });
export const filled = (v: string): Condition => ({ var: v, notEmpty: true });
export const all = (...c: Condition[]): Condition => ({ all: c });
export const any = (...c: Condition[]): Condition => ({ any: c });
export const not = (c: Condition): Condition => ({ not: c });

export const set = (vars: Record<string, Scalar>): Action => ({ set: vars });
export const go = (screen: string): Action => ({ navigate: screen });
export const reset = (screen: string): Action => ({ reset: screen });
export const back: Action = { back: true };

/**
 * A form's validation: the first rule whose condition holds sets `errorVar` to its message;
 * when none does, the error is cleared and `then` runs.
 */
export function validate(errorVar: string, rules: [Condition, string][], then: Action[]): Action[] {
  let chain: Action[] = [set({ [errorVar]: '' }), ...then];
  for (const [cond, message] of [...rules].reverse()) {
    chain = [{ if: cond, then: [set({ [errorVar]: message })], else: chain }];
  }
  return chain;
}

/**
 * One `if` per case, side by side: for cases whose conditions exclude each other and whose actions
 * do not change what the conditions read (a chain of `else`s would nest as deep as the list is long).
 */
export function each(cases: [Condition, Action[]][]): Action[] {
  return cases.map(([cond, then]) => ({ if: cond, then }));
}

/** The first matching case runs; `otherwise` when none matches. */
export function choose(cases: [Condition, Action[]][], otherwise: Action[] = []): Action[] {
  let chain = otherwise;
  for (const [cond, then] of [...cases].reverse())
    chain = [{ if: cond, then, ...(chain.length ? { else: chain } : {}) }];
  return chain;
}

export const text = (id: string, value: string, style?: 'title' | 'headline' | 'body' | 'caption'): Element => ({
  type: 'text',
  id,
  text: value,
  ...(style ? { style } : {}),
});

export const notice = (id: string, v: string, style: 'error' | 'success'): Element => ({
  type: 'text',
  id,
  style,
  text: `{{${v}}}`,
  visibleIf: filled(v),
});

export const input = (
  id: string,
  bind: string,
  label: string,
  extra: { placeholder?: string; secure?: boolean; maxLength?: number; submit?: Action[]; visibleIf?: Condition } = {},
): Element => ({ type: 'input', id, bind, label, maxLength: 64, ...extra });

export const button = (
  id: string,
  label: string,
  action: Action[],
  style?: 'primary' | 'secondary' | 'destructive' | 'link',
  extra: { enabledIf?: Condition; visibleIf?: Condition } = {},
): Element => ({ type: 'button', id, label, ...(style ? { style } : {}), action, ...extra });

export const toggle = (id: string, bind: string, label: string, action?: Action[]): Element => ({
  type: 'toggle',
  id,
  bind,
  label,
  ...(action ? { action } : {}),
});

/** A label/value row of a summary: the label as a caption, the value right below it. */
export const row = (id: string, label: string, value: string, valueStyle: 'body' | 'headline' = 'body'): Element[] => [
  text(`${id}-label`, label, 'caption'),
  text(`${id}-value`, value, valueStyle),
];

/**
 * JSON indented like `JSON.stringify(v, null, 2)`, except that a value whose one-line form is
 * short stays on one line: the model's thousands of digit cases then take a line each.
 */
export function compactJson(value: unknown, indent = ''): string {
  const flat = JSON.stringify(value);
  if (flat.length + indent.length <= 160 || value === null || typeof value !== 'object') return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) return `[\n${value.map((v) => inner + compactJson(v, inner)).join(',\n')}\n${indent}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${compactJson(v, inner)}`).join(',\n')}\n${indent}}`;
}
