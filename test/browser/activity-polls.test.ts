/**
 * A poll of Activity that brings nothing new renders no row again: the generations that did not
 * change are kept as the same objects and the rows are memoized. Before, every poll (every 2-5
 * seconds) rendered all the page's rows again, a 78 ms task at load 20 that a click or a key in
 * the large viewer landing beside it waited behind.
 */
import { expect, test } from 'vitest';
import type { GenerationPage, ProductDetail } from '../../src/app-api/contract.ts';
import { eventually } from './support/eventually.ts';
import { appFrame } from './support/keyboard.ts';
import { appApi, productsWithImages, RESULT_TIMEOUT_MS } from './support/merchant.ts';
import { recordRenders, renders } from './support/renders.ts';
import { browserSuite } from './support/suite.ts';

const suite = browserSuite('activity-polls', { connectedMerchant: true });
const RESULTS = 3;

test(
  'polls that bring nothing new render no row again',
  async () => {
    const { admin, stack } = suite;
    const [first] = await productsWithImages(stack);
    const product = await appApi<ProductDetail>(
      stack,
      'GET',
      `/products/${encodeURIComponent(first!.id)}`,
    );
    for (let i = 0; i < RESULTS; i += 1) {
      await appApi(stack, 'POST', '/generations', {
        productId: product.id,
        kind: 'photo',
        model: 'nanobanana',
        prompt: `On a marble counter, take ${i + 1}`,
        sourceMediaIds: [product.images[0]!.id],
      });
    }
    await eventually(
      async () => {
        const page = await appApi<GenerationPage>(stack, 'GET', '/generations?state=published');
        return page.generations.length;
      },
      { timeout: RESULT_TIMEOUT_MS, interval: 500 },
    ).toBe(RESULTS);

    await recordRenders(admin);
    await admin.open('/activity');
    const frame = await appFrame(admin);
    await eventually(() =>
      admin.app.getByRole('row').filter({ hasText: product.title }).count(),
    ).toBe(RESULTS);
    const shown = (await renders(frame)).length;
    // Three polls (every 5 s once nothing is being made): "x minutes ago" is written again when
    // a minute passes, in one poll at most.
    await eventually(async () => (await renders(frame)).length - shown, {
      timeout: 30_000,
      interval: 500,
    }).toBeGreaterThanOrEqual(3);
    // A row's contents: its "2 minutes ago".
    const polls = (await renders(frame)).slice(shown).map((commit) => commit.time ?? 0);
    expect(polls.filter((rows) => rows === 0).length, JSON.stringify(polls)).toBeGreaterThanOrEqual(
      polls.length - 1,
    );
  },
  2 * RESULT_TIMEOUT_MS,
);
