/**
 * A published result's alt text in the shop's other languages (publish/alt-translations.ts):
 * registered with translationsRegister on the image's `alt`, in each published locale the app
 * has words for, the scene and colour words in that language and the product's title as the
 * shop has it translated there. Best effort: a refused registration never fails the result.
 * Real Shopify emulator, real Redis, the app's own pipeline.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GenerationView, ProductDetail } from '../../../src/app-api/contract.ts';
import {
  TRANSLATABLE_CONTENT,
  TRANSLATIONS_REGISTER,
} from '../../../src/shopify/operations/translations.ts';
import {
  startPublishHarness,
  type PublishHarness,
  type TestShop,
} from '../../support/publish-stack.ts';
import { emulatorProducts, productMedia } from '../../support/shop-media.ts';

let harness: PublishHarness;

beforeAll(async () => {
  harness = await startPublishHarness();
});

interface Registered {
  key: string;
  locale: string;
  value: string;
}

/** Results whose alt text Shopify did not register in the shop's other languages. */
async function failuresCounted(): Promise<number> {
  const metric = harness.app.deps.metrics.registry.getSingleMetric(
    'alt_text_translation_failures_total',
  );
  return (await metric!.get()).values[0]?.value ?? 0;
}

/** The shop's enabled locales, the primary first; `unpublished` ones enabled but hidden. */
async function setLocales(shop: string, published: string[], unpublished: string[] = []) {
  await harness.app.shopifyControl('PUT', `/shops/${shop}/locales`, {
    locales: [
      ...published.map((locale) => ({ locale })),
      ...unpublished.map((locale) => ({ locale, published: false })),
    ],
  });
}

async function altTranslations(shop: string, fileId: string): Promise<Registered[]> {
  const { translations } = (await harness.app.shopifyControl(
    'GET',
    `/shops/${shop}/translations?resourceId=${encodeURIComponent(fileId)}`,
  )) as { translations: Registered[] };
  return translations
    .map(({ key, locale, value }) => ({ key, locale, value }))
    .sort((a, b) => a.locale.localeCompare(b.locale));
}

async function product(shop: TestShop, index = 0): Promise<ProductDetail> {
  const products = await emulatorProducts(harness.app, shop.shop);
  const { body } = await shop.api<ProductDetail>(
    'GET',
    `/products/${encodeURIComponent(products[index]!)}`,
  );
  return body;
}

/** A photo on a marble counter: the emulator draws a warm cream backdrop, "yellow" in words. */
async function publishPhoto(shop: TestShop, target: ProductDetail) {
  const created = await shop.api<GenerationView>('POST', '/generations', {
    productId: target.id,
    kind: 'photo',
    model: 'nanobanana',
    prompt: 'On a marble counter',
    sourceMediaIds: [target.images[0]!.id],
  });
  expect(created.status).toBe(202);
  const generation = await shop.waitFor(created.body.id, ['published', 'in_review', 'failed']);
  expect(generation.state).toBe('published');
  return generation;
}

describe('alt text in the shop’s languages', () => {
  it('registers the alt text in each published language, none in an unpublished one', async () => {
    const shop = await harness.newShop();
    await setLocales(shop.shop, ['en', 'fr', 'de'], ['it']);
    const target = await product(shop);

    const generation = await publishPhoto(shop, target);

    const media = await productMedia(harness.app, shop.shop, target.id);
    const image = media.find((item) => item.id === generation.fileId)!;
    expect(image.alt).toBe(`${target.title} in an AI-generated photo on a yellow background`);
    expect(await altTranslations(shop.shop, generation.fileId!)).toEqual([
      {
        key: 'alt',
        locale: 'de',
        value: `${target.title} in einem KI-generierten Foto auf einem Hintergrund in Gelb`,
      },
      {
        key: 'alt',
        locale: 'fr',
        value: `${target.title} dans une photo générée par IA sur fond jaune`,
      },
    ]);
  });

  it('writes the alt text in the primary language, French, registering none when it is the only one', async () => {
    const shop = await harness.newShop();
    await setLocales(shop.shop, ['fr']);
    const target = await product(shop);

    const generation = await publishPhoto(shop, target);

    const media = await productMedia(harness.app, shop.shop, target.id);
    const image = media.find((item) => item.id === generation.fileId)!;
    expect(image.alt).toBe(`${target.title} dans une photo générée par IA sur fond jaune`);
    expect(await altTranslations(shop.shop, generation.fileId!)).toEqual([]);
  });

  it('names the product by its own translated title where the shop has one', async () => {
    const shop = await harness.newShop();
    await setLocales(shop.shop, ['en', 'fr', 'de']);
    const target = await product(shop);
    const admin = await harness.pipeline.context.admin(shop.shop);
    const content = await admin.request(TRANSLATABLE_CONTENT, {
      resourceId: target.id,
      locale: 'fr',
    });
    const digest = content.translatableResource!.translatableContent.find(
      (item) => item.key === 'title',
    )!.digest!;
    const registered = await admin.request(TRANSLATIONS_REGISTER, {
      resourceId: target.id,
      translations: [
        {
          key: 'title',
          locale: 'fr',
          value: 'Tasse en céramique',
          translatableContentDigest: digest,
        },
      ],
    });
    expect(registered.translationsRegister?.userErrors).toEqual([]);

    const generation = await publishPhoto(shop, target);

    const values = (await altTranslations(shop.shop, generation.fileId!)).map((t) => t.value);
    expect(values).toEqual([
      `${target.title} in einem KI-generierten Foto auf einem Hintergrund in Gelb`,
      'Tasse en céramique dans une photo générée par IA sur fond jaune',
    ]);
  });

  it('publishes the result all the same when Shopify refuses the translations', async () => {
    const shop = await harness.newShop();
    await setLocales(shop.shop, ['en', 'fr', 'de']);
    // The app keeps the shop's languages a while; the merchant removes German meanwhile, and
    // Shopify refuses a translation in a locale the shop no longer has.
    const admin = await harness.pipeline.context.admin(shop.shop);
    await harness.pipeline.context.shopLocales.get(shop.shop, admin);
    await setLocales(shop.shop, ['en', 'fr']);
    const target = await product(shop);
    const counted = await failuresCounted();

    const generation = await publishPhoto(shop, target);

    expect(generation.mediaId).toBe(generation.fileId);
    expect(await altTranslations(shop.shop, generation.fileId!)).toEqual([]);
    expect(await failuresCounted()).toBe(counted + 1);
  });
});
