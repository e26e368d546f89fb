// Run once after upgrading to the release where waiting work expires (docs/operations.md, Quotas per shop):
//   REDIS_URL=redis://... node scripts/schedule-waiting-expiry.ts
// Results already in review and work already paused (generations and bulk runs) were moved
// there before their expiry was scheduled with the move: each gets it now, counted from when it
// entered that state (src/pipeline/generations/store/expiry.ts `scheduleWaitingExpiry`). Safe
// while the app runs, and a second run adds nothing.
import { systemClock } from '../src/platform/clock.ts';
import { createBulkRunStore } from '../src/features/bulk-runs/bulk-run-store.ts';
import { pausedExpiresAt } from '../src/features/bulk-runs/runs/expire.ts';
import { shopsWithGenerations } from '../src/pipeline/generations/shops-with-generations.ts';
import { withPipelineRedis } from './upgrade/pipeline-redis.ts';

await withPipelineRedis('productai-schedule-expiry', async ({ redis, config, generations }) => {
  const runs = createBulkRunStore({ redis, clock: systemClock, namespace: config.namespace });
  let shops = 0;
  let scheduled = 0;
  let pausedRuns = 0;
  for await (const shop of shopsWithGenerations(redis)) {
    shops += 1;
    scheduled += await generations.scheduleWaitingExpiry(shop);
    for (const run of await runs.list(shop, Number.MAX_SAFE_INTEGER)) {
      if (run.state !== 'paused') continue;
      await runs.schedulePaused(shop, run.id, pausedExpiresAt(run, config.expiry.pausedMs));
      pausedRuns += 1;
    }
  }
  console.log(
    `${shops} shops: expiry scheduled for ${scheduled} generations; ${pausedRuns} paused runs looked at`,
  );
});
