/**
 * The stage registration (src/pipeline/stage-handlers.ts) and the runtime's check of it: every
 * queue has a handler and every stage a give-up rule, and the workers refuse to start on a gap
 * rather than leave generations in a state nobody moves them out of.
 */
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/platform/logger.ts';
import { pipelineConfig } from '../../../src/pipeline/index.ts';
import { STAGE_NAMES } from '../../../src/pipeline/generations/generation.ts';
import { pipelineStages, type StageHandlerDeps } from '../../../src/pipeline/stage-handlers.ts';
import { QUEUE_NAMES } from '../../../src/pipeline/stages/queues.ts';
import { DONE, type StageHandler } from '../../../src/pipeline/stages/stage.ts';
import { checkStageHandlers } from '../../../src/pipeline/stages/stage-registry.ts';
import { startQueueWorkers } from '../../../src/pipeline/stages/workers.ts';

const config = pipelineConfig({ namespace: 'stage-registry-test' });
const noop: StageHandler = async () => DONE;

/** Building the handlers calls none of their dependencies. */
const deps = { config, queues: {} } as unknown as StageHandlerDeps;

describe('stage registration', () => {
  it('registers a handler for every queue and a give-up rule for every stage', () => {
    const { handlers, giveUp } = pipelineStages(deps);
    for (const queue of QUEUE_NAMES) expect(typeof handlers[queue], queue).toBe('function');
    for (const stage of STAGE_NAMES) expect(giveUp[stage]?.length, stage).toBeGreaterThan(0);
  });

  it('takes replacements for the publish handlers', async () => {
    const called: string[] = [];
    const replacement =
      (stage: string): StageHandler =>
      async () => {
        called.push(stage);
        return DONE;
      };
    const { handlers } = pipelineStages(deps, {
      attach: replacement('attach'),
      verify: replacement('verify'),
    });
    const ref = { shop: 'a-shop.myshopify.com', generationId: 'g1' };
    await handlers.attach(ref, {} as never);
    await handlers.verify(ref, {} as never);
    expect(called).toEqual(['attach', 'verify']);
  });

  it('refuses a registration with a gap, naming every missing stage', () => {
    const partial = Object.fromEntries(QUEUE_NAMES.map((queue) => [queue, noop]));
    delete partial.verify;
    delete partial.reconcile;
    expect(() => checkStageHandlers(partial)).toThrow(
      'No handler registered for stage verify, reconcile: the workers cannot start',
    );
    expect(() => pipelineStages(deps, { attach: 'not a handler' as never })).toThrow(
      'No handler registered for stage attach',
    );
  });

  it('does not start workers when a queue has no handler', () => {
    const { handlers, giveUp } = pipelineStages(deps);
    const { submit: _submit, ...withoutSubmit } = handlers;
    expect(() =>
      startQueueWorkers({
        handlers: withoutSubmit,
        giveUp,
        ctx: {} as never,
        // Never dialled: the check comes before any worker is made.
        connection: { host: '127.0.0.1', port: 1 },
        prefix: 'stage-registry-test',
        config,
        logger: createLogger({ level: 'silent' }),
      }),
    ).toThrow('No handler registered for stage submit');
  });
});
