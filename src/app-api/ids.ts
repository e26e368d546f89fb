/**
 * The ids the API takes (path parameters, query and body fields), each in the one format it can
 * have (re-exported by contract.ts). A malformed id is a 400 that says which id at the route, so
 * it never becomes part of a Redis key or a Shopify query:
 *  - the app's own records (generations, option groups, review batches, bulk runs, campaigns,
 *    experiments):
 *    ULIDs, 26 upper-case Crockford base32 characters (src/pipeline/generations/ids.ts);
 *  - rules: lower-case UUIDs (src/features/rules/rule-store.ts, `randomUUID`);
 *  - prompt presets: a slug (the shipped presets, `studio-white`) or a UUID (the app home's);
 *  - ProductAI's jobs: positive integers;
 *  - Shopify's resources: GIDs of the resource's own type (`gid://shopify/Product/123`), so a
 *    collection's id is refused where a product's is expected.
 * Browser-safe: zod only.
 */
import { z } from 'zod';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function recordId(what: string) {
  return z.string().regex(ULID, `Not ${what} id.`);
}

export const GenerationId = recordId('a generation');
export const CandidateGroupId = recordId('an option group');
export const ReviewBatchId = recordId('a review batch');
export const BulkRunId = recordId('a bulk run');
export const CampaignId = recordId('a campaign');
export const ExperimentId = recordId('an experiment');
export const RuleId = z.string().regex(UUID, 'Not a rule id.');
export const PresetId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'Not a preset id.');

/** ProductAI's job id as a path gives it (text): a positive integer. */
export const ProductAiJobId = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/, 'Not a ProductAI job id.')
  .transform(Number)
  .refine(Number.isSafeInteger, 'Not a ProductAI job id.');

/** The Shopify resources the API names. */
export type ShopifyResource = 'Product' | 'Collection' | 'MediaImage';

const LABEL: Record<ShopifyResource, string> = {
  Product: 'product',
  Collection: 'collection',
  MediaImage: 'product image',
};

/** A Shopify GID of one resource type; Shopify's numbers are 64-bit (at most 19 digits). */
export function shopifyGid(type: ShopifyResource, message = `Not a ${LABEL[type]} id.`) {
  return z.string().regex(new RegExp(`^gid://shopify/${type}/[1-9][0-9]{0,18}$`), message);
}

/** A Shopify resource named in a path: its (URL-encoded) GID, or its number alone. */
export function shopifyIdParam(type: ShopifyResource) {
  return z
    .string()
    .transform((value) => (/^[0-9]+$/.test(value) ? `gid://shopify/${type}/${value}` : value))
    .pipe(shopifyGid(type));
}
