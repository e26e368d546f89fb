/**
 * What the runtime is given to run: a handler for every queue, and for each stage what its
 * generation becomes when the handler's last try failed. The handlers themselves are registered
 * in ONE place outside this folder (../stage-handlers.ts); this file only checks the set, so the
 * workers refuse to start when a queue has no handler rather than leaving generations stuck in
 * a state nobody moves them out of.
 */
import type { StageName } from '../generations/generation.ts';
import { QUEUE_NAMES, type QueueName } from './queues.ts';
import type { GiveUpRule, StageHandler } from './stage.ts';

export type StageHandlers = Record<StageName, StageHandler>;
export type QueueHandlers = Record<QueueName, StageHandler>;
/** Per queue, the give-up rules tried in order (none: the generation is left as it is). */
export type GiveUpRules = Partial<Record<QueueName, readonly GiveUpRule[]>>;

export function checkStageHandlers(handlers: Partial<QueueHandlers>): QueueHandlers {
  const missing = QUEUE_NAMES.filter((queue) => typeof handlers[queue] !== 'function');
  if (missing.length > 0) {
    throw new Error(
      `No handler registered for stage ${missing.join(', ')}: the workers cannot start`,
    );
  }
  return handlers as QueueHandlers;
}
