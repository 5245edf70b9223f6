import type { Condition, Element, ListItem, Scalar } from './app-model';

/** An app's state variables (and launch parameters): flat scalars by name. */
export type Vars = Record<string, Scalar>;

/** What `{{item.…}}` reads inside a list row's title, subtitle and actions. */
export interface Scope {
  item?: Record<string, Scalar>;
  /** The placeholders of the deep link being opened (`{{link.id}}`). */
  link?: Record<string, Scalar>;
}

/** Replaces `{{name}}`, `{{item.key}}` and `{{params.key}}` with current values ("" when unset). */
export function renderTemplate(text: string, vars: Vars, scope: Scope = {}, params: Vars = {}): string {
  return text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (_m, name: string) => {
    let v: Scalar | undefined;
    if (name.startsWith('item.')) v = scope.item?.[name.slice(5)];
    else if (name.startsWith('link.')) v = scope.link?.[name.slice(5)];
    else if (name.startsWith('params.')) v = params[name.slice(7)];
    else v = vars[name];
    return v === undefined ? '' : String(v);
  });
}

/** Evaluates a condition; `var: "params.x"` reads a launch parameter. */
export function evaluate(cond: Condition, vars: Vars, params: Vars = {}): boolean {
  if ('all' in cond) return cond.all.every((c) => evaluate(c, vars, params));
  if ('any' in cond) return cond.any.some((c) => evaluate(c, vars, params));
  if ('not' in cond) return !evaluate(cond.not, vars, params);
  const v = cond.var.startsWith('params.') ? params[cond.var.slice(7)] : vars[cond.var];
  const isEmpty = v === undefined || v === '' || v === false;
  if (cond.empty !== undefined && isEmpty !== cond.empty) return false;
  if (cond.notEmpty !== undefined && isEmpty === cond.notEmpty) return false;
  if (cond.equals !== undefined && v !== cond.equals) return false;
  if (cond.notEquals !== undefined && v === cond.notEquals) return false;
  return true;
}

/** The rows of a list element: its items, then the generated ones of `repeat`. */
export function listItems(el: Extract<Element, { type: 'list' }>): ListItem[] {
  const items: ListItem[] = [...(el.items ?? [])];
  const r = el.repeat;
  if (r) {
    for (let n = 1; n <= r.count; n++) {
      const sub = (s: string) => s.replaceAll('{{n}}', String(n));
      items.push({
        id: r.id ? sub(r.id) : undefined,
        title: sub(r.title),
        subtitle: r.subtitle ? sub(r.subtitle) : undefined,
        data: r.data
          ? Object.fromEntries(Object.entries(r.data).map(([k, v]) => [k, typeof v === 'string' ? sub(v) : v]))
          : undefined,
        action: r.action,
      });
    }
  }
  return items;
}
