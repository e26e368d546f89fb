/** What the rules' steps (new products, the cap's waiting line, its release) work with. */
import type { Clock } from '../../platform/clock.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Redis } from '../../platform/redis/connection.ts';
import type { RuleStore } from './rule-store.ts';
import type { ShopSettingsStore } from '../../stores/shop-settings.ts';
import type { Pipeline, GenerationStore, AdminGraphql } from '../../pipeline/index.ts';
import type { DailySpend } from './daily-spend.ts';

export interface RulesDeps {
  redis: Redis;
  rules: RuleStore;
  spend: DailySpend;
  generations: GenerationStore;
  pipeline: Pick<Pipeline, 'admit' | 'requeue'>;
  settings: ShopSettingsStore;
  admin(shop: string): Promise<AdminGraphql>;
  timeZone(shop: string): Promise<string>;
  /** Schedules the release of work waiting for the cap at an instant (idempotent per day). */
  scheduleRelease(shop: string, day: string, atMs: number): Promise<void>;
  clock: Clock;
  logger: Logger;
  /** Webhook attempts that wait for a product's images to be ready (attempts - 1). */
  imageWaits: number;
  /** The shop's most generations not yet final (config quotas.pendingPerShop). */
  pendingCap: number;
}
