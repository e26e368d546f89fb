/**
 * What the runtime is given to run: a handler for every queue, and for each stage what its
 * generation becomes when the handler's last try failed. The handlers themselves are registered
 * in ONE place outside this folder (../stage-handlers.ts); this file only checks the set, so the
 * workers refuse to start when a queue has no handler rather than leaving generations stuck in
 * a state nobody moves them out of.
 */
import type { StageName } from '../generations/generation.ts';
import { QUEUE_NAMES, type QueueName } from './queues.ts';
import type { GiveUpRule, StageContext, StageHandler } from './stage.ts';

export type StageHandlers<Ctx extends StageContext = StageContext> = Record<
  StageName,
  StageHandler<Ctx>
>;
export type QueueHandlers<Ctx extends StageContext = StageContext> = Record<
  QueueName,
  StageHandler<Ctx>
>;
/** Per queue, the give-up rules tried in order (none: the generation is left as it is). */
export type GiveUpRules = Partial<Record<QueueName, readonly GiveUpRule[]>>;

export function checkStageHandlers<Ctx extends StageContext>(
  handlers: Partial<QueueHandlers<Ctx>>,
): QueueHandlers<Ctx> {
  const missing = QUEUE_NAMES.filter((queue) => typeof handlers[queue] !== 'function');
  if (missing.length > 0) {
    throw new Error(
      `No handler registered for stage ${missing.join(', ')}: the workers cannot start`,
    );
  }
  return handlers as QueueHandlers<Ctx>;
}
