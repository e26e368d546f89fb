/**
 * A new product meets the shop's rules. Runs from the durable Shopify webhook jobs
 * (products/create, products/update), which may run more than once per event and after a crash
 * at any point, so every step converges:
 *
 *  1. a product created without an image is remembered; its first image (products/update)
 *     brings it back here. Any other update is not a new product: ignored;
 *  2. per active matching rule, its generations (1-4 options, or with "one per colour" one per
 *     colour whose variants have their own image) are created with the claim
 *     (rule, product) in ONE atomic step (store.createOnce): a duplicate delivery, a redelivery,
 *     both topics, or a rerun after kill -9 find the claim and get the same ids back. The same
 *     step checks the shop's cap of generations not yet final: past it, they are stored `failed`
 *     with the reason instead (not made, nothing charged; the merchant retries from Activity),
 *     so a rule never takes the shop past its cap, and a repeat never makes them after all;
 *  3. each claimed generation still `queued` is admitted: its credits reserved on today's cap
 *     (idempotent per generation id) and put in the fair scheduler's bulk lane, after any work
 *     already waiting for the cap, or `paused` at the end of that line with the reason
 *     (cap-line.ts: released when the cap is raised or the next day starts).
 */
import type { GenerationOrigin } from '../../app-api/contract.ts';
import { englishText, type CodedText } from '../../app-api/error-codes.ts';
import type { Rule } from '../../app-api/rules.ts';
import { shopKeyspace } from '../../platform/keys.ts';
import { PRODUCT_RULE_FACTS } from '../../shopify/operations/index.ts';
import {
  StaleTransitionError,
  toldWhy,
  type Generation,
  type NewGeneration,
  type AdminGraphql,
  asCandidates,
  intakeFor,
  completeParams,
  referenceImageRange,
  loadProductImages,
  newGenerationId,
  loadProductVariants,
  matchOption,
  variantSetIntake,
  ruleAtCapRefusal,
} from '../../pipeline/index.ts';
import { admitOrWait } from './cap-line.ts';
import { ruleMatches, type ProductFacts } from './match-rule.ts';
import { rulePrompt } from './rule-prompt.ts';
import type { RulesDeps } from './rules-deps.ts';

/** Claims and "waiting for a first image" markers outlive any redelivery (Shopify: 48 h). */
const CLAIM_TTL_MS = 90 * 86_400_000;

const claimKeys = shopKeyspace('rule-claims');
const awaitingKeys = shopKeyspace('awaiting-image');
const imageWaitKeys = shopKeyspace('rule-image-waits');

export type NewProductTrigger = 'created' | 'first-image';

async function readFacts(admin: AdminGraphql, productId: string): Promise<ProductFacts | null> {
  const { product } = await admin.request(PRODUCT_RULE_FACTS, { id: productId });
  if (!product) return null;
  return {
    id: product.id,
    title: product.title,
    tags: product.tags,
    productType: product.productType,
    vendor: product.vendor,
    collectionIds: product.collections.nodes.map((node) => node.id),
    mediaCount: product.mediaCount?.count ?? 0,
  };
}

/** Runs the shop's rules for one product; answers the generations claimed (made now or before). */
export async function runRulesForProduct(
  deps: RulesDeps,
  shop: string,
  productId: string,
  trigger: NewProductTrigger,
): Promise<string[]> {
  const rules = (await deps.rules.list(shop)).filter((rule) => rule.active);
  if (rules.length === 0) return [];
  const awaiting = awaitingKeys.key(shop, productId);
  if (trigger === 'first-image' && !(await deps.redis.exists(awaiting))) return [];
  const admin = await deps.admin(shop);
  const facts = await readFacts(admin, productId);
  if (!facts) return [];
  if (facts.mediaCount === 0) {
    await deps.redis.set(awaiting, '1', 'PX', CLAIM_TTL_MS);
    return [];
  }
  const matching = rules.filter((rule) => ruleMatches(rule.match, facts));
  const claimed: string[] = [];
  for (const rule of matching) claimed.push(...(await runRule(deps, admin, shop, rule, facts)));
  await deps.redis.del(awaiting);
  return claimed;
}

