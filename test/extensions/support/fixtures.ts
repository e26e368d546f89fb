/**
 * What the app's API answers in the extension tests: one shop, one product, one collection.
 * Every body goes through the contract's schema, so a fixture that drifts from the contract
 * fails here rather than hiding a mismatch.
 */
import {
  BulkEstimate,
  BulkRunView,
  CollectionSummary,
  CreatedGeneration,
  Estimate,
  GenerationState,
  GenerationView,
  ProductDetail,
  SettingsView,
  ShopView,
  type CreateBulkRunRequest,
  type CreateGenerationRequest,
} from '../../../src/app-api/contract.ts';
import { runOutcome } from '../../../src/app-api/run-outcome.ts';
import { bulkRunName } from '../../../src/app-api/bulk-run-name.ts';
import { viewerTimeZone } from '../../../src/app-api/shop-time.ts';

/** When every fixture happened (the runs' start, the webhook's connection). */
export const NOW = '2026-07-01T10:00:00.000Z';

/**
 * The shop's clock: Tokyo, nine hours from the machine's UTC, so a date the extensions wrote on
 * the merchant's clock instead (Jul 1, 10:00 AM) would not read as the shop's (7:00 PM).
 */
export const SHOP_TIME_ZONE = 'Asia/Tokyo';

/**
 * A run started at NOW as an English merchant on this machine reads its name: on the shop's
 * clock ("Summer mugs · Jul 1, 7:00 PM"), with the zone ("GMT+9") unless the machine is in Tokyo.
 */
export function runNameAsShown(title: string): string {
  return bulkRunName(
    { title, createdAt: NOW },
    { timeZone: SHOP_TIME_ZONE, viewerTimeZone: viewerTimeZone() },
    (date, options) => new Intl.DateTimeFormat('en', options).format(date),
  );
}

export function shopView(): ShopView {
  return ShopView.parse({ shop: 'test-shop.myshopify.com', timeZone: SHOP_TIME_ZONE });
}

export function settings(overrides: Partial<SettingsView> = {}): SettingsView {
  return SettingsView.parse({
    apiKey: { masked: 'pa_••••••1234', state: 'valid' },
    defaults: {
      model: 'nanobanana2',
      aspectRatio: 'SQUARE',
      resolution: '2K',
      outputFormat: 'png',
    },
    reviewMode: false,
    mediaPosition: 'append',
    fidelityGuard: 'changed',
    fidelityRetries: 1,
    channels: ['storefront'],
    altTemplate: '{{product}}: AI photo',
    presets: [
      { id: 'studio', name: 'White studio', prompt: 'On a seamless white studio background' },
      { id: 'marble', name: 'Marble counter', prompt: 'On a marble counter in morning light' },
    ],
    webhook: { url: 'https://app.example/webhooks/productai/shop-1', connectedAt: NOW },
    paused: null,
    style: { phrase: '', reference: null },
    ...overrides,
  });
}

export const PRODUCT_ID = 'gid://shopify/Product/101';

export const product: ProductDetail = ProductDetail.parse({
  id: PRODUCT_ID,
  title: 'Ceramic mug',
  images: [1, 2, 3].map((n) => ({
    id: `gid://shopify/MediaImage/${n}`,
    url: `https://cdn.example/mug-${n}.png`,
    thumbnailUrl: `https://cdn.example/mug-${n}_thumb.png`,
    altText: n === 1 ? 'Mug, front' : null,
    width: 1024,
    height: 1024,
  })),
});

export function generation(request: CreateGenerationRequest): GenerationView {
  return GenerationView.parse({
    id: 'gen-1',
    kind: request.kind,
    state: 'queued',
    reason: null,
    action: null,
    reasonText: null,
    actionText: null,
    product: { id: request.productId, title: product.title, imageUrl: null },
    sourceMediaIds: request.sourceMediaIds,
    sourceImageUrls: [],
    params: { model: request.model, prompt: request.prompt },
    estimatedCredits: 8,
    chargedCredits: null,
    bulkRunId: null,
    // The first of several results shares its group with the others (the API answers with it).
    optionGroup: (request.options ?? 1) > 1 ? 'group-1' : null,
    origin: null,
    priority: 'interactive',
    productAiJobId: null,
    result: null,
    fidelity: null,
    createdAt: NOW,
    updatedAt: NOW,
    transitions: [{ state: 'queued', at: NOW }],
  });
}

