import type { Intent } from './intent';
import { parseStep } from './parse-step';
import { EMAIL, withAccount, type Account } from './accounts';

/**
 * The account a case's earlier steps typed, for the steps that sign in again with it ("Sign in again", "… with the
 * same account"), and each step of a case as the interpreter reads it with the accounts it knows.
 */

const USER_FIELD = /\b(?:e-?mail|user(?:name)?|login|account|phone)\b/i;
const PASSWORD_FIELD = /\b(?:password|passcode|pin|pw)\b/i;

function fieldOf(intent: Extract<Intent, { kind: 'type' }>, cleared: string | null): 'user' | 'password' | null {
  const words = intent.target ? [intent.target.text, ...(intent.target.anyOf ?? [])].join(' ') : (cleared ?? '');
  if (PASSWORD_FIELD.test(words)) return 'password';
  if (USER_FIELD.test(words)) return 'user';
  return null;
}

/** The user and the password the case's steps typed last, when both were typed. */
export function typedAccount(steps: readonly string[]): Account | null {
  let user: string | null = null;
  let password: string | null = null;
  for (const text of steps.slice(-200)) {
    const parsed = parseStep(text.slice(0, 500));
    if (!parsed.understood) continue;
    let cleared: string | null = null;
    const walk = (intent: Intent): void => {
      if (intent.kind === 'sequence') for (const s of intent.steps) walk(s);
      else if (intent.kind === 'clear') cleared = intent.target ? intent.target.text : null;
      else if (intent.kind === 'fill' && intent.values.length === 2 && EMAIL.test(intent.values[0]!)) {
        user = intent.values[0]!;
        password = intent.values[1]!;
      } else if (intent.kind === 'type') {
        const field = fieldOf(intent, cleared);
        if (field === 'user') user = intent.text;
        if (field === 'password') password = intent.text;
      }
    };
    walk(parsed.intent);
  }
  return user && password ? { user, password, names: [] } : null;
}

/**
 * Each of a case's steps as the interpreter reads it when it signs in with an account it names
 * (null: as written). A step signing in again takes what the steps before it typed, as they read.
 */
export function accountSteps(texts: readonly string[], known: readonly Account[]): Array<string | null> {
  const read: Array<string | null> = [];
  for (const [i, text] of texts.entries())
    read.push(withAccount(text, known, () => typedAccount(texts.slice(0, i).map((t, j) => read[j] ?? t))));
  return read;
}
