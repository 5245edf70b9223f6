import type { EndReason } from '../../db/schema';
import { NEVER_USED_MS } from './lifetime';

const minutes = (ms: number) => `${Math.round(ms / 60_000)} minutes`;

/**
 * Why a session ended, as the session viewer says it (the console has its own words, in
 * web/src/pages/sessions/end-reasons.ts). The session's `error_message`, when set, is more
 * precise and is shown instead.
 */
export const END_REASON_TEXT: Record<EndReason, string> = {
  user: 'It was ended.',
  idle_timeout: "It ended after no one used it for the organization's session timeout.",
  never_used: `It ended because nothing used it in its first ${minutes(NEVER_USED_MS)}: a session stays up while its page is open or something sends it input.`,
  plan_limit: 'It reached a limit of your plan.',
  credit_exhausted: 'Your usage credit ran out.',
  worker_lost: 'Its device host stopped answering.',
  ci_cleanup: 'A CI run finished with it.',
  boot_failed: 'The device could not boot.',
};
