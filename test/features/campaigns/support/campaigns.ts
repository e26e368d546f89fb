/**
 * Campaign test helpers: the publish harness (both emulators, real Redis, real workers) with a
 * campaign worker on a clock the test moves, a campaign request whose dates are days away on
 * the shop's clock, and waiting on a campaign's view.
 */
import type { CampaignView, CreateCampaignRequest } from '../../../../src/app-api/campaigns.ts';
import { instantToZoned } from '../../../../src/app-api/zoned-time.ts';
import { createOffsetClock, type Clock, type OffsetClock } from '../../../../src/platform/clock.ts';
import type { CampaignEngine } from '../../../../src/features/campaigns/engine.ts';
import type { AppOverrides } from '../../../../src/app/index.ts';
import type { PipelineConfigOverrides } from '../../../../src/pipeline/index.ts';
import {
  startPublishHarness,
  type PublishHarness,
  type TestShop,
} from '../../../support/publish-stack.ts';
import { productMedia, type EmulatorMedia } from '../../../support/shop-media.ts';
import { seededProducts } from '../../../support/seeded-shop.ts';
import type { TestApp } from '../../../support/app.ts';
import { notYet, until } from '../../../support/until.ts';

export const DAY_MS = 86_400_000;
/** The demo shops' time zone (emulators/shopify/seed). */
export const SHOP_TIME_ZONE = 'America/New_York';

export interface CampaignHarness extends PublishHarness {
  clock: OffsetClock;
  campaigns: CampaignEngine;
}

/** The stack, and the process's campaign engine on a movable clock, reconciling every 100 ms. */
export async function startCampaignHarness(
  options: { fidelity?: AppOverrides['fidelity']; config?: PipelineConfigOverrides } = {},
): Promise<CampaignHarness> {
  const clock = createOffsetClock();
  const { config, ...overrides } = options;
  const harness = await startPublishHarness({
    expansion: { pageSize: 5, window: 10 },
    config,
    overrides: { campaigns: { clock, reconcileMs: 100, sweepRecheckMs: 200 }, ...overrides },
  });
  return { ...harness, clock, campaigns: harness.app.deps.engines.campaigns };
}

/** A campaign over `productIds` starting in `startInDays` and ending in `endInDays` (shop clock). */
export function campaignRequest(
  clock: Clock,
  productIds: string[],
  options: { startInDays?: number; endInDays?: number; reviewFirst?: boolean } = {},
): CreateCampaignRequest & { reviewFirst: boolean } {
  const at = (days: number) => instantToZoned(clock.now() + days * DAY_MS, SHOP_TIME_ZONE);
  return {
    name: 'Holiday scenes',
    target: { type: 'products', productIds },
    kind: 'photo',
    model: 'nanobanana',
    prompt: 'A festive holiday table with pine and candles',
    startsAt: at(options.startInDays ?? 1),
    endsAt: at(options.endInDays ?? 10),
    reviewFirst: options.reviewFirst ?? false,
  };
}

/** Seeded products with at least `minMedia` images, `count` of them. */
export async function productsWithImages(
  app: TestApp,
  shop: string,
  count: number,
  minMedia = 1,
): Promise<string[]> {
  const products = (await seededProducts(app, shop)).filter(
    (product) => product.mediaCount >= minMedia,
  );
  if (products.length < count) throw new Error(`only ${products.length} products with images`);
  return products.slice(0, count).map((product) => product.id);
}

export async function mediaOf(harness: PublishHarness, shop: string, productIds: string[]) {
  const entries = await Promise.all(
    productIds.map(async (id) => [id, await productMedia(harness.app, shop, id)] as const),
  );
  return new Map<string, EmulatorMedia[]>(entries);
}

/** The media ids in position order (index 0 is the featured image). */
export const ids = (media: EmulatorMedia[] | undefined) => (media ?? []).map((entry) => entry.id);

/**
 * Polls the campaign's view (what the merchant sees) until `done`. The deadline is under the
 * test's 30 s so that a stuck campaign fails with its view (which generation is where), not
 * with vitest's bare timeout.
 */
export async function waitForCampaign(
  shop: TestShop,
  id: string,
  done: (campaign: CampaignView) => boolean,
  deadlineMs = 20_000,
): Promise<CampaignView> {
  return until(
    `campaign ${id}`,
    async () => {
      const { body } = await shop.api<CampaignView>('GET', `/campaigns/${id}`);
      return done(body) ? body : notYet(body);
    },
    { deadlineMs, intervalMs: 50 },
  );
}

/** Every result of the campaign's run generated and held, none still in flight. */
export const allHeld = (count: number) => (campaign: CampaignView) =>
  campaign.report.held === count;
export const settled = (state: CampaignView['state']) => (campaign: CampaignView) =>
  campaign.state === state && !campaign.report.settling;
