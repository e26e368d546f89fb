/**
 * A generation as the app's clients see it (contract.ts): the record's facts, with what it waits
 * for, how Try again would go and where a published result sits on its product.
 */
import type { GenerationView } from '../../app-api/contract.ts';
import { currentWait, tryAgainOf, type Generation, type ShopifyWait } from './generation.ts';
import type { CodedText } from '../../app-api/error-codes.ts';
import { findingsView } from './plain-findings.ts';
import { currentText, toldWhy } from './reason.ts';

/** What a generation's view says while it waits for Shopify or ProductAI (its `reason`). */
const WAITING_FOR = {
  shopify: { code: 'waiting_shopify' },
  productai: { code: 'waiting_productai' },
} as const satisfies Record<string, CodedText>;

/**
 * What it says while ProductAI refuses its account's reads for the rate limit: when the job is
 * read again at the latest (`readAgainAt`), rounded up to the minute, as the instant: each client
 * writes it as a time of day on the shop's clock (the date is not needed, as a wait is hours at
 * most), the one clock of every date a merchant reads.
 */
export function waitingForRateLimit(readAgainAt: string): CodedText {
  return { code: 'waiting_productai_limit', params: { time: minuteAfter(readAgainAt) } };
}

/** An instant a text names, rounded up to the minute (a time of day, never early). */
function minuteAfter(iso: string): { at: string } {
  return { at: new Date(Math.ceil(Date.parse(iso) / 60_000) * 60_000).toISOString() };
}

/**
 * What a request ProductAI did not take waits for, back in line (submit/steps/on-refused.ts):
 * the shared rate limit's end (429), until when ProductAI limits the app (the instant as it is:
 * the request leaves after it, in its turn), or ProductAI's return.
 */
function waitingToSend(wait: WaitSaid): CodedText {
  return wait.sendAgainAt
    ? { code: 'waiting_productai_limit_send', params: { time: { at: wait.sendAgainAt } } }
    : { code: 'waiting_productai_send' };
}

/**
 * An outage's wait says until when the app keeps trying (its start plus the stage's ceiling),
 * when the wait recorded it: the merchant knows how long "as soon as it answers" may last.
 */
const UNTIL = { shopify: 'waiting_shopify_until', productai: 'waiting_productai_until' } as const;

/** What a view says of a wait: a generation's own, or its shop's line's (below). */
type WaitSaid = Omit<ShopifyWait, 'since' | 'failures'>;

function waitReason(wait: WaitSaid | null, waitingFor: 'shopify' | 'productai'): CodedText {
  if (waitingFor === 'productai' && wait?.sending) return waitingToSend(wait);
  if (waitingFor === 'productai' && wait?.readAgainAt) return waitingForRateLimit(wait.readAgainAt);
  if (wait?.givesUpAt) {
    // The time of day alone: a ceiling is hours (6 h) after the wait began.
    return { code: UNTIL[waitingFor], params: { time: { at: wait.givesUpAt } } };
  }
  return WAITING_FOR[waitingFor];
}

/**
 * How a published result sits on its product, from what verify recorded: a result of a set is
 * on its variants (never featured); a featured result replaced the featured media it remembered
 * for undo; any other was added after the product's media (or is the product's only media).
 */
function placementOf(generation: Generation): GenerationView['placement'] {
  if (generation.state !== 'published' || !generation.mediaId) return null;
  if (generation.variant) return 'variants';
  return generation.previousFeaturedMediaId !== null ? 'featured' : 'added';
}

/**
 * `shopifyDownUntil`: the shop's saves wait out a Shopify outage (publish/shopify-down-since.ts)
 * until then at the latest, so a saving generation with no wait of its own, in its shop's line
 * behind the ones that met it, waits for Shopify too, until the same time.
 */
export function toGenerationView(
  generation: Generation,
  shop: { shopifyDownUntil: string | null } = { shopifyDownUntil: null },
): GenerationView {
  const wait: WaitSaid | null =
    currentWait(generation) ??
    (shop.shopifyDownUntil !== null && generation.state === 'saving'
      ? { givesUpAt: shop.shopifyDownUntil }
      : null);
  const waitingFor = wait ? (wait.on ?? 'shopify') : null;
  return {
    id: generation.id,
    kind: generation.kind,
    state: generation.state,
    ...(waitingFor === null
      ? {
          reason: generation.reason,
          action: generation.action,
          reasonText: currentText(generation.reasonText, generation.reason),
          actionText: currentText(generation.actionText, generation.action),
        }
      : toldWhy(waitReason(wait, waitingFor))),
    waitingFor,
    tryAgain: tryAgainOf(generation),
    product: {
      id: generation.productId,
      title: generation.productTitle,
      imageUrl: generation.productImageUrl,
    },
    sourceMediaIds: generation.sourceMediaIds,
    sourceImageUrls: generation.sourceImageUrls,
    params: generation.params,
    estimatedCredits: generation.estimatedCredits,
    chargedCredits: generation.chargedCredits,
    bulkRunId: generation.bulkRunId,
    optionGroup: generation.optionGroup,
    origin: generation.origin,
    priority: generation.priority,
    productAiJobId: generation.productAiJobId,
    result: generation.resultUrl
      ? {
          previewUrl: generation.resultUrl,
          // Only while its File is sure to be served: a rejected result's File is deleted, and
          // an undone one's URL answered 404 (generation.test.ts); ProductAI's URL stays.
          fileUrl: ['saving', 'in_review', 'published'].includes(generation.state)
            ? generation.fileUrl
            : null,
          fileId: generation.fileId,
          mediaId: generation.mediaId,
          mediaType: generation.kind === 'video' ? 'video' : 'image',
        }
      : null,
    fidelity: generation.fidelity && {
      verdict: generation.fidelity.verdict,
      ...findingsView(generation.fidelity),
      checks: generation.fidelity.checks,
      region: generation.fidelity.region,
    },
    channels: generation.channels,
    provenanceKept: generation.provenanceKept,
    variant: generation.variant && {
      setId: generation.variant.setId,
      option: generation.variant.option,
      value: generation.variant.value,
      variantIds: generation.variant.variantIds,
    },
    placement: placementOf(generation),
    style: generation.style,
    tries: generation.tries && {
      ...generation.tries,
      previous: generation.tries.number > 1 ? generation.retryOf : null,
      next: generation.retriedBy,
    },
    createdAt: generation.createdAt,
    updatedAt: generation.updatedAt,
    transitions: generation.transitions,
  };
}