/** The product sold in colours: 3 with an image of their own (5 credits each), Plum without. */
export const colourSetEstimate: Estimate = Estimate.parse({
  credits: 15,
  options: 1,
  creditsPerOption: 5,
  requestsPerMinute: 60,
  problems: [],
  problemTexts: [],
  leftOutMediaIds: [],
  variants: {
    option: 'Color',
    values: [
      ...['Terracotta', 'Ocean', 'Sage'].map((value, index) => ({
        value,
        variantIds: [`gid://shopify/ProductVariant/${index + 1}`],
        mediaId: `gid://shopify/MediaImage/${index + 11}`,
        thumbnailUrl: `https://cdn.example/mug-${value.toLowerCase()}_thumb.png`,
        skipped: null,
        skippedText: null,
      })),
      {
        value: 'Plum',
        variantIds: ['gid://shopify/ProductVariant/4'],
        mediaId: null,
        thumbnailUrl: null,
        skipped: 'Color “Plum” has no image of its own, so it was skipped.',
        skippedText: null,
      },
    ],
  },
});

/** The API's answer to a set of one photo per colour: its first generation and the set. */
export function createdSet(request: CreateGenerationRequest): CreatedGeneration {
  return CreatedGeneration.parse({
    ...generation(request),
    estimatedCredits: 5,
    leftOutMediaIds: [],
    variantSet: {
      id: 'set-1',
      option: 'Color',
      generationIds: ['gen-1', 'gen-2', 'gen-3'],
      skipped: [{ value: 'Plum', reason: 'Color “Plum” has no image of its own.' }],
    },
  });
}

export const COLLECTION_ID = 'gid://shopify/Collection/7';

export const collection: CollectionSummary = CollectionSummary.parse({
  id: COLLECTION_ID,
  title: 'Summer mugs',
  productsCount: 12,
});

/**
 * The server's estimate for `productCount` products at `creditsPerProduct`, within `creditBudget`
 * when given (the run outcome the server computes: products beyond the budget skipped), finishing
 * in `finishInMs` when given (the queue's forecast for what the budget leaves in).
 */
export function bulkEstimate(
  productCount: number,
  creditsPerProduct: number,
  { creditBudget = null, finishInMs }: { creditBudget?: number | null; finishInMs?: number } = {},
): BulkEstimate {
  const outcome = runOutcome({
    productCount,
    noImage: 0,
    alreadyDone: 0,
    includeDone: false,
    options: 1,
    creditsPerProduct,
    creditBudget,
  });
  return BulkEstimate.parse({
    productCount,
    toProcess: outcome.toMake,
    unprocessable: 0,
    alreadyDone: 0,
    includeDone: false,
    checkedCount: productCount,
    options: 1,
    creditsPerProduct,
    estimatedCredits: outcome.credits,
    outcome,
    schedule:
      finishInMs === undefined
        ? null
        : {
            requestsAhead: 0,
            requestsToFinish: outcome.requests,
            requestsPerMinute: 15,
            finishInMs,
          },
    problems: [],
    problemTexts: [],
  });
}

export function bulkRun(request: CreateBulkRunRequest, title: string): BulkRunView {
  return BulkRunView.parse({
    id: 'run-1',
    title,
    target: request.target,
    kind: request.kind,
    params: { model: request.model, prompt: request.prompt },
    state: 'running',
    productCount: null,
    expandedCount: 0,
    options: request.options ?? 1,
    estimatedCredits: 60,
    creditBudget: request.creditBudget ?? null,
    creditsCommitted: 0,
    skippedForBudget: 0,
    skippedUnprocessable: 0,
    skippedDone: 0,
    includeDone: request.includeDone ?? false,
    outcome: runOutcome({
      productCount: 12,
      noImage: 0,
      alreadyDone: 0,
      includeDone: request.includeDone ?? false,
      options: request.options ?? 1,
      creditsPerProduct: 5,
      creditBudget: request.creditBudget ?? null,
    }),
    campaign: null,
    schedule: null,
    // The contract's counts have a number for every generation state.
    counts: Object.fromEntries(GenerationState.options.map((state) => [state, 0])),
    createdAt: NOW,
    updatedAt: NOW,
  });
}
