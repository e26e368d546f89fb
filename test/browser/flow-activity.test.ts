/**
 * A generation Shopify Flow started, seen in Activity: the Shopify emulator runs the "Generate
 * product photo" action as Flow does (a signed POST to the app's runtime URL), the app's worker
 * makes and publishes the photo, and Activity badges its row "Shopify Flow"
 * (docs/flow-generation-activity.png comes from this test's screenshot).
 */
import { expect, test } from 'vitest';
import { FLOW_GENERATE_PHOTO_PATH } from '../../web/server/routes/flow-actions.ts';
import { RESULT_TIMEOUT_MS } from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';
import { eventually } from './support/eventually.ts';

const suite = browserSuite('flow-activity', { connectedMerchant: true });

async function emulator(path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${suite.stack.shopify.url}/__emulator${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  expect(response.ok, `${path}: ${response.status}`).toBe(true);
  return response.json();
}

test(
  'a photo a Flow workflow asked for shows in Activity with a "Shopify Flow" badge',
  async () => {
    const { admin, stack } = suite;
    const { products } = (await emulator(`/shops/${stack.shop}/products`)) as {
      products: { id: string; title: string; mediaCount: number }[];
    };
    const product = products.find((candidate) => candidate.mediaCount > 0)!;
    const answer = (await emulator('/flow/actions', {
      shop: stack.shop,
      url: `${stack.appUrl}${FLOW_GENERATE_PHOTO_PATH}`,
      properties: {
        product_id: product.id.slice(product.id.lastIndexOf('/') + 1),
        prompt: 'On a marble table, morning light',
      },
    })) as { status: number };
    expect(answer.status).toBe(200);

    await admin.open('/activity');
    const row = admin.app.getByRole('row').filter({ hasText: product.title });
    await eventually(() => row.getByText('Shopify Flow', { exact: true }).isVisible(), {
      timeout: RESULT_TIMEOUT_MS,
      interval: 500,
    }).toBe(true);
    await eventually(() => row.getByText('Published', { exact: true }).isVisible(), {
      timeout: RESULT_TIMEOUT_MS,
      interval: 500,
    }).toBe(true);
    await admin.screenshot('flow-generation-activity');
  },
  3 * RESULT_TIMEOUT_MS,
);
