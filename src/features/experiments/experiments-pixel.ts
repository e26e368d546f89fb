/**
 * The experiments' web pixel on a shop (extensions/experiments-pixel): Shopify runs an app's
 * pixel on a storefront only once the app has created it there, so the first experiment's start
 * creates it, with the settings its extension declares:
 *
 *   {"endpoint":"<app URL>/experiments/events","shop":"<shop>.myshopify.com"}
 *
 * and records that it exists (`pai:{<shop>}:experiments-pixel`, its id and settings as JSON), so
 * every later start and daily look (goLive, experiment-steps.ts) costs one Redis read. Safe to
 * repeat and to race: a pixel the record does not know (created by a start that died before
 * recording it, or by a concurrent start) is refused as TAKEN, then read and updated; a recorded
 * one Shopify no longer has (NOT_FOUND) is created again; new settings (the app moved) update it.
 * Uninstalling takes the pixel off the shop with the app, so the record is forgotten then; the
 * shop's erasure takes it with the shop's prefix.
 */
import { shopKeyspace } from '../../platform/keys.ts';
import type { Redis } from '../../platform/redis/connection.ts';
import type { AdminGraphql } from '../../pipeline/index.ts';
import { ShopifyUserErrors } from '../../shopify/admin-errors.ts';
import {
  APP_WEB_PIXEL,
  WEB_PIXEL_CREATE,
  WEB_PIXEL_UPDATE,
} from '../../shopify/operations/web-pixels.ts';
import { EXPERIMENT_EVENTS_PATH } from './event-batch.ts';

export interface ExperimentsPixel {
  /** Creates the shop's pixel with the app's settings, or updates it; a no-op once recorded. */
  ensure(shop: string, admin: AdminGraphql): Promise<void>;
  /** The shop's pixel is gone with the app (uninstall): the next start creates it again. */
  forget(shop: string): Promise<void>;
}

interface PixelRecord {
  id: string;
  settings: string;
}

const keys = shopKeyspace('experiments-pixel');

/** The settings of extensions/experiments-pixel/shopify.extension.toml, as JSON text. */
export function pixelSettings(appUrl: string, shop: string): string {
  return JSON.stringify({ endpoint: new URL(EXPERIMENT_EVENTS_PATH, appUrl).href, shop });
}

/** The pixel of an answer: Shopify names it in every answer that has no userErrors. */
function pixelId(pixel: { id: string } | null | undefined): string {
  if (!pixel) throw new Error('Shopify answered without the web pixel');
  return pixel.id;
}

/** Runs a pixel mutation; null when Shopify refused it with `code` (and only that). */
async function unless(code: string, mutation: () => Promise<string>): Promise<string | null> {
  try {
    return await mutation();
  } catch (error) {
    if (error instanceof ShopifyUserErrors && error.userErrors.every((e) => e.code === code))
      return null;
    throw error;
  }
}

export function createExperimentsPixel(deps: { redis: Redis; appUrl: string }): ExperimentsPixel {
  const { redis } = deps;

  const create = (admin: AdminGraphql, settings: string) =>
    unless('TAKEN', async () => {
      const answer = await admin.request(WEB_PIXEL_CREATE, { webPixel: { settings } });
      return pixelId(answer.webPixelCreate?.webPixel);
    });
  const update = (admin: AdminGraphql, id: string, settings: string) =>
    unless('NOT_FOUND', async () => {
      const answer = await admin.request(WEB_PIXEL_UPDATE, { id, webPixel: { settings } });
      return pixelId(answer.webPixelUpdate?.webPixel);
    });
  const existing = async (admin: AdminGraphql) =>
    pixelId((await admin.request(APP_WEB_PIXEL)).webPixel);

  return {
    async ensure(shop, admin) {
      const settings = pixelSettings(deps.appUrl, shop);
      const stored = await redis.get(keys.key(shop));
      const recorded = stored ? (JSON.parse(stored) as PixelRecord) : null;
      if (recorded?.settings === settings) return;
      const id =
        (recorded && (await update(admin, recorded.id, settings))) ??
        (await create(admin, settings)) ??
        // TAKEN: the shop has the app's pixel already, unrecorded; its settings are made ours.
        (await update(admin, await existing(admin), settings));
      if (!id) throw new Error(`The web pixel of ${shop} vanished while it was being updated`);
      await redis.set(keys.key(shop), JSON.stringify({ id, settings } satisfies PixelRecord));
    },
    async forget(shop) {
      await redis.del(keys.key(shop));
    },
  };
}
