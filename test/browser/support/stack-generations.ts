/**
 * The stack's generation store, opened from a test on the stack's Redis: for what a browser test
 * must write as the pipeline would, where the stack's processes (configured by environment only,
 * dev/stack.ts) cannot be steered (a check's report, a charge at a chosen time).
 */
import type { Redis } from '../../../src/platform/redis/connection.ts';
import { systemClock } from '../../../src/platform/clock.ts';
import { pipelineConfigFromEnv } from '../../../src/pipeline/config-from-env.ts';
import {
  createGenerationStore,
  type GenerationStore,
} from '../../../src/pipeline/generations/generation-store.ts';
import { appWideKeys } from '../../../src/pipeline/generations/keys.ts';

export function stackGenerationStore(redis: Redis): GenerationStore {
  const { namespace, retention, expiry } = pipelineConfigFromEnv({});
  return createGenerationStore({
    redis,
    clock: systemClock,
    keys: appWideKeys(namespace),
    retention,
    expiry,
  });
}
