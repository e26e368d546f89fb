/**
 * The product page action (admin.product-details.action.render), rendered from its production
 * bundle in Chromium against the app stand-in.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import type { CreateGenerationRequest } from '../../src/app-api/contract.ts';
import {
  colourSetEstimate,
  NOW,
  createdSet,
  generation,
  product,
  PRODUCT_ID,
  settings,
} from './support/fixtures.ts';
import {
  actionButton,
  fact,
  setChecked,
  setValue,
  useHarness,
  valueOf,
} from './support/harness.ts';
import type { AppStandIn } from './support/app-stand-in.ts';

const PRODUCT_ROUTE = `GET /api/products/${encodeURIComponent(PRODUCT_ID)}` as const;

const harness = useHarness();

/** Which image checkboxes are ticked, in the product's image order. */
function checkedStates(page: Page): Promise<boolean[]> {
  return page.locator('s-checkbox').evaluateAll((all) =>
    all.map((box) => {
      const checked = (box as HTMLElement & { checked?: unknown }).checked;
      return typeof checked === 'boolean' ? checked : box.hasAttribute('checked');
    }),
  );
}

async function openProductAction(setUp: (app: AppStandIn) => void = () => {}) {
  const opened = await harness.open('product-generate', [PRODUCT_ID], (app) => {
    app.answer('GET /api/settings', 200, settings());
    app.answer(PRODUCT_ROUTE, 200, product);
    setUp(app);
  });
  await opened.page.locator('s-select[name="model"]').waitFor();
  return opened;
}

test('shows the product images, the shop default model, the first preset and the cost', async () => {
  const { page } = await openProductAction();

  const images = page.locator('s-image');
  expect(await images.evaluateAll((all) => all.map((image) => image.getAttribute('src')))).toEqual(
    product.images.map((image) => image.thumbnailUrl),
  );
  expect(await checkedStates(page)).toEqual([true, false, false]);
  expect(await page.locator('s-checkbox').first().getAttribute('label')).toBe('Mug, front');
  expect(await valueOf(page.locator('s-select[name="model"]'))).toBe('nanobanana2');
  expect(await valueOf(page.locator('s-select[name="preset"]'))).toBe('studio');
  expect(await valueOf(page.locator('s-text-area[name="prompt"]'))).toBe(
    'On a seamless white studio background',
  );
  expect(await fact(page, 'Cost').textContent()).toBe('5 credits');
  // Before Generate: where the result goes, from the shop's review setting (off here).
  expect(await fact(page, 'Result').textContent()).toBe(
    'Goes on the product at once, without review (your Publishing setting)',
  );
});

test('the cost and the image limit follow the model', async () => {
  const { page } = await openProductAction();

  await setValue(page.locator('s-select[name="model"]'), 'nanobananapro');
  await fact(page, 'Cost').filter({ hasText: '8 credits' }).waitFor();
  await page.getByText('This model uses up to 5 images as references.').waitFor();

  // kontext-pro takes one reference image: ticking another swaps it in.
  await setValue(page.locator('s-select[name="model"]'), 'kontext-pro');
  await fact(page, 'Cost').filter({ hasText: '2 credits' }).waitFor();
  await setChecked(page.locator('s-checkbox').nth(1), true);
  await expect.poll(() => checkedStates(page)).toEqual([false, true, false]);
});

test('with a shop style image, says under the model whether it goes with the request', async () => {
  const { page } = await openProductAction((app) =>
    app.answer(
      'GET /api/settings',
      200,
      settings({
        style: {
          phrase: 'Dusk blue backdrop',
          reference: {
            hash: '0123456789abcdef',
            source: 'upload',
            generationId: null,
            setAt: NOW,
            thumbnail: 'data:image/jpeg;base64,AA==',
          },
        },
      }),
    ),
  );
  const model = page.locator('s-select[name="model"]');

  await expect
    .poll(() => model.getAttribute('details'))
    .toContain("Your shop's style image is sent with this model, after the product's images.");
  // kontext-pro takes one image: the product's.
  await setValue(model, 'kontext-pro');
  await expect
    .poll(() => model.getAttribute('details'))
    .toContain("This model takes one image, so your shop's style image is not sent");
});

test('without a shop style image, the model says nothing of one', async () => {
  const { page } = await openProductAction();
  expect(await page.locator('s-select[name="model"]').getAttribute('details')).not.toContain(
    'style image',
  );
});

