/**
 * `shop/redact` erases a shop's experiments' records: after one was started (its record, its
 * product's slot, its events opened), no key of the suite's Redis names the shop, and the
 * app-wide due set of looks holds no member naming it, without an uninstall first.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { appWideKey } from '../../../src/platform/keys.ts';
import { startTestApp } from '../../support/app.ts';
import { startImageHost, type HostedImages } from '../../support/product-images.ts';
import { seededProducts } from '../../support/seeded-shop.ts';
import { publishedPhoto } from './support/published-photos.ts';

const app = await startTestApp({ emulator: { mediaProcessingMs: 100 }, webhookWorker: false });
const { redis } = app.deps;
let images: HostedImages;
beforeAll(async () => {
  images = await startImageHost();
});
afterAll(() => images.close());

it("leaves nothing of the shop's experiments once the shop is redacted", async () => {
  const shop = app.newShop();
  await app.deps.offlineTokens.ensure(shop, app.sessionToken(shop));
  const productId = (await seededProducts(app, shop)).find((product) => product.mediaCount > 0)!.id;
  const photo = await publishedPhoto(app, images, shop, productId);
  const { id } = await app.deps.features.experiments.start(shop, {
    productId,
    generationIds: [photo.id],
    goal: 'add_to_cart',
    endAction: 'keep_winner',
  });
  const due = appWideKey('experiments-due', app.deps.config.pipeline.namespace);
  expect(await redis.zscore(due, `${shop} ${id}`)).not.toBeNull();
  expect(await redis.keys(`pai:{${shop}}:experiment-records:*`)).not.toEqual([]);

  await app.deps.eraser.erase(shop);

  expect(await redis.keys(`pai:{${shop}}:*`)).toEqual([]);
  const members = await redis.zrange(due, '0', '-1');
  expect(members.filter((member) => member.startsWith(`${shop} `))).toEqual([]);
}, 60_000);
