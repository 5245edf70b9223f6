/**
 * Reading a secret (an API token, a password) without putting it on the command line, where `ps`
 * and the shell's history show it: all of standard input when it is a pipe or a file, or a prompt
 * that echoes nothing when it is a terminal.
 */

/** Standard input to its end, trimmed (`echo "$TOKEN" | simdeck login --token-stdin`). */
export async function readStdin(stdin: NodeJS.ReadStream = process.stdin): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8').trim();
}

/** Asks on the terminal (the question on stderr) and reads one line without echoing it. */
export function promptHidden(
  question: string,
  stdin: NodeJS.ReadStream = process.stdin,
  stderr: NodeJS.WriteStream = process.stderr,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let value = '';
    const wasRaw = stdin.isRaw;
    const done = (err: Error | null) => {
      stdin.off('data', onData);
      stdin.setRawMode?.(wasRaw);
      stdin.pause();
      stderr.write('\n');
      if (err) reject(err);
      else resolve(value.trim());
    };
    const onData = (data: Buffer) => {
      for (const ch of data.toString('utf8')) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') return done(null);
        if (ch === '\u0003') return done(new Error('cancelled'));
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch >= ' ') value += ch;
      }
    };
    stderr.write(question);
    stdin.setRawMode?.(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}

/**
 * A secret from, in this order: the command line (with a warning on stderr), standard input when
 * asked for (`--*-stdin`), the environment, standard input when it is piped, a hidden prompt on a
 * terminal. Null when none of them has it.
 */
export async function resolveSecret(o: {
  /** The option's name and value, when it was given on the command line. */
  flag: { name: string; value: string | undefined };
  fromStdin: boolean;
  envName: string;
  prompt: string;
  env?: NodeJS.ProcessEnv;
  stdin?: NodeJS.ReadStream;
  warn?: (line: string) => void;
}): Promise<{ value: string; source: 'flag' | 'stdin' | 'env' | 'prompt' } | null> {
  const env = o.env ?? process.env;
  const stdin = o.stdin ?? process.stdin;
  const warn = o.warn ?? ((line: string) => process.stderr.write(`${line}\n`));
  if (o.flag.value !== undefined) {
    warn(
      `warning: ${o.flag.name} puts the secret where \`ps\` and your shell history show it; prefer ${o.envName}, ${o.flag.name}-stdin, or the prompt`,
    );
    return { value: o.flag.value, source: 'flag' };
  }
  if (o.fromStdin) {
    const value = await readStdin(stdin);
    return value ? { value, source: 'stdin' } : null;
  }
  if (env[o.envName]) return { value: env[o.envName]!, source: 'env' };
  if (!stdin.isTTY) {
    const value = await readStdin(stdin);
    return value ? { value, source: 'stdin' } : null;
  }
  const value = await promptHidden(o.prompt, stdin);
  return value ? { value, source: 'prompt' } : null;
}