test('sends the click with an Idempotency-Key, and once more with the same key after a gateway’s 502', async () => {
  const expected: CreateGenerationRequest = {
    productId: PRODUCT_ID,
    kind: 'photo',
    sourceMediaIds: ['gid://shopify/MediaImage/1', 'gid://shopify/MediaImage/3'],
    model: 'nanobananapro',
    prompt: 'On a marble counter in morning light',
  };
  const { page, app, errors } = await openProductAction((stand) => {
    stand.answerOnce('POST /api/generations', 502, {
      error: 'bad_gateway',
      message: 'Bad gateway',
    });
    stand.answer('POST /api/generations', 202, generation(expected));
  });

  await setValue(page.locator('s-select[name="model"]'), 'nanobananapro');
  await setChecked(page.locator('s-checkbox').nth(2), true);
  await setValue(page.locator('s-select[name="preset"]'), 'marble');
  await actionButton(page, 'primary-action').click();

  const first = await app.nextRequest('POST /api/generations');
  const again = await app.nextRequest('POST /api/generations');
  expect(first.headers['idempotency-key']).toMatch(/^[\x21-\x7e]{16,255}$/);
  expect(again.headers['idempotency-key']).toBe(first.headers['idempotency-key']);
  await page.locator('s-banner[tone="success"]').waitFor();
  // The gateway's 502 this test asked for, as Chromium logs it: the one error expected here.
  const gateway = errors.findIndex((line) => line.includes('status of 502'));
  expect(gateway).not.toBe(-1);
  errors.splice(gateway, 1);
});

test('submits the chosen images, model and prompt, then links to the Activity page', async () => {
  const expected: CreateGenerationRequest = {
    productId: PRODUCT_ID,
    kind: 'photo',
    sourceMediaIds: ['gid://shopify/MediaImage/1', 'gid://shopify/MediaImage/3'],
    model: 'nanobananapro',
    prompt: 'On a marble counter in morning light',
  };
  const { page, app, closeCalls } = await openProductAction((stand) =>
    stand.answer('POST /api/generations', 202, generation(expected)),
  );

  await setValue(page.locator('s-select[name="model"]'), 'nanobananapro');
  await setChecked(page.locator('s-checkbox').nth(2), true);
  await setValue(page.locator('s-select[name="preset"]'), 'marble');
  await actionButton(page, 'primary-action').click();

  expect((await app.nextRequest('POST /api/generations')).body).toEqual(expected);
  const banner = page.locator('s-banner[tone="success"]');
  await banner.waitFor();
  expect(await banner.getAttribute('heading')).toBe('Generation started');
  expect(await banner.textContent()).toContain('It costs 8 credits.');
  expect(await banner.locator('s-link').getAttribute('href')).toBe('app:activity?generation=gen-1');

  await actionButton(page, 'primary-action').click();
  expect(await closeCalls()).toBe(1);
});

test('the started screen follows the generation step by step until the photo is on the product', async () => {
  const request: CreateGenerationRequest = {
    productId: PRODUCT_ID,
    kind: 'photo',
    sourceMediaIds: ['gid://shopify/MediaImage/1'],
    model: 'nanobanana2',
    prompt: 'On a seamless white studio background',
  };
  const queued = generation(request);
  const { page, app } = await openProductAction((stand) => {
    stand.answer('POST /api/generations', 202, queued);
    stand.answer('GET /api/generations/gen-1', 200, { ...queued, state: 'processing' });
  });
  await actionButton(page, 'primary-action').click();

  const steps = page.locator('s-section[heading="Progress"] s-list-item');
  const status = page.locator(
    's-box[accessibilityRole="status"], s-box[accessibilityrole="status"]',
  );
  await status.filter({ hasText: 'Waiting for its turn' }).waitFor();
  expect(await steps.first().textContent()).toBe('Queued: now');

  await status.filter({ hasText: 'ProductAI is making it.' }).waitFor();
  expect(await steps.allTextContents()).toEqual([
    'Queued: done',
    'Sending to ProductAI: done',
    'ProductAI is making it: now',
    'Saving to your files: next',
    'On the product: next',
  ]);
  expect(await page.locator('s-spinner').count()).toBe(1);

  app.answer('GET /api/generations/gen-1', 200, { ...queued, state: 'published' });
  await status.filter({ hasText: 'Done: the photo is on the product.' }).waitFor();
  expect(await steps.last().textContent()).toBe('On the product: done');
  expect(await page.locator('s-spinner').count()).toBe(0);
  // Nothing is asked once the photo is there.
  const reads = app.requests.filter((r) => r.route === 'GET /api/generations/gen-1').length;
  await page.waitForTimeout(2_500);
  expect(app.requests.filter((r) => r.route === 'GET /api/generations/gen-1').length).toBe(reads);
});

