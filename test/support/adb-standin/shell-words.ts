/**
 * The part of the device's sh (mksh on Android) that adb clients use: words with '…', "…" and
 * backslash quoting, commands joined by `&&`, `||` and `;`, and `2>/dev/null`-style redirections
 * (dropped: the stand-in writes no stderr into the stream), plus leading VAR=value assignments.
 */
export interface ShellCommand {
  env: Record<string, string>;
  argv: string[];
  /** How it joins the next command: `&&`, `||`, `;` or null for the last. */
  then: '&&' | '||' | ';' | null;
}

export function parseShellLine(line: string): ShellCommand[] {
  const commands: ShellCommand[] = [];
  let words: string[] = [];
  let word = '';
  let inWord = false;
  const endWord = () => {
    if (inWord) words.push(word);
    word = '';
    inWord = false;
  };
  const endCommand = (then: ShellCommand['then']) => {
    endWord();
    const env: Record<string, string> = {};
    while (words.length && /^[A-Za-z_]\w*=/.test(words[0]!)) {
      const w = words.shift()!;
      env[w.slice(0, w.indexOf('='))] = w.slice(w.indexOf('=') + 1);
    }
    const argv = words;
    if (argv.length || Object.keys(env).length) commands.push({ env, argv, then });
    words = [];
  };
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "'") {
      const j = line.indexOf("'", i + 1);
      if (j < 0) throw new Error('unterminated quote');
      word += line.slice(i + 1, j);
      inWord = true;
      i = j;
    } else if (c === '"') {
      i++;
      inWord = true;
      for (; i < line.length && line[i] !== '"'; i++) {
        if (line[i] === '\\' && /["\\$`]/.test(line[i + 1] ?? '')) i++;
        word += line[i];
      }
      if (i >= line.length) throw new Error('unterminated quote');
    } else if (c === '\\') {
      word += line[++i] ?? '';
      inWord = true;
    } else if (c === ' ' || c === '\t' || c === '\n') {
      endWord();
    } else if (c === '&' && line[i + 1] === '&') {
      endCommand('&&');
      i++;
    } else if (c === '|' && line[i + 1] === '|') {
      endCommand('||');
      i++;
    } else if (c === ';') {
      endCommand(';');
    } else if (c === '>') {
      // A redirection (`>file`, `2>/dev/null`, `2>&1`): its fd digit and its target are no words.
      if (inWord && /^\d$/.test(word)) {
        word = '';
        inWord = false;
      } else endWord();
      let j = i + 1;
      while (line[j] === '>' || line[j] === '&' || line[j] === ' ') j++;
      while (j < line.length && !/[\s;&|]/.test(line[j]!)) j++;
      i = j - 1;
    } else {
      word += c;
      inWord = true;
    }
  }
  endCommand(null);
  return commands;
}
