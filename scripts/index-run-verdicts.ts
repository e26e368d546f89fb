// Run once after upgrading to the release where a bulk run's results in review are indexed by
// the product check's verdict:
//   REDIS_URL=redis://... node scripts/index-run-verdicts.ts
// Results that were already in review with a verdict are written again with the verdict they
// have, which adds their entry in the same atomic step (lua/includes/generation-counters.lua
// `indexVerdict`); until then a run's "changed" and "check it" lists leave them out. Safe while
// the app runs (a result that left review meanwhile is read as it is now), and a second run
// adds nothing.
import { shopsWithGenerations } from '../src/pipeline/generations/shops-with-generations.ts';
import { withPipelineRedis } from './upgrade/pipeline-redis.ts';

const BATCH = 200;

await withPipelineRedis('productai-index-run-verdicts', async ({ redis, generations }) => {
  let shops = 0;
  let indexed = 0;
  for await (const shop of shopsWithGenerations(redis)) {
    shops += 1;
    for (let after: string | undefined; ;) {
      const ids = await generations.idsInState(shop, 'in_review', BATCH, after);
      for (const id of ids) {
        const generation = await generations.get(shop, id);
        if (!generation?.bulkRunId || !generation.fidelity) continue;
        await generations.patch(shop, id, { fidelity: generation.fidelity });
        indexed += 1;
      }
      if (ids.length < BATCH) break;
      after = ids.at(-1);
    }
  }
  console.log(`${shops} shops: ${indexed} results in review of bulk runs indexed by verdict`);
});