test('the started screen says until when a generation waits out ProductAI’s rate limit, on the shop’s clock', async () => {
  const queued = generation({
    productId: PRODUCT_ID,
    kind: 'photo',
    sourceMediaIds: ['gid://shopify/MediaImage/1'],
    model: 'nanobanana2',
    prompt: 'On a seamless white studio background',
  });
  const { page } = await openProductAction((stand) => {
    stand.answer('POST /api/generations', 202, queued);
    stand.answer('GET /api/generations/gen-1', 200, {
      ...queued,
      state: 'processing',
      waitingFor: 'productai',
      reason:
        "ProductAI is limiting this account's requests — the result is read again by 10:06 UTC.",
      reasonText: {
        code: 'waiting_productai_limit',
        params: { time: { at: '2026-07-01T10:06:00.000Z' } },
      },
    });
  });
  await actionButton(page, 'primary-action').click();

  const status = page.locator(
    's-box[accessibilityRole="status"], s-box[accessibilityrole="status"]',
  );
  // Tokyo: 10:06 UTC is 7:06 PM, labelled unless the machine is there.
  await status
    .filter({
      hasText:
        /ProductAI is limiting this account's requests — the result is read again by 7:06 PM( GMT\+9)?\./,
    })
    .waitFor();
  expect(await status.filter({ hasText: /10:06/ }).count()).toBe(0);
});

test('the started screen says a request waits for ProductAI to come back, not merely for its turn', async () => {
  const queued = generation({
    productId: PRODUCT_ID,
    kind: 'photo',
    sourceMediaIds: ['gid://shopify/MediaImage/1'],
    model: 'nanobanana2',
    prompt: 'On a seamless white studio background',
  });
  const { page } = await openProductAction((stand) => {
    stand.answer('POST /api/generations', 202, queued);
    stand.answer('GET /api/generations/gen-1', 200, {
      ...queued,
      state: 'queued',
      waitingFor: 'productai',
      reason:
        'Waiting for ProductAI to come back — the request is sent as soon as it answers; nothing was charged.',
      reasonText: { code: 'waiting_productai_send' },
    });
  });
  await actionButton(page, 'primary-action').click();

  await page
    .locator('s-box[accessibilityRole="status"], s-box[accessibilityrole="status"]')
    .filter({
      hasText:
        'Waiting for ProductAI to come back — the request is sent as soon as it answers; nothing was charged.',
    })
    .waitFor();
});

test('a result the product check holds: the banner says it waits for review and why, not that it is added', async () => {
  const request: CreateGenerationRequest = {
    productId: PRODUCT_ID,
    kind: 'photo',
    sourceMediaIds: ['gid://shopify/MediaImage/1'],
    model: 'nanobanana2',
    prompt: 'On a seamless white studio background',
  };
  const queued = generation(request);
  const { page } = await openProductAction((stand) => {
    stand.answer('POST /api/generations', 202, queued);
    stand.answer('GET /api/generations/gen-1', 200, {
      ...queued,
      state: 'in_review',
      fidelity: {
        verdict: 'changed',
        findings: [
          'the white part has another colour',
          "the lettering 'ALPINE' is missing or changed",
        ],
        findingTexts: [
          { code: 'finding_part_colour', params: { colour: { code: 'colour_white' } } },
          { code: 'finding_lettering', params: { text: 'ALPINE' } },
        ],
        checks: { colour: { deltaE: 14, where: 'the white part' }, located: true },
        region: { x: 0.2, y: 0.25, width: 0.5, height: 0.6 },
      },
    });
  });
  await actionButton(page, 'primary-action').click();

  const banner = page.locator('s-banner[tone="warning"]');
  await banner.waitFor();
  expect(await banner.getAttribute('heading')).toBe('Held for your review');
  expect(await banner.textContent()).toContain(
    "The product check flagged it (the white part has another colour · the lettering 'ALPINE' is missing or changed), so it is not added to the product until you approve it in the app.",
  );
  expect(await page.getByText("it is added to the product's media").count()).toBe(0);
  expect(await page.getByText('Ready: approve it').count()).toBe(0);
  await page.getByText('Held: the product check flagged it.', { exact: false }).waitFor();
  const badge = page.locator('s-badge', { hasText: 'Product check: Changed' });
  expect(await badge.getAttribute('tone')).toBe('critical');
});

