/**
 * GET /api/overview -> OverviewView: the connection (key, webhook), a paused shop's reason,
 * generations by state, recent results, credits spent by day and by model over the last 30
 * days, and the latest bulk runs.
 *
 * Credits are summed from the generations ProductAI charged (`chargedCredits`), newest first,
 * stopping at the first one older than the window; the sum is cached for a short while per
 * shop, so an overview polled every few seconds does not re-read thousands of records.
 */
import type { GenerationState, OverviewView } from '../../../src/app-api/contract.ts';
import { toGenerationView, type Generation } from '../../../src/pipeline/generations/generation.ts';
import type { GenerationStore } from '../../../src/pipeline/generations/generation-store.ts';
import type { Clock } from '../../../src/platform/clock.ts';
import type { AppModule } from '../module.ts';
import { shopOf } from '../plugins/session-auth.ts';
import { route, servicesFor } from './api-support.ts';

const DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const CACHE_MS = 15_000;
const RECENT = 8;
const BULK_RUNS = 5;

type Spend = Pick<OverviewView, 'creditsByDay' | 'creditsByModel'>;

export const overviewApiModule: AppModule = {
  name: 'api-overview',
  register({ api }, deps) {
    const { pipeline, bulk } = servicesFor(deps);
    const cache = new Map<string, { at: number; spend: Spend }>();

    async function spendOf(shop: string): Promise<Spend> {
      const cached = cache.get(shop);
      if (cached && deps.clock.now() - cached.at < CACHE_MS) return cached.spend;
      const spend = await creditsSpent(pipeline.generations, shop, deps.clock);
      cache.set(shop, { at: deps.clock.now(), spend });
      return spend;
    }

    api.get(
      '/overview',
      route(async (req, res) => {
        const shop = shopOf(req);
        const [settings, active, recent, runs, spend] = await Promise.all([
          deps.settings.get(shop),
          pipeline.generations.countByState(shop),
          pipeline.generations.list(shop, {}, { limit: RECENT }),
          bulk.store.list(shop, BULK_RUNS),
          spendOf(shop),
        ]);
        const view: OverviewView = {
          connection: {
            apiKeyState: settings.apiKey.state,
            webhookConnectedAt: settings.webhook.connectedAt,
          },
          paused: settings.paused,
          active: active as Record<GenerationState, number>,
          recent: recent.generations.map(toGenerationView),
          ...spend,
          bulkRuns: await Promise.all(runs.map((run) => bulk.runs.view(run))),
        };
        res.json(view);
      }),
    );
  },
};

async function creditsSpent(store: GenerationStore, shop: string, clock: Clock): Promise<Spend> {
  const since = clock.now() - DAYS * DAY_MS;
  const byDay = new Map<string, number>();
  const byModel = new Map<string, number>();
  for (let cursor: string | null = null; ;) {
    const page: { generations: Generation[]; nextCursor: string | null } = await store.list(
      shop,
      {},
      { cursor, limit: 200 },
    );
    for (const generation of page.generations) {
      if (Date.parse(generation.createdAt) < since) return toSpend(byDay, byModel);
      const credits = generation.chargedCredits ?? 0;
      if (credits === 0) continue;
      const day = (generation.submittedAt ?? generation.createdAt).slice(0, 10);
      const model =
        generation.kind === 'upscale' ? 'upscale' : (generation.params.model ?? 'unknown');
      byDay.set(day, (byDay.get(day) ?? 0) + credits);
      byModel.set(model, (byModel.get(model) ?? 0) + credits);
    }
    if (!page.nextCursor) return toSpend(byDay, byModel);
    cursor = page.nextCursor;
  }
}

function toSpend(byDay: Map<string, number>, byModel: Map<string, number>): Spend {
  return {
    creditsByDay: [...byDay]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([day, credits]) => ({ day, credits })),
    creditsByModel: [...byModel]
      .sort(([, a], [, b]) => b - a)
      .map(([model, credits]) => ({ model, credits })),
  };
}
