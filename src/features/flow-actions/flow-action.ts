/**
 * The Flow action "Generate product photo" (extensions/flow-generate-photo): a workflow asks for
 * a photo of a product, with a preset or a prompt and a model (the shop's defaults otherwise).
 * The request is answered as soon as the generation is in line (Flow waits a few seconds at
 * most); the generation then runs like a bulk item (priority `bulk`, so it never goes ahead of a
 * merchant's click) and shows in Activity with its origin, "Shopify Flow".
 *
 * With `each_variant` ("Color"), a product whose colour variants have their own images gets one
 * photo per colour, each on its variants, all claimed by the run together.
 *
 * One run, one generation (or one set), one charge each. Flow sends a run again (same `action_run_id`) when our
 * answer did not reach it, so the generation is created by `createOnce` under a claim keyed by
 * the run id, claim and record in one atomic step (kept a week, longer than Flow retries a run):
 * two requests of one run, at once or a day apart, make one generation, and the later ones are
 * answered 200 with it. A process that dies after creating and before putting it in line is
 * repaired by the retry (`admit` again changes nothing for one already in line).
 * What Flow shows: a 200 is success; a 4xx fails the step with our message and is not retried
 * (bad input: an unknown product, one without images, no usable ProductAI key, a preset the
 * shop does not have); a 5xx (Shopify or Redis unavailable) is retried by Flow later.
 * At the shop's cap of generations not yet final the run waits: nothing is made (the cap is
 * checked in the same step as the claim, so the run's claim is not taken either) and the answer
 * is a 429 saying the cap and what frees it, which Flow sends again at increasing intervals for
 * up to 24 hours; a run still refused then fails its step with that message in Flow's history.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { englishText } from '../../app-api/error-codes.ts';
import { AppError } from '../../platform/errors.ts';
import { isShopDomain, shopKeyspace } from '../../platform/keys.ts';
import type { ShopSettings } from '../../stores/shop-settings.ts';
import {
  type Generation,
  type NewGeneration,
  type GenerationStore,
  type AdminGraphql,
  intakeFor,
  completeParams,
  referenceImageRange,
  loadProductImages,
  newGenerationId,
  loadProductVariants,
  matchOption,
  variantSetIntake,
  pendingCapError,
} from '../../pipeline/index.ts';

/**
 * The action's request body (Flow's documented payload; `properties` keyed as in the TOML). A
 * body that does not match is a 422, which Flow shows and does not retry: a malformed shop
 * domain is refused here, before it names a Redis key (as a 5xx it was retried for a day).
 */
export const FlowActionRequest = z.object({
  shopify_domain: z.string().refine(isShopDomain, 'Not a shop domain.'),
  action_run_id: z.string().min(1).max(200),
  handle: z.string().optional(),
  properties: z.object({
    product_id: z.union([z.string().regex(/^\d+$/), z.number().int().positive()]),
    /**
     * One photo per value of this option ("Color"), each on its variants; empty or
     * absent: one photo of the product. A product without such variants gets one photo.
     */
    each_variant: z.string().max(255).optional(),
    preset: z.string().max(60).optional(),
    prompt: z.string().max(2000).optional(),
    model: z.string().max(60).optional(),
    /** Empty or `shop`: the shop's style; `none`: without it. */
    style: z
      .string()
      .trim()
      .toLowerCase()
      .refine((value) => ['', 'shop', 'none'].includes(value), {
        message: 'Shop style: leave it empty (or write shop) to follow it, or write none.',
      })
      .optional(),
  }),
});
export type FlowActionRequest = z.infer<typeof FlowActionRequest>;

/**
 * A run in line: `generationIds` holds every generation of the run (one per colour with
 * `each_variant`), `duplicate` says Flow had sent this run before.
 */
export interface FlowActionReceipt {
  generationId: string;
  generationIds: string[];
  duplicate: boolean;
}

/** Bad input: Flow shows the message and does not send the run again. */
function refused(reason: string): AppError {
  // Flow shows the reason in the merchant's Flow history, which reads the app's English.
  return new AppError('rejected', 'flow_refused', { params: { reason } });
}

export interface FlowActionDeps {
  settings(shop: string): Promise<ShopSettings>;
  admin(shop: string): Promise<AdminGraphql>;
  generations: Pick<GenerationStore, 'createOnce' | 'get'>;
  /** Puts a created generation in line (pipeline.admit; idempotent). */
  admit(generation: Generation): Promise<Generation>;
  /** The shop's most generations not yet final (config quotas.pendingPerShop). */
  pendingCap: number;
}

