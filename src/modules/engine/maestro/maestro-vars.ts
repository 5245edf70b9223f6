import { ScriptError, scriptString, type ScriptState } from './maestro-script';
import { runSandboxed } from './maestro-script-pool';

const PATH = /^\s*([A-Za-z_$][\w$]*)((?:\.[A-Za-z_$][\w$]*)*)\s*$/;

/** The `${…}` expressions of a string with their spans (braces inside balanced). */
function expressions(text: string): Array<{ start: number; end: number; expr: string }> {
  const out: Array<{ start: number; end: number; expr: string }> = [];
  let i = text.indexOf('${');
  while (i !== -1 && out.length < 50) {
    let depth = 0;
    let j = i + 2;
    for (; j < text.length; j++) {
      if (text[j] === '{') depth++;
      else if (text[j] === '}') {
        if (depth === 0) break;
        depth--;
      }
    }
    if (j >= text.length) break;
    out.push({ start: i, end: j + 1, expr: text.slice(i + 2, j) });
    i = text.indexOf('${', j + 1);
  }
  return out;
}

/** The value of one expression: a name or dotted path read directly, anything else run in the sandbox. */
export async function evaluate(expr: string, state: ScriptState): Promise<unknown> {
  const m = PATH.exec(expr);
  // What scripts put on `maestro` (dates among them) is read in the sandbox.
  if (m && !(m[1] === 'maestro' && Object.keys(state.maestroVars ?? {}).length > 0)) {
    const root = m[1]!;
    let value: unknown =
      root === 'output'
        ? state.output
        : root === 'maestro'
          ? { copiedText: state.copiedText, platform: state.platform }
          : Object.hasOwn(state.variables, root)
            ? state.variables[root]
            : undefined;
    if (value !== undefined || root === 'output' || root === 'maestro') {
      for (const part of (m[2] ?? '').split('.').filter(Boolean)) {
        value =
          typeof value === 'object' && value !== null && Object.hasOwn(value, part)
            ? (value as Record<string, unknown>)[part]
            : undefined;
      }
      return value;
    }
  }
  // `${}` is undefined; `${ console.log('x'); }` is statements, run as a script (its completion
  // value), as Maestro evaluates them. A syntax error is found before anything runs, so trying the
  // expression first runs nothing twice.
  if (expr.trim() === '') return undefined;
  let result: Awaited<ReturnType<typeof runSandboxed>>;
  try {
    result = await runSandboxed(`(${expr}\n)`, state);
  } catch (err) {
    if (!(err instanceof ScriptError && err.message.startsWith('SyntaxError'))) throw err;
    result = await runSandboxed(expr, state);
  }
  state.output = result.output;
  state.maestroVars = result.maestroVars;
  return result.value;
}

/** A string with every `${…}` replaced by its value, as Maestro prints values into strings. */
export async function interpolate(text: string, state: ScriptState): Promise<string> {
  const found = expressions(text);
  if (found.length === 0) return text;
  let out = '';
  let at = 0;
  for (const e of found) {
    out += text.slice(at, e.start) + scriptString(await evaluate(e.expr, state));
    at = e.end;
  }
  return out + text.slice(at);
}

/** A command's value with `${…}` substituted in every string (its inline commands left for when they run). */
export async function interpolateArgs(v: unknown, state: ScriptState, depth = 0): Promise<unknown> {
  if (typeof v === 'string') return interpolate(v, state);
  if (depth > 8 || v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    const out: unknown[] = [];
    for (const x of v) out.push(await interpolateArgs(x, state, depth + 1));
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = k === 'commands' ? x : await interpolateArgs(x, state, depth + 1);
  return out;
}