test('several results: the cost and the requests ×N before Generate, then the way to choose among them', async () => {
  const expected: CreateGenerationRequest = {
    productId: PRODUCT_ID,
    kind: 'photo',
    sourceMediaIds: ['gid://shopify/MediaImage/1'],
    model: 'nanobanana2',
    prompt: 'On a seamless white studio background',
    options: 3,
  };
  const { page, app } = await openProductAction((stand) =>
    stand.answer('POST /api/generations', 202, generation(expected)),
  );

  await setValue(page.locator('s-select[name="options"]'), '3');
  await fact(page, 'Cost').filter({ hasText: '15 credits' }).waitFor();
  expect(await fact(page, 'Per result').textContent()).toBe('5 credits');
  expect(await fact(page, 'ProductAI requests').textContent()).toBe('3');
  await actionButton(page, 'primary-action').click();

  expect((await app.nextRequest('POST /api/generations')).body).toEqual(expected);
  const banner = page.locator('s-banner[tone="success"]');
  await banner.waitFor();
  expect(await banner.getAttribute('heading')).toBe('3 results are being made');
  expect(await banner.textContent()).toContain('They will wait for you in the app');
  expect(await banner.locator('s-link').getAttribute('href')).toBe('app:generate?generation=gen-1');
});

test('a product sold in colours offers one photo for each colour, each beside its image or why it is skipped', async () => {
  const { page, app } = await openProductAction((stand) =>
    stand.answer('POST /api/generations/estimate', 200, colourSetEstimate),
  );

  // The same estimate the Generate page asks for: the set, for this product and model.
  expect((await app.nextRequest('POST /api/generations/estimate')).body).toEqual({
    productId: PRODUCT_ID,
    kind: 'photo',
    sourceMediaIds: [],
    eachVariant: {},
    model: 'nanobanana2',
  });
  const choice = page.locator('s-checkbox[name="eachVariant"]');
  await choice.waitFor({ state: 'attached' });
  expect(await choice.getAttribute('label')).toBe('One photo for each color');
  expect(await page.getByText('One for each color', { exact: true }).count()).toBe(1);
  for (const colour of ['Terracotta', 'Ocean', 'Sage']) {
    expect(await page.locator(`s-image[alt="${colour}"]`).getAttribute('src')).toBe(
      `https://cdn.example/mug-${colour.toLowerCase()}_thumb.png`,
    );
  }
  expect(await page.locator('s-image[alt="Plum"]').count()).toBe(0);
  expect(await page.locator('s-stack:has(> s-text:text-is("Plum"))').textContent()).toContain(
    'Skipped: no image of its own.',
  );
});

test('one photo for each colour sends eachVariant without images, priced per colour made', async () => {
  const expected: CreateGenerationRequest = {
    productId: PRODUCT_ID,
    kind: 'photo',
    model: 'nanobanana2',
    prompt: 'On a seamless white studio background',
    sourceMediaIds: [],
    eachVariant: {},
  };
  const { page, app } = await openProductAction((stand) => {
    stand.answer('POST /api/generations/estimate', 200, colourSetEstimate);
    stand.answer('POST /api/generations', 202, createdSet(expected));
  });
  // Several results were asked for first: a set makes one for each colour instead.
  await setValue(page.locator('s-select[name="options"]'), '3');
  const choice = page.locator('s-checkbox[name="eachVariant"]');
  await choice.waitFor({ state: 'attached' });
  await setChecked(choice, true);

  // Plum is skipped: 3 colours are made and charged.
  await fact(page, 'Cost').filter({ hasText: '15 credits' }).waitFor();
  expect(
    await page
      .getByText('3 × 5 credits: one photo for each color, 3 requests to ProductAI.')
      .count(),
  ).toBe(1);
  expect(await page.getByText('Images to send').count()).toBe(0);
  expect(await page.locator('s-select[name="options"]').count()).toBe(0);
  await actionButton(page, 'primary-action').click();

  expect((await app.nextRequest('POST /api/generations')).body).toEqual(expected);
  const banner = page.locator('s-banner[tone="success"]');
  await banner.waitFor();
  expect(await banner.getAttribute('heading')).toBe('3 photos are being made, one for each color');
  expect(await banner.textContent()).toContain('They cost 15 credits together');
  expect(await banner.locator('s-link').getAttribute('href')).toBe(
    `app:activity?${new URLSearchParams({ productId: PRODUCT_ID, productTitle: 'Ceramic mug' }).toString()}`,
  );
});

