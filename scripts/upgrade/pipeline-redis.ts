/**
 * What a run-once upgrade script works on: the Redis the app uses (REDIS_URL), the pipeline's
 * configuration from the same environment as the app's, and its generation store; closed when
 * `work` ends, whatever happens.
 */
import { systemClock } from '../../src/platform/clock.ts';
import { closeRedis, connectRedis, type Redis } from '../../src/platform/redis/connection.ts';
import type { PipelineConfig } from '../../src/pipeline/config.ts';
import { pipelineConfigFromEnv } from '../../src/pipeline/config-from-env.ts';
import {
  createGenerationStore,
  type GenerationStore,
} from '../../src/pipeline/generations/generation-store.ts';
import { appWideKeys } from '../../src/pipeline/generations/keys.ts';

export interface UpgradeContext {
  redis: Redis;
  config: PipelineConfig;
  generations: GenerationStore;
}

export async function withPipelineRedis(
  name: string,
  work: (context: UpgradeContext) => Promise<void>,
): Promise<void> {
  const redisUrl = process.env.REDIS_URL;
  if (!redisUrl) {
    console.error('REDIS_URL is required (the Redis the app uses)');
    process.exit(1);
  }
  const config = pipelineConfigFromEnv(process.env);
  const redis = await connectRedis(redisUrl, { name });
  try {
    const generations = createGenerationStore({
      redis,
      clock: systemClock,
      keys: appWideKeys(config.namespace),
      retention: config.retention,
      expiry: config.expiry,
    });
    await work({ redis, config, generations });
  } finally {
    await closeRedis(redis);
  }
}
