/**
 * Maestro's JavaScript (`evalScript`, `runScript`, `assertTrue`, and `${…}` in any value) run in
 * QuickJS compiled to WebAssembly: no file system, no network, no timers, no host objects, only
 * what is handed in as JSON. Each evaluation has its own runtime, bounded in heap, stack and time
 * (docs/design/0034-maestro-flows.md says why not node:vm or isolated-vm).
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
  /** What scripts put on the `maestro` object besides its own fields (dates as `{$date: ms}`), kept across the flow. */
  maestroVars?: Record<string, unknown>;
  /** Whether the flow turned airplane mode on (`toggleAirplaneMode` flips it); a run starts with it off. */
  airplaneMode?: boolean;
}

export class ScriptError extends Error {}

type QuickJs = Awaited<ReturnType<typeof import('quickjs-emscripten')['newQuickJSWASMModule']>>;
/** One WebAssembly module for every evaluation, replaced when a script leaves it unusable. */
let engine: Promise<QuickJs> | null = null;
const quickJs = () => {
  engine ??= import('quickjs-emscripten').then((m) => m.newQuickJSWASMModule());
  return engine;
};

const IDENT = /^[A-Za-z_$][\w$]*$/;

/**
 * Runs `code` (on a thread of the script pool, see runSandboxed) with the state's globals; returns its completion value (as JSON-able data) and the
 * `output` object as the script left it. Throws ScriptError on an exception, a time or memory
 * overrun, or an output past its size cap.
 */
export async function evaluateInQuickJs(
  code: string,
  state: ScriptState,
  extra: Record<string, string> = {},
): Promise<{ value: unknown; output: Record<string, unknown>; maestroVars: Record<string, unknown>; logs: string[] }> {
  const { shouldInterruptAfterDeadline } = await import('quickjs-emscripten');
  const module = await quickJs();
  const runtime = module.newRuntime();
  runtime.setMemoryLimit(SCRIPT_LIMITS.memoryBytes);
  runtime.setMaxStackSize(SCRIPT_LIMITS.stackBytes);
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + SCRIPT_LIMITS.timeMs));
  const vm = runtime.newContext();
  const run = (source: string, name: string): unknown => {
    const handle = vm.unwrapResult(vm.evalCode(source, name));
    try {
      return vm.dump(handle);
    } finally {
      handle.dispose();
    }
  };
  let healthy = true;
  try {
    const globals: Record<string, unknown> = {};
    for (const [k, v] of Object.entries({ ...state.variables, ...extra })) if (IDENT.test(k)) globals[k] = v;
    run(
      `var __g = ${JSON.stringify(globals)};
      for (var __k in __g) globalThis[__k] = __g[__k];
      var output = ${JSON.stringify(state.output)};
      var maestro = ${JSON.stringify(state.maestroVars ?? {})};
      for (var __m in maestro) if (maestro[__m] && typeof maestro[__m] === 'object' && typeof maestro[__m].$date === 'number') maestro[__m] = new Date(maestro[__m].$date);
      maestro.copiedText = ${JSON.stringify(state.copiedText)};
      maestro.platform = ${JSON.stringify(state.platform)};
      var __logs = [];
      var console = { log: function () { if (__logs.length < 100) __logs.push(Array.prototype.map.call(arguments, String).join(' ').slice(0, 500)); } };
      console.info = console.warn = console.error = console.log;
      function json(s) { return JSON.parse(s); }
      // As Maestro: a name no one declared reads as undefined (\`\${MY_VAR || 'default'}\`), not a ReferenceError.
      Object.setPrototypeOf(globalThis, new Proxy(Object.prototype, { has: function () { return true; } }));`,
      'prelude.js',
    );
    const value = run(code, 'script.js');
    const after = run(
      `var __kept = {};
      for (var __m in maestro) if (__m !== 'copiedText' && __m !== 'platform') __kept[__m] = maestro[__m] instanceof Date ? { $date: maestro[__m].getTime() } : maestro[__m];
      JSON.stringify({ o: output, m: __kept, l: __logs })`,
      'read.js',
    );
    if (typeof after !== 'string' || after.length > SCRIPT_LIMITS.outputBytes)
      throw new ScriptError(`the script's output is larger than ${SCRIPT_LIMITS.outputBytes / 1024} KB`);
    const read = JSON.parse(after) as { o: unknown; m: Record<string, unknown>; l: string[] };
    const output = typeof read.o === 'object' && read.o !== null ? (read.o as Record<string, unknown>) : {};
    return { value: plain(value), output, maestroVars: read.m, logs: read.l };
  } catch (err) {
    if (err instanceof ScriptError) throw err;
    const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    if (/interrupted/i.test(message)) {
      healthy = false;
      throw new ScriptError(`the script ran longer than ${SCRIPT_LIMITS.timeMs} ms`);
    }
    if (/out of memory|stack overflow|Aborted|RuntimeError/i.test(message)) {
      healthy = false;
      throw new ScriptError(
        `the script needs more than ${SCRIPT_LIMITS.memoryBytes / 1024 / 1024} MB or a deeper stack (${message.slice(0, 100)})`,
      );
    }
    throw new ScriptError(message.slice(0, 500));
  } finally {
    try {
      vm.dispose();
      runtime.dispose();
    } catch {
      healthy = false;
    }
    // What a runaway script left behind can abort the module when freed: a fresh one serves the next.
    if (!healthy && engine) engine = null;
  }
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
