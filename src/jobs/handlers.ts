import type { Container } from '../container';
import type { JobHandlers } from './catalog';

/** One handler per catalog entry; `satisfies` makes a missing one a compile error. */
export function createJobHandlers(c: Container) {
  return {
    'mail.send': async (payload) => {
      await c.mailer.send(payload);
    },
  } satisfies JobHandlers;
}