async function runRule(
  deps: RulesDeps,
  admin: AdminGraphql,
  shop: string,
  rule: Rule,
  facts: ProductFacts,
): Promise<string[]> {
  const settings = await deps.settings.get(shop);
  const prompt = rulePrompt(rule, settings.presets);
  const params = completeParams(rule.kind, { ...rule.params, prompt }, settings.defaults);
  const product = await loadProductImages(admin, facts.id, { ids: [], atLeast: rule.imagesSent });
  if (!product) return [];
  const needed = referenceImageRange(rule.kind, params)?.min ?? 0;
  if (product.images.length < needed && (await mayWaitForImages(deps, shop, facts.id))) {
    // Media still processing on Shopify: the webhook job retries with backoff.
    throw new Error(`Product ${facts.id} has media but no image ready yet`);
  }
  const origin: GenerationOrigin = { type: 'rule', id: rule.id, label: rule.name };
  const claim = { key: claimKeys.key(shop, rule.id, facts.id), ttlMs: CLAIM_TTL_MS };
  const intake = intakeFor(
    shop,
    product,
    {
      productId: facts.id,
      kind: rule.kind,
      params,
      sourceMediaIds: product.images.slice(0, rule.imagesSent).map((image) => image.id),
    },
    { priority: 'bulk' },
  );
  if (!intake.ok) {
    const { ids } = await deps.generations.createOnce(
      [refusal(shop, rule, product, params, origin)],
      claim,
    );
    await deps.rules.addRecent(shop, rule.id, ids);
    await failRefused(deps, shop, ids, intake.problems);
    return ids;
  }
  const set = rule.eachVariant ? await variantSet(deps, admin, shop, rule, facts.id, params) : null;
  const inputs = set
    ? set.map((generation) => ({ ...generation, origin }))
    : asCandidates({ ...intake.generation, origin }, rule.options, deps.clock.now());
  // Within the shop's cap of generations not yet final: past it, the product is not made and its
  // generations are stored failed with the reason, claim and all (a redelivery gets the same).
  const { ids, overCap } = await deps.generations.createOnce(inputs, claim, {
    cap: deps.pendingCap,
    refused: ruleAtCapRefusal(deps.pendingCap),
  });
  await deps.rules.addRecent(shop, rule.id, ids);
  if (overCap) {
    deps.logger.info({ shop, ruleId: rule.id, productId: facts.id, ...overCap }, 'rule at cap');
  }
  await admitClaimed(deps, shop, ids);
  return ids;
}

/**
 * With "one per colour": the product's generations, one per colour whose variants have their
 * own image (sources/variant-sources.ts), or null when it has no such colours (then the rule's
 * usual photo is made). Read only when the product has the option.
 */
async function variantSet(
  deps: RulesDeps,
  admin: AdminGraphql,
  shop: string,
  rule: Rule,
  productId: string,
  params: Generation['params'],
): Promise<NewGeneration[] | null> {
  const product = await loadProductVariants(admin, productId);
  const option = rule.eachVariant?.option;
  if (!product || !matchOption(product.optionNames, option)) return null;
  const set = variantSetIntake(
    shop,
    product,
    { productId, kind: rule.kind, params },
    { option, setId: newGenerationId(deps.clock.now()), priority: 'bulk' },
  );
  return set.ok ? set.generations : null;
}

/**
 * Whether a product whose images are not ready yet may still be waited for: the webhook job's
 * retries are the wait (Shopify processes media in seconds), all but its last attempt. The last
 * one goes on and records a failed generation with the reason, so the merchant sees it.
 */
async function mayWaitForImages(deps: RulesDeps, shop: string, productId: string) {
  const key = imageWaitKeys.key(shop, productId);
  const [[, waits]] = (await deps.redis.multi().incr(key).pexpire(key, CLAIM_TTL_MS).exec()) as [
    [unknown, number],
  ];
  return waits <= deps.imageWaits;
}

/** The generation that says why a rule could not make this product (nothing is charged). */
function refusal(
  shop: string,
  rule: Rule,
  product: { id: string; title: string; imageUrl: string | null },
  params: Generation['params'],
  origin: GenerationOrigin,
) {
  return {
    shop,
    kind: rule.kind,
    productId: product.id,
    productTitle: product.title,
    productImageUrl: product.imageUrl,
    sourceMediaIds: [],
    sourceImageUrls: [],
    params,
    estimatedCredits: 0,
    priority: 'bulk' as const,
    origin,
  };
}

async function failRefused(
  deps: RulesDeps,
  shop: string,
  ids: readonly string[],
  problems: readonly CodedText[],
) {
  // One problem is coded; several are joined in English, as they were written.
  const [only, ...more] = problems;
  const reason = only && more.length === 0 ? only : problems.map(englishText).join(' ');
  const why = toldWhy(reason, { code: 'action_fix_product' });
  for (const id of ids) {
    try {
      await deps.generations.transition(shop, id, {
        from: ['queued'],
        to: 'failed',
        patch: why,
        note: 'The rule could not make this product: nothing was charged',
      });
    } catch (error) {
      if (!(error instanceof StaleTransitionError)) throw error;
    }
  }
}

/**
 * The claimed generations still `queued` go to the cap's line (safe to repeat for the same ids):
 * a product's options together, each colour of a set on its own (the cap counts per colour, and
 * the line releases each alone, as it groups by option group).
 */
async function admitClaimed(deps: RulesDeps, shop: string, ids: readonly string[]) {
  const queued = (await Promise.all(ids.map((id) => deps.generations.get(shop, id)))).filter(
    (generation): generation is Generation => generation?.state === 'queued',
  );
  const groups = new Map<string, Generation[]>();
  for (const generation of queued) {
    const group = generation.optionGroup ?? generation.id;
    groups.set(group, [...(groups.get(group) ?? []), generation]);
  }
  for (const group of groups.values()) await admitOrWait(deps, shop, group);
}
