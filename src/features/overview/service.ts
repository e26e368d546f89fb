/**
 * The overview (the app home's first page): the connection (key, webhook), a paused shop's
 * reason, generations by state, recent results, credits spent by day (the shop's days) and by
 * model over the last 30 days, and the latest bulk runs.
 *
 * Every figure comes from counters the generation store keeps in the same atomic step as the
 * change behind it (generation-store.ts): the credits are 32 UTC days' hashes by quarter hour, the
 * states one hash, so the work does not grow with the shop's history. The credits are still
 * cached for a short while per shop, single-flight, so an overview polled every few seconds by
 * several tabs reads them once.
 */
import type { GenerationState, OverviewView, SetupGuideView } from '../../app-api/contract.ts';
import type { Clock } from '../../platform/clock.ts';
import { singleFlightCache } from '../../platform/single-flight.ts';
import type { ShopSettingsStore } from '../../stores/shop-settings.ts';
import type { SetupGuideStore } from './setup-guide-store.ts';
import type { BulkRunEngine } from '../bulk-runs/engine.ts';
import { bulkRunViewer, type CampaignOfRun } from '../bulk-runs/bulk-run-view.ts';
import {
  pauseReasonText,
  type Pipeline,
  type Generation,
  type GenerationStore,
} from '../../pipeline/index.ts';
import { generationViews } from '../generations/generation-views.ts';
import { shopDay } from '../../app-api/shop-day.ts';
import type { ShopTimeZones } from '../../shopify/shop-time-zone.ts';

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
  campaignOfRun: CampaignOfRun;
  setupGuide: SetupGuideStore;
  timeZones: ShopTimeZones;
}

export function createOverviewService(deps: OverviewServiceDeps): OverviewService {
  const { pipeline, bulkRuns: bulk } = deps;
  const view = bulkRunViewer(deps);
  const spend = singleFlightCache<Spend>({
    compute: async (shop) =>
      creditsSpent(pipeline.generations, shop, deps.clock.now(), await deps.timeZones.of(shop)),
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
        paused: settings.paused && {
          ...settings.paused,
          reasonText: pauseReasonText(settings.paused.reason),
        },
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

/**
 * The last DAYS days on the shop's clock (its Shopify time zone), today included: the quarter
 * hours of the UTC days they overlap (one more on each side: zones run from UTC-12 to UTC+14),
 * each added into the shop's day it falls in.
 */
async function creditsSpent(
  store: GenerationStore,
  shop: string,
  nowMs: number,
  timeZone: string,
): Promise<Spend> {
  const today = Date.parse(`${shopDay(nowMs, timeZone)}T00:00Z`);
  const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const days = new Set(Array.from({ length: DAYS }, (_, i) => dayOf(today - i * DAY_MS)));
  const utcDays = Array.from({ length: DAYS + 2 }, (_, i) => dayOf(today - (DAYS - i) * DAY_MS));
  const byDay = new Map<string, number>();
  const byModel = new Map<string, number>();
  for (const slot of await store.creditsBySlot(shop, utcDays)) {
    const day = shopDay(slot.at, timeZone);
    if (!days.has(day)) continue;
    byDay.set(day, (byDay.get(day) ?? 0) + slot.credits);
    byModel.set(slot.model, (byModel.get(slot.model) ?? 0) + slot.credits);
  }
  return {
    creditsByDay: [...byDay]
      .filter(([, credits]) => credits !== 0)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([day, credits]) => ({ day, credits })),
    creditsByModel: [...byModel]
      .filter(([, credits]) => credits !== 0)
      .sort(([, a], [, b]) => b - a)
      .map(([model, credits]) => ({ model, credits })),
  };
}
