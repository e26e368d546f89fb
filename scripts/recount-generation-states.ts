// Run once after upgrading to the release with generation counters (docs/operations.md, Deploy):
//   REDIS_URL=redis://... node scripts/recount-generation-states.ts
// Counts the generations created before the counters existed (src/pipeline/generations/
// recount-states.ts); safe while the app runs, and a second run changes nothing.
import { recountEveryShop } from '../src/pipeline/generations/recount-states.ts';
import { withPipelineRedis } from './upgrade/pipeline-redis.ts';

await withPipelineRedis('productai-recount', async ({ redis, generations }) => {
  const { shops, statesChanged } = await recountEveryShop({ redis, generations });
  console.log(`recounted ${shops} shops: ${statesChanged} state counts corrected`);
});
