/**
 * A generation ProductAI is making whose job's reads its account's rate limit refuses: its record
 * as the pipeline keeps it, read again at 14:05:07Z at the latest (its view says by 14:06).
 */
import type { Generation } from '../../src/pipeline/generations/generation.ts';

const SUBMITTED = '2026-11-30T12:00:00.000Z';
const WAIT_BEGAN = '2026-11-30T12:05:00.000Z';

/** A photo ProductAI is making, its job's reads refused for its account's limit until 14:05:07Z. */
export function rateLimited(): Generation {
  return {
    id: 'gen-1',
    shop: 'tokyo.myshopify.com',
    kind: 'photo',
    state: 'processing',
    reason: null,
    action: null,
    reasonText: null,
    actionText: null,
    pausedBy: null,
    productId: 'gid://shopify/Product/1',
    productTitle: 'Tea cup',
    productImageUrl: null,
    sourceMediaIds: ['gid://shopify/MediaImage/1'],
    sourceImageUrls: ['https://cdn.example/cup.png'],
    params: { model: 'nanobanana2', prompt: 'On a white background' },
    estimatedCredits: 3,
    chargedCredits: null,
    bulkRunId: null,
    priority: 'interactive',
    retryOf: null,
    optionGroup: null,
    origin: null,
    productAiJobId: 42,
    resultUrl: null,
    fileId: null,
    mediaId: null,
    previousFeaturedMediaId: null,
    fidelity: null,
    channels: null,
    provenanceKept: null,
    altBackdrop: null,
    fileUrl: null,
    variant: null,
    style: null,
    submittedAt: SUBMITTED,
    productAiAccount: 'account-hash',
    tries: null,
    retriedBy: null,
    waitingFor: {
      since: WAIT_BEGAN,
      failures: 1,
      on: 'productai',
      readAgainAt: '2026-11-30T14:05:07.000Z',
    },
    productAiUnreachableMs: 0,
    transitions: [
      { state: 'queued', at: SUBMITTED },
      { state: 'submitting', at: SUBMITTED },
      { state: 'processing', at: SUBMITTED },
    ],
    attempts: {},
    createdAt: SUBMITTED,
    updatedAt: WAIT_BEGAN,
  };
}

const REFUSED = '2026-11-30T14:04:00.000Z';

/**
 * The same photo before it was sent: its request refused by ProductAI's rate limit (429), back in
 * line until the app's shared limit gives slots out again at 14:05:07Z.
 */
export function sendLimited(): Generation {
  return {
    ...rateLimited(),
    state: 'queued',
    productAiJobId: null,
    submittedAt: null,
    productAiAccount: null,
    waitingFor: {
      since: REFUSED,
      failures: 1,
      on: 'productai',
      sending: true,
      sendAgainAt: '2026-11-30T14:05:07.000Z',
    },
    transitions: [
      { state: 'queued', at: SUBMITTED },
      { state: 'submitting', at: REFUSED },
      {
        state: 'queued',
        at: REFUSED,
        note: 'ProductAI answered 429 (too many requests); back in line',
      },
    ],
    updatedAt: REFUSED,
  };
}

/**
 * The same photo ProductAI made, its result waiting to be saved through a Shopify outage that
 * began at 12:05Z: the app keeps trying until 18:05Z (the 6 h ceiling).
 */
export function savingThroughOutage(): Generation {
  return {
    ...rateLimited(),
    state: 'saving',
    resultUrl: 'https://productai.example/results/42.png',
    waitingFor: { since: WAIT_BEGAN, failures: 3, givesUpAt: '2026-11-30T18:05:00.000Z' },
    transitions: [
      ...rateLimited().transitions,
      { state: 'saving', at: '2026-11-30T12:04:00.000Z' },
    ],
  };
}
