/**
 * Maestro's JavaScript (`evalScript`, `runScript`, `assertTrue`, and `${…}` in any value) run in
 * QuickJS compiled to WebAssembly: no file system, no network, no timers, no host objects, only
 * what is handed in as JSON. Each evaluation has its own runtime, bounded in heap, stack and time
 * (docs/design/0031-maestro-flows.md says why not node:vm or isolated-vm).
 */

/** Bounds of one evaluation. */
export const SCRIPT_LIMITS = {
  timeMs: 1_000,
  memoryBytes: 16 * 1024 * 1024,
  stackBytes: 512 * 1024,
  outputBytes: 64 * 1024,
};

/** What scripts see: `output` (kept across the flow), the flow's variables, and `maestro.copiedText`. */
export interface ScriptState {
  output: Record<string, unknown>;
  variables: Record<string, string>;
  copiedText: string;
  platform: string;
}

export class ScriptError extends Error {}

type QuickJs = Awaited<ReturnType<typeof import('quickjs-emscripten')['getQuickJS']>>;
let engine: Promise<QuickJs> | null = null;
const quickJs = () => {
  engine ??= import('quickjs-emscripten').then((m) => m.getQuickJS());
  return engine;
};

const IDENT = /^[A-Za-z_$][\w$]*$/;

/**
 * Runs `code` with the state's globals; returns its completion value (as JSON-able data) and the
 * `output` object as the script left it. Throws ScriptError on an exception, a time or memory
 * overrun, or an output past its size cap.
 */
export async function runSandboxed(
  code: string,
  state: ScriptState,
  extra: Record<string, string> = {},
): Promise<{ value: unknown; output: Record<string, unknown>; logs: string[] }> {
  const { shouldInterruptAfterDeadline } = await import('quickjs-emscripten');
  const runtime = (await quickJs()).newRuntime();
  runtime.setMemoryLimit(SCRIPT_LIMITS.memoryBytes);
  runtime.setMaxStackSize(SCRIPT_LIMITS.stackBytes);
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + SCRIPT_LIMITS.timeMs));
  const vm = runtime.newContext();
  try {
    const globals: Record<string, unknown> = {};
    for (const [k, v] of Object.entries({ ...state.variables, ...extra })) if (IDENT.test(k)) globals[k] = v;
    const prelude = `
      var __g = ${JSON.stringify(globals)};
      for (var __k in __g) globalThis[__k] = __g[__k];
      var output = ${JSON.stringify(state.output)};
      var maestro = { copiedText: ${JSON.stringify(state.copiedText)}, platform: ${JSON.stringify(state.platform)} };
      var __logs = [];
      var console = { log: function () { if (__logs.length < 100) __logs.push(Array.prototype.map.call(arguments, String).join(' ').slice(0, 500)); } };
      console.info = console.warn = console.error = console.log;
      function json(s) { return JSON.parse(s); }
    `;
    unwrap(vm, vm.evalCode(prelude, 'prelude.js'));
    const value = unwrap(vm, vm.evalCode(code, 'script.js'));
    const after = unwrap(vm, vm.evalCode('JSON.stringify({ o: output, l: __logs })', 'read.js'));
    if (typeof after !== 'string' || after.length > SCRIPT_LIMITS.outputBytes)
      throw new ScriptError(`the script's output is larger than ${SCRIPT_LIMITS.outputBytes / 1024} KB`);
    const read = JSON.parse(after) as { o: unknown; l: string[] };
    const output = typeof read.o === 'object' && read.o !== null ? (read.o as Record<string, unknown>) : {};
    return { value: plain(value), output, logs: read.l };
  } finally {
    vm.dispose();
    runtime.dispose();
  }
}

function unwrap(
  vm: import('quickjs-emscripten').QuickJSContext,
  result: import('quickjs-emscripten').VmCallResult<import('quickjs-emscripten').QuickJSHandle>,
): unknown {
  if (result.error) {
    const err = vm.dump(result.error) as { name?: string; message?: string } | string;
    result.error.dispose();
    const message = typeof err === 'string' ? err : `${err?.name ?? 'Error'}: ${err?.message ?? ''}`;
    if (/interrupted/i.test(message)) throw new ScriptError(`the script ran longer than ${SCRIPT_LIMITS.timeMs} ms`);
    if (/out of memory/i.test(message) || /InternalError: stack overflow/.test(message))
      throw new ScriptError(
        `the script needs more than ${SCRIPT_LIMITS.memoryBytes / 1024 / 1024} MB or a deeper stack (${message.slice(0, 100)})`,
      );
    throw new ScriptError(message.slice(0, 500));
  }
  const value = vm.dump(result.value);
  result.value.dispose();
  return value;
}

function plain(v: unknown): unknown {
  if (v === undefined || v === null || typeof v !== 'object') return v;
  const text = JSON.stringify(v);
  return text && text.length <= SCRIPT_LIMITS.outputBytes ? JSON.parse(text) : null;
}

/** How a value reads where a string is expected: as Maestro's Rhino/GraalJS engines print it. */
export function scriptString(v: unknown): string {
  if (v === undefined || v === null) return v === null ? 'null' : 'undefined';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** Whether a condition's value counts as true (`assertTrue`, `when: true`, `while: true`). */
export function truthy(v: unknown): boolean {
  if (typeof v === 'string') return !['', 'false', '0', 'null', 'undefined'].includes(v.trim().toLowerCase());
  return Boolean(v);
}