const runs = shopKeyspace('flow-action-runs');
/** Flow retries a run for up to 24 hours (3 days for 429s): the run's generation is kept longer. */
const RUN_CLAIM_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const FLOW_ORIGIN_LABEL = 'Shopify Flow';

/** Run ids are Flow's (any characters): the key holds their digest. */
function claimKey(shop: string, runId: string): string {
  return runs.key(shop, createHash('sha256').update(runId).digest('hex').slice(0, 32));
}

function keyProblem(settings: ShopSettings): string | null {
  if (settings.apiKey.state === 'missing')
    return 'Save your ProductAI API key in the app’s Settings first. Nothing was charged.';
  if (settings.apiKey.state === 'invalid')
    return 'ProductAI rejected the API key saved in the app’s Settings. Save a new key. Nothing was charged.';
  return null;
}

/**
 * Puts the run's generation in line; throws `rejected` for bad input and, at the shop's cap of
 * generations not yet final, `limited` (nothing made: Flow sends the run again later, when places
 * may have freed).
 */
export async function runGeneratePhotoAction(
  deps: FlowActionDeps,
  request: FlowActionRequest,
): Promise<FlowActionReceipt> {
  const shop = request.shopify_domain;
  const { properties } = request;
  const settings = await deps.settings(shop);
  const unusableKey = keyProblem(settings);
  if (unusableKey) throw refused(unusableKey);

  const presetName = properties.preset?.trim();
  const preset = presetName
    ? settings.presets.find((p) => p.name.toLowerCase() === presetName.toLowerCase())
    : undefined;
  if (presetName && !preset) {
    const known = settings.presets.map((p) => `“${p.name}”`).join(', ') || 'none yet';
    throw refused(`No preset is named “${presetName}” in the app’s Settings (presets: ${known}).`);
  }
  const prompt = properties.prompt?.trim() || preset?.prompt;
  if (!prompt) throw refused('Choose a preset or write a prompt.');
  const model = properties.model?.trim() || undefined;

  const style = properties.style === 'none' ? ('none' as const) : undefined;
  const params = completeParams('photo', { model, prompt, style }, settings.defaults);
  // The photo starts from the product's own images: at least one, as many as the model needs.
  const needed = Math.max(1, referenceImageRange('photo', params)?.min ?? 0);
  const productId = `gid://shopify/Product/${properties.product_id}`;
  const product = await loadProductImages(await deps.admin(shop), productId, {
    ids: [],
    atLeast: needed,
  });
  if (!product) throw refused('This product is not in the store.');
  if (product.images.length === 0)
    throw refused('This product has no image to start the photo from.');
  const intake = intakeFor(
    shop,
    product,
    {
      productId,
      kind: 'photo',
      params,
      sourceMediaIds: product.images.slice(0, needed).map((image) => image.id),
    },
    { priority: 'bulk' },
  );
  if (!intake.ok) throw refused(intake.problems.map(englishText).join(' '));
  const origin = { type: 'flow' as const, id: request.action_run_id, label: FLOW_ORIGIN_LABEL };
  const option = properties.each_variant?.trim();
  const set = option ? await variantSet(deps, shop, productId, params, option) : null;
  const inputs: NewGeneration[] = (set ?? [intake.generation]).map((generation) => ({
    ...generation,
    origin,
  }));
  const { created, ids, overCap } = await deps.generations.createOnce(
    inputs,
    { key: claimKey(shop, request.action_run_id), ttlMs: RUN_CLAIM_TTL_MS },
    { cap: deps.pendingCap },
  );
  if (overCap) throw pendingCapError(deps.pendingCap);
  for (const id of ids) {
    const generation = await deps.generations.get(shop, id);
    if (generation?.state === 'queued') await deps.admit(generation);
  }
  return { generationId: ids[0]!, generationIds: ids, duplicate: !created };
}

/**
 * With `each_variant`: one generation per value of the option whose variants have their own
 * image (sources/variant-sources.ts), or null when the product has no such values (then the
 * run makes its one photo, as without the field).
 */
async function variantSet(
  deps: FlowActionDeps,
  shop: string,
  productId: string,
  params: NewGeneration['params'],
  option: string,
): Promise<NewGeneration[] | null> {
  const product = await loadProductVariants(await deps.admin(shop), productId);
  if (!product || !matchOption(product.optionNames, option)) return null;
  const set = variantSetIntake(
    shop,
    product,
    { productId, kind: 'photo', params },
    { option, setId: newGenerationId(Date.now()), priority: 'bulk' },
  );
  return set.ok ? set.generations : null;
}
