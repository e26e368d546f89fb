/**
 * The ONE place where stage handlers are registered. Submit and await are the queue core's
 * (this folder), attach and verify the publishing side's (../publish). The workers refuse to
 * start when a stage has no handler, rather than leaving generations stuck in a state nobody
 * moves them out of.
 */
import { attachStage, verifyStage } from '../publish/index.ts';
import { STAGE_NAMES, type StageName } from '../generations/generation.ts';
import type { StageHandler } from './stage.ts';

export type StageHandlers = Record<StageName, StageHandler>;

/** The production handlers: the core's own plus publish's, unless replaced (tests). */
export function stageHandlers(
  core: Pick<StageHandlers, 'submit' | 'await'>,
  publish: Partial<Pick<StageHandlers, 'attach' | 'verify'>> = {},
): StageHandlers {
  return checkStageHandlers({
    ...core,
    attach: publish.attach ?? attachStage,
    verify: publish.verify ?? verifyStage,
  });
}

export function checkStageHandlers(handlers: Partial<StageHandlers>): StageHandlers {
  const missing = STAGE_NAMES.filter((stage) => typeof handlers[stage] !== 'function');
  if (missing.length > 0) {
    throw new Error(
      `No handler registered for stage ${missing.join(', ')}: the workers cannot start`,
    );
  }
  return handlers as StageHandlers;
}
