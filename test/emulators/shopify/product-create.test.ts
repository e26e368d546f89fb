/**
 * `productCreate` on the real 2026-10 schema, and the `products/create` webhook Shopify then
 * sends to an app subscribed to it (the subscriptions of this app's own shopify.app.toml):
 * signed with the client secret, in the REST shape of API 2024-10 and later.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSubscriptions, type ShopifyEmulator } from '../../../emulators/shopify/index.ts';
import { APP_TOML_PATH } from '../../../src/shopify/declared-topics.ts';
import {
  API_SECRET,
  SHOP,
  exchangeToken,
  graphql,
  startTestEmulator,
  startWebhookReceiver,
} from './support/emulator.ts';

const SUBSCRIPTIONS = appSubscriptions(readFileSync(APP_TOML_PATH, 'utf8'));

const PRODUCT_CREATE = `mutation Create($product: ProductCreateInput!, $media: [CreateMediaInput!]) {
  productCreate(product: $product, media: $media) {
    product { id title vendor productType tags status media(first: 5) { nodes { id status alt } } }
    userErrors { field message }
  }
}`;

interface Created {
  productCreate: {
    product: {
      id: string;
      title: string;
      vendor: string;
      productType: string;
      tags: string[];
      status: string;
      media: { nodes: { id: string; status: string; alt: string | null }[] };
    } | null;
    userErrors: { field: string[] | null; message: string }[];
  };
}

let emulator: ShopifyEmulator;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let token: string;
let imageUrl: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  emulator = await startTestEmulator({
    productCount: 4,
    webhookUrl: receiver.url,
    subscriptions: SUBSCRIPTIONS,
    // New media stay UPLOADED for the test's length: the answer shows them as they are then.
    mediaProcessingMs: 60_000,
  });
  token = (await exchangeToken(emulator)).access_token;
  const { products } = (await (
    await fetch(`${emulator.url}/__emulator/shops/${SHOP}/products`)
  ).json()) as { products: { numericId: number }[] };
  const { media } = (await (
    await fetch(`${emulator.url}/__emulator/shops/${SHOP}/products/${products[0]!.numericId}/media`)
  ).json()) as { media: { url: string }[] };
  imageUrl = media[0]!.url;
});
afterAll(async () => {
  await emulator.close();
  await receiver.close();
});

const create = (product: Record<string, unknown>, media: Record<string, unknown>[] = []) =>
  graphql<Created>(emulator, token, PRODUCT_CREATE, { product, media });

describe('productCreate', () => {
  it('creates the product with its fields and media, the media processing', async () => {
    const result = await create(
      { title: 'Linen Apron', vendor: 'Atelier', productType: 'Apron', tags: ['kitchen', 'new'] },
      [{ mediaContentType: 'IMAGE', originalSource: imageUrl, alt: 'The apron' }],
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.productCreate).toEqual({
      product: {
        id: expect.stringMatching(/^gid:\/\/shopify\/Product\/\d+$/),
        title: 'Linen Apron',
        vendor: 'Atelier',
        productType: 'Apron',
        tags: ['kitchen', 'new'],
        status: 'ACTIVE',
        media: {
          nodes: [
            {
              id: expect.stringMatching(/^gid:\/\/shopify\/MediaImage\/\d+$/),
              status: 'UPLOADED',
              alt: 'The apron',
            },
          ],
        },
      },
      userErrors: [],
    });
  });

  it('refuses a blank title as Shopify does, creating nothing', async () => {
    const result = await create({ title: '  ' });
    expect(result.data!.productCreate).toEqual({
      product: null,
      userErrors: [{ field: ['title'], message: "Title can't be blank" }],
    });
  });

  it('refuses an input field it would otherwise ignore', async () => {
    const result = await create({ title: 'Gift card', giftCard: true });
    expect(result.errors?.[0]?.extensions?.['code']).toBe('EMULATOR_UNSUPPORTED');
  });
});

describe('products/create after productCreate', () => {
  it('is signed with the client secret and carries the new product in the REST shape', async () => {
    const delivered = receiver.next('products/create');
    const result = await create(
      { title: 'Clay Planter', vendor: 'Terra', productType: 'Planter', tags: ['garden'] },
      [{ mediaContentType: 'IMAGE', originalSource: imageUrl }],
    );
    const product = result.data!.productCreate.product!;
    const webhook = await delivered;
    const hmac = createHmac('sha256', API_SECRET).update(webhook.rawBody).digest('base64');
    expect(webhook.headers['x-shopify-hmac-sha256']).toBe(hmac);
    expect(webhook.headers).toMatchObject({
      'x-shopify-topic': 'products/create',
      'x-shopify-shop-domain': SHOP,
      'x-shopify-api-version': '2026-10',
    });
    const payload = JSON.parse(webhook.rawBody.toString()) as Record<string, unknown>;
    expect(payload).toMatchObject({
      admin_graphql_api_id: product.id,
      id: Number(product.id.split('/').pop()),
      title: 'Clay Planter',
      handle: 'clay-planter',
      vendor: 'Terra',
      product_type: 'Planter',
      status: 'active',
      published_scope: 'web',
      tags: 'garden',
      body_html: '',
      template_suffix: null,
      variants: [
        expect.objectContaining({
          title: 'Default Title',
          admin_graphql_api_id: expect.stringMatching(/^gid:\/\/shopify\/ProductVariant\/\d+$/),
        }),
      ],
      options: [expect.objectContaining({ name: 'Title', values: ['Default Title'] })],
      media: [
        expect.objectContaining({
          admin_graphql_api_id: expect.stringMatching(/^gid:\/\/shopify\/MediaImage\/\d+$/),
          media_content_type: 'IMAGE',
          position: 1,
        }),
      ],
      variant_gids: [expect.objectContaining({ admin_graphql_api_id: expect.any(String) })],
      has_variants_that_requires_components: false,
      category: null,
    });
    for (const key of ['created_at', 'updated_at', 'published_at', 'images', 'image']) {
      expect(payload).toHaveProperty(key);
    }
  });

  it('reads the subscriptions from the app’s shopify.app.toml, the update filter included', () => {
    const uri = '/webhooks/shopify';
    expect(SUBSCRIPTIONS).toContainEqual({ topic: 'products/create', uri });
    expect(SUBSCRIPTIONS).toContainEqual({ topic: 'products/update', uri, filter: 'media.id:*' });
    expect(SUBSCRIPTIONS).toContainEqual({ topic: 'shop/redact', uri });
  });

  it('is not sent to an app that did not subscribe to it', async () => {
    const unsubscribed = await startTestEmulator({
      productCount: 1,
      webhookUrl: receiver.url,
      subscriptions: SUBSCRIPTIONS.filter(({ topic }) => topic !== 'products/create'),
    });
    try {
      const appToken = (await exchangeToken(unsubscribed)).access_token;
      const first = receiver.next('products/create');
      await graphql(unsubscribed, appToken, PRODUCT_CREATE, { product: { title: 'Quiet' } });
      // A products/create sent by hand afterwards (the control surface ignores subscriptions)
      // is the first to arrive: productCreate sent none before it.
      await fetch(`${unsubscribed.url}/__emulator/webhooks`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ shop: SHOP, topic: 'products/create', payload: { marker: 1 } }),
      });
      expect(JSON.parse((await first).rawBody.toString())).toEqual({ marker: 1 });
    } finally {
      await unsubscribed.close();
    }
  });
});