// A set's started screen follows its photos, as a single photo's does.
test('the started screen of a colour set follows its photos step by step', async () => {
  const request: CreateGenerationRequest = {
    productId: PRODUCT_ID,
    kind: 'photo',
    model: 'nanobanana2',
    prompt: 'On a seamless white studio background',
    sourceMediaIds: [],
    eachVariant: {},
  };
  const set = createdSet(request);
  const { page, app } = await openProductAction((stand) => {
    stand.answer('POST /api/generations/estimate', 200, colourSetEstimate);
    stand.answer('POST /api/generations', 202, set);
    stand.answer('GET /api/generations/gen-1', 200, { ...set, state: 'published' });
    stand.answer('GET /api/generations/gen-2', 200, { ...set, id: 'gen-2', state: 'processing' });
    stand.answer('GET /api/generations/gen-3', 200, { ...set, id: 'gen-3', state: 'queued' });
  });
  const choice = page.locator('s-checkbox[name="eachVariant"]');
  await choice.waitFor({ state: 'attached' });
  await setChecked(choice, true);
  await fact(page, 'Cost').filter({ hasText: '15 credits' }).waitFor();
  await actionButton(page, 'primary-action').click();

  const steps = page.locator('s-section[heading="Progress"] s-list-item');
  const status = page.locator(
    's-box[accessibilityRole="status"], s-box[accessibilityrole="status"]',
  );
  await status.filter({ hasText: '1 of 3 on the product.' }).waitFor();
  expect(await steps.allTextContents()).toEqual([
    'Queued: now (1)',
    'Sending to ProductAI: 2 done',
    'ProductAI is making it: now (1)',
    'Saving to your files: 1 done',
    'On the product: 1 done',
  ]);

  app.answer('GET /api/generations/gen-2', 200, { ...set, id: 'gen-2', state: 'published' });
  app.answer('GET /api/generations/gen-3', 200, { ...set, id: 'gen-3', state: 'published' });
  await status.filter({ hasText: '3 of 3 on the product.' }).waitFor();
  expect(await steps.last().textContent()).toBe('On the product: done');
});

test('shows the API error message in a critical banner and keeps what the merchant entered', async () => {
  const message = 'Your ProductAI account is out of credits. Top up in the studio, then try again.';
  const { page } = await openProductAction((app) =>
    app.answer('POST /api/generations', 400, { error: 'out_of_credits', message }),
  );

  await setValue(page.locator('s-text-area[name="prompt"]'), 'On a picnic blanket');
  await actionButton(page, 'primary-action').click();

  const banner = page.locator('s-banner[tone="critical"]');
  await banner.filter({ hasText: message }).waitFor();
  expect(await valueOf(page.locator('s-text-area[name="prompt"]'))).toBe('On a picnic blanket');
  expect(await valueOf(page.locator('s-select[name="preset"]'))).toBe('custom');
  expect(await page.locator('s-banner[tone="success"]').count()).toBe(0);
});

test('an empty prompt is refused in the form, before anything is sent', async () => {
  const { page, app } = await openProductAction();

  await setValue(page.locator('s-text-area[name="prompt"]'), '   ');
  await actionButton(page, 'primary-action').click();

  await page
    .locator('s-text-area[name="prompt"][error="Enter a prompt or choose a preset."]')
    .waitFor({ state: 'attached' });
  expect(app.requests.map((request) => request.route)).not.toContain('POST /api/generations');
});

test('without a valid API key, it says where to add one and cannot submit', async () => {
  const { page } = await openProductAction((app) =>
    app.answer('GET /api/settings', 200, settings({ apiKey: { masked: null, state: 'missing' } })),
  );

  const banner = page.locator('s-banner[tone="warning"]');
  expect(await banner.getAttribute('heading')).toBe('Connect your ProductAI account first');
  expect(await banner.locator('s-link').getAttribute('href')).toBe('app:settings');
  expect(await actionButton(page, 'primary-action').getAttribute('disabled')).not.toBeNull();
});

test('a product without images starts with a model that works from the prompt alone', async () => {
  const { page } = await openProductAction((app) =>
    app.answer(PRODUCT_ROUTE, 200, { ...product, images: [] }),
  );

  expect(await page.locator('s-banner[tone="info"]').getAttribute('heading')).toBe(
    'This product has no images yet',
  );
  expect(await valueOf(page.locator('s-select[name="model"]'))).toBe('gpt-2');
  expect(await fact(page, 'Cost').textContent()).toBe('10 credits');
});

test('a failed load says why, in a critical banner, with a way out', async () => {
  const message = 'This product is no longer in your store.';
  const { page, closeCalls } = await harness.open('product-generate', [PRODUCT_ID], (app) => {
    app.answer('GET /api/settings', 200, settings());
    app.answer(PRODUCT_ROUTE, 404, { error: 'product_not_found', message });
  });

  await page.locator('s-banner[tone="critical"]').filter({ hasText: message }).waitFor();
  await actionButton(page, 'secondary-actions').click();
  expect(await closeCalls()).toBe(1);
});
