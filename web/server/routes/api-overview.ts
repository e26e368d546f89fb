/**
 * GET /api/overview -> OverviewView: the connection (key, webhook), a paused shop's reason,
 * generations by state, recent results, credits spent by day and by model over the last 30
 * days, and the latest bulk runs.
 *
 * Every figure comes from counters the generation store keeps in the same atomic step as the
 * change behind it (generation-store.ts): the credits are the last 30 days' day hashes, the
 * states one hash, so the work does not grow with the shop's history. The credits are still
 * cached for a short while per shop, single-flight, so an overview polled every few seconds by
 * several tabs reads them once.
 */
import type { GenerationState, OverviewView } from '../../../src/app-api/contract.ts';
import { toGenerationView } from '../../../src/pipeline/generations/generation.ts';
import type { GenerationStore } from '../../../src/pipeline/generations/generation-store.ts';
import type { Clock } from '../../../src/platform/clock.ts';
import { singleFlightCache } from '../../../src/platform/single-flight.ts';
import type { AppModule } from '../module.ts';
import { shopOf } from '../plugins/session-auth.ts';
import { route } from './api-support.ts';

const DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const CACHE_MS = 15_000;
const RECENT = 8;
const BULK_RUNS = 5;

type Spend = Pick<OverviewView, 'creditsByDay' | 'creditsByModel'>;

export const overviewApiModule: AppModule = {
  name: 'api-overview',
  register({ api }, deps) {
    const { pipeline, bulkRuns: bulk } = deps;
    const spend = singleFlightCache<Spend>({
      compute: (shop) => creditsSpent(pipeline.generations, shop, deps.clock),
      ttlMs: CACHE_MS,
      clock: deps.clock,
    });

    api.get(
      '/overview',
      route(async (req, res) => {
        const shop = shopOf(req);
        const [settings, active, recent, runs, credits] = await Promise.all([
          deps.settings.get(shop),
          pipeline.generations.countByState(shop),
          pipeline.generations.list(shop, {}, { limit: RECENT }),
          bulk.store.list(shop, BULK_RUNS),
          spend.get(shop),
        ]);
        const view: OverviewView = {
          connection: {
            apiKeyState: settings.apiKey.state,
            webhookConnectedAt: settings.webhook.connectedAt,
          },
          paused: settings.paused,
          active: active as Record<GenerationState, number>,
          recent: recent.generations.map(toGenerationView),
          ...credits,
          bulkRuns: await Promise.all(runs.map((run) => bulk.runs.view(run))),
        };
        res.json(view);
      }),
    );
  },
};

/** The last DAYS days (UTC) of credit counters, today included. */
async function creditsSpent(store: GenerationStore, shop: string, clock: Clock): Promise<Spend> {
  const today = Date.UTC(...utcDate(clock.now()));
  const days = Array.from({ length: DAYS }, (_, i) =>
    new Date(today - (DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
  const byDay = await store.creditsByDay(shop, days);
  const byModel = new Map<string, number>();
  for (const models of byDay.values()) {
    for (const [model, credits] of models) byModel.set(model, (byModel.get(model) ?? 0) + credits);
  }
  return {
    creditsByDay: [...byDay].map(([day, models]) => ({
      day,
      credits: [...models.values()].reduce((sum, credits) => sum + credits, 0),
    })),
    creditsByModel: [...byModel]
      .sort(([, a], [, b]) => b - a)
      .map(([model, credits]) => ({ model, credits })),
  };
}

function utcDate(ms: number): [number, number, number] {
  const date = new Date(ms);
  return [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()];
}
