/**
 * The overview (the app home's first page): the connection (key, webhook), a paused shop's
 * reason, generations by state, recent results, credits spent by day and by model over the last
 * 30 days, and the latest bulk runs.
 *
 * Every figure comes from counters the generation store keeps in the same atomic step as the
 * change behind it (generation-store.ts): the credits are the last 30 days' day hashes, the
 * states one hash, so the work does not grow with the shop's history. The credits are still
 * cached for a short while per shop, single-flight, so an overview polled every few seconds by
 * several tabs reads them once.
 */
import type { GenerationState, OverviewView, SetupGuideView } from '../app-api/contract.ts';
import type { Clock } from '../platform/clock.ts';
import { singleFlightCache } from '../platform/single-flight.ts';
import type { ShopSettingsStore } from '../stores/shop-settings.ts';
import type { SetupGuideStore } from '../stores/setup-guide.ts';
import type { Pipeline } from '../pipeline/index.ts';
import type { BulkRunEngine } from '../pipeline/bulk/index.ts';
import type { CampaignEngine } from '../pipeline/campaigns/index.ts';
import { bulkRunViewer } from './bulk-run-view.ts';
import type { Generation } from '../pipeline/generations/generation.ts';
import { generationViews } from './generation-views.ts';
import type { GenerationStore } from '../pipeline/generations/generation-store.ts';

const DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const CACHE_MS = 15_000;
const RECENT = 8;
const BULK_RUNS = 5;

type Spend = Pick<OverviewView, 'creditsByDay' | 'creditsByModel'>;

export interface OverviewService {
  get(shop: string): Promise<OverviewView>;
  /** The setup guide stays dismissed for the shop, in every browser. */
  dismissSetupGuide(shop: string): Promise<SetupGuideView>;
}

export interface OverviewServiceDeps {
  clock: Clock;
  settings: ShopSettingsStore;
  pipeline: Pipeline;
  bulkRuns: BulkRunEngine;
  campaigns: Pick<CampaignEngine, 'store'>;
  setupGuide: SetupGuideStore;
}

export function createOverviewService(deps: OverviewServiceDeps): OverviewService {
  const { pipeline, bulkRuns: bulk } = deps;
  const view = bulkRunViewer(deps);
  const spend = singleFlightCache<Spend>({
    compute: (shop) => creditsSpent(pipeline.generations, shop, deps.clock),
    ttlMs: CACHE_MS,
    clock: deps.clock,
  });

  return {
    async get(shop) {
      const [settings, active, recent, runs, credits, guideDismissedAt] = await Promise.all([
        deps.settings.get(shop),
        pipeline.generations.countByState(shop),
        recentResults(pipeline.generations, shop),
        bulk.store.list(shop, BULK_RUNS),
        spend.get(shop),
        deps.setupGuide.dismissedAt(shop),
      ]);
      return {
        connection: {
          apiKeyState: settings.apiKey.state,
          webhookConnectedAt: settings.webhook.connectedAt,
        },
        paused: settings.paused,
        active: active as Record<GenerationState, number>,
        recent: await generationViews(pipeline, shop, recent),
        ...credits,
        bulkRuns: await Promise.all(runs.map(view)),
        setupGuide: { dismissedAt: guideDismissedAt },
      };
    },
    async dismissSetupGuide(shop) {
      return { dismissedAt: await deps.setupGuide.dismiss(shop, new Date(deps.clock.now())) };
    },
  };
}

/**
 * The newest results (published, or waiting for review), then the newest other generations if
 * fewer than RECENT have one: a cancelled bulk run filled the card with seven rows of "No result
 * yet" over the results before it. Three pages of RECENT from the indexes, whatever the history.
 */
async function recentResults(store: GenerationStore, shop: string): Promise<Generation[]> {
  const [published, inReview, newest] = await Promise.all(
    [{ state: 'published' as const }, { state: 'in_review' as const }, {}].map(
      async (filter) => (await store.list(shop, filter, { limit: RECENT })).generations,
    ),
  );
  const newestFirst = (a: Generation, b: Generation) => (a.id < b.id ? 1 : -1);
  const results = [...published!, ...inReview!].sort(newestFirst).slice(0, RECENT);
  const chosen = new Set(results.map((generation) => generation.id));
  const others = newest!.filter((generation) => !chosen.has(generation.id));
  return [...results, ...others.slice(0, RECENT - results.length)].sort(newestFirst);
}

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
