import fs from 'node:fs';
import path from 'node:path';

/**
 * Stand-ins for the Apple host's command-line tools (`xcrun`, `idb`): real executables that the
 * iOS driver spawns as it spawns the real ones, through node-simctl (teen_process) or its own
 * exec. Each answers from rules that replay recorded outputs (test/fixtures/simctl, test/fixtures/idb)
 * and records what it was run with: its argv, what it read on stdin, and the files and
 * folders its arguments name (a `.app` bundle being installed, a push payload), read at the
 * moment it ran. A rule may also stream its stdout in chunks and stay alive until it is killed
 * (`idb video-stream`), or write a file to the path an argument names (`simctl io screenshot`).
 */

export interface FakeToolRule {
  /** The rule answers when the argv (after the tool's name), joined by spaces, starts with this. */
  prefix: string;
  stdout?: string | Buffer;
  stderr?: string;
  exit?: number;
  /** Reads its stdin to the end and records it (`simctl pbcopy`). */
  readStdin?: boolean;
  /** Writes `content` to the path at argv[index] (after the tool's name). */
  writeArg?: { index: number; content: Buffer };
  /** Writes these chunks to stdout `chunkDelayMs` apart, after `stdout`. */
  chunks?: Buffer[];
  chunkDelayMs?: number;
  /** Stays alive after its output until killed. */
  hold?: boolean;
  /** Waits this long before answering. */
  delayMs?: number;
}

export interface FakeToolCall {
  argv: string[];
  /** The process id it ran as. */
  pid: number;
  stdin?: string;
  /** The argv elements that named an existing file (its text) or folder (its entries and modes). */
  files: Record<string, string | { name: string; mode: number; text?: string }[]>;
  /** The environment variables the tool saw that start with SIMCTL_CHILD_. */
  env: Record<string, string>;
}

export interface FakeTool {
  /** Path of the executable. */
  path: string;
  setRules(rules: FakeToolRule[]): void;
  calls(): FakeToolCall[];
  clearCalls(): void;
}

const SCRIPT = String.raw`
const fs = require('node:fs');
const path = require('node:path');
const me = __filename;
const cfg = JSON.parse(fs.readFileSync(me + '.json', 'utf8'));
const argv = process.argv.slice(2);
const line = argv.join(' ');
const rule = cfg.rules.find((r) => line === r.prefix || line.startsWith(r.prefix + ' ') || r.prefix === '');
const files = {};
for (const a of argv) {
  try {
    const st = fs.statSync(a);
    if (st.isFile() && st.size < 65536) files[a] = fs.readFileSync(a, 'utf8');
    else if (st.isDirectory())
      files[a] = fs.readdirSync(a).sort().map((name) => {
        const p = path.join(a, name);
        const s = fs.statSync(p);
        return { name, mode: s.mode & 0o777, text: s.isFile() && name.endsWith('.plist') ? fs.readFileSync(p, 'utf8') : undefined };
      });
  } catch {}
}
const env = {};
for (const [k, v] of Object.entries(process.env)) if (k.startsWith('SIMCTL_CHILD_')) env[k] = v;
const record = (stdin) => fs.appendFileSync(me + '.calls', JSON.stringify({ argv, pid: process.pid, stdin, files, env }) + '\n');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
(async () => {
  if (!rule) {
    record();
    process.stderr.write('fake tool: no recorded output for: ' + line + '\n');
    process.exit(64);
  }
  if (rule.readStdin) {
    const parts = [];
    for await (const c of process.stdin) parts.push(c);
    record(Buffer.concat(parts).toString('utf8'));
  } else record();
  if (rule.delayMs) await sleep(rule.delayMs);
  if (rule.writeArg) fs.writeFileSync(argv[rule.writeArg.index], Buffer.from(rule.writeArg.content, 'base64'));
  if (rule.stdout) process.stdout.write(Buffer.from(rule.stdout, 'base64'));
  if (rule.stderr) process.stderr.write(rule.stderr);
  for (const c of rule.chunks || []) {
    if (rule.chunkDelayMs) await sleep(rule.chunkDelayMs);
    await new Promise((r) => process.stdout.write(Buffer.from(c, 'base64'), r));
  }
  if (rule.hold) {
    setInterval(() => undefined, 1 << 30);
    return;
  }
  process.stdout.end(() => process.exit(rule.exit || 0));
})();
`;

/** Writes an executable `name` into `dir` that answers by `rules`. */
export function fakeTool(dir: string, name: string, rules: FakeToolRule[] = []): FakeTool {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  fs.writeFileSync(file, `#!${process.execPath}\n${SCRIPT}`, { mode: 0o755 });
  const setRules = (next: FakeToolRule[]) => {
    const b64 = (v: string | Buffer | undefined) => (v === undefined ? undefined : Buffer.from(v).toString('base64'));
    const encoded = next.map((r) => ({
      ...r,
      stdout: b64(r.stdout),
      chunks: r.chunks?.map((c) => c.toString('base64')),
      writeArg: r.writeArg && { index: r.writeArg.index, content: r.writeArg.content.toString('base64') },
    }));
    fs.writeFileSync(`${file}.json`, JSON.stringify({ rules: encoded }));
  };
  setRules(rules);
  const callsFile = `${file}.calls`;
  return {
    path: file,
    setRules,
    calls: () =>
      fs.existsSync(callsFile)
        ? fs
            .readFileSync(callsFile, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l) as FakeToolCall)
        : [],
    clearCalls: () => fs.rmSync(callsFile, { force: true }),
  };
}
