import type { Session } from '../../api/types';

/** The never-used window of a session (the server's lifetime rules). */
const NEVER_USED_MINUTES = 3;

const REASONS: Record<NonNullable<Session['end_reason']>, string> = {
  user: 'It was ended.',
  idle_timeout: "It ended after no one used it for the organization's session timeout.",
  never_used: `It ended because nothing used it in its first ${NEVER_USED_MINUTES} minutes: a session stays up while its page is open or something sends it input.`,
  plan_limit: 'It reached a limit of your plan.',
  credit_exhausted: 'Your usage credit ran out.',
  worker_lost: 'Its device host stopped answering.',
  ci_cleanup: 'A CI run finished with it.',
  boot_failed: 'The device could not boot.',
};

/** Why a session ended: the server's own message when it has one, else its end reason in words. */
export function whySessionEnded(session: Pick<Session, 'error_message' | 'end_reason'>): string {
  if (session.error_message) return session.error_message;
  if (!session.end_reason) return '';
  return REASONS[session.end_reason] ?? `It ended (${String(session.end_reason).replace(/_/g, ' ')}).`;
}
