// Run once after upgrading to the release with generation counters (README, Deploy):
//   REDIS_URL=redis://... node scripts/recount-generation-states.ts
// Counts the generations created before the counters existed (src/pipeline/generations/
// recount-states.ts); safe while the app runs, and a second run changes nothing.
import { systemClock } from '../src/platform/clock.ts';
import { closeRedis, connectRedis } from '../src/platform/redis/connection.ts';
import { pipelineConfigFromEnv } from '../src/pipeline/config.ts';
import { createGenerationStore } from '../src/pipeline/generations/generation-store.ts';
import { appWideKeys } from '../src/pipeline/generations/keys.ts';
import { recountEveryShop } from '../src/pipeline/generations/recount-states.ts';

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) {
  console.error('REDIS_URL is required (the Redis the app uses)');
  process.exit(1);
}
const config = pipelineConfigFromEnv(process.env);
const redis = await connectRedis(redisUrl, { name: 'productai-recount' });
try {
  const generations = createGenerationStore({
    redis,
    clock: systemClock,
    keys: appWideKeys(config.namespace),
    retention: config.retention,
  });
  const { shops, statesChanged } = await recountEveryShop({ redis, generations });
  console.log(`recounted ${shops} shops: ${statesChanged} state counts corrected`);
} finally {
  await closeRedis(redis);
}
