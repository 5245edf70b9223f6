import { adbShellCommand, classifyAdbFailure } from './adb-commands';
import type { AdbKit } from './adbkit-run';
import { runToolText, type Run, type ToolCall } from './exec';

/**
 * How the android driver reaches adb: one runner, one binary, calls named from fixed words only.
 * In production the runner is the adbkit client's (adbkit-run.ts) and `kit` gives the socket
 * services (minicap, minitouch, logcat) the command lines cannot; recorded-output tests pass a
 * runner of their own and no kit.
 */
export class AdbHost {
  constructor(
    readonly run: Run,
    private readonly adb: string,
    readonly kit: AdbKit | null = null,
  ) {}

  /** An adb call; `action` names it in messages, from fixed words only. */
  call(action: string, args: string[], timeoutMs?: number): ToolCall {
    return { tool: 'adb', action, cmd: this.adb, args, timeoutMs, classify: classifyAdbFailure };
  }

  /** Runs `words` in the device shell as one quoted command line; the first two words are ours. */
  shellCall(serial: string, words: string[], timeoutMs?: number): ToolCall {
    return this.call(words.slice(0, 2).join(' '), ['-s', serial, 'shell', adbShellCommand(words)], timeoutMs);
  }

  /** The output of `words` run in the device shell. */
  sh(serial: string, words: string[], timeoutMs?: number): Promise<string> {
    return runToolText(this.run, this.shellCall(serial, words, timeoutMs));
  }
}
