/**
 * Keeps a result's provenance (model, prompt, ProductAI job id, date, IPTC digital source type)
 * with its media in Shopify: one metaobject entry of the app's type `$app:ai_provenance` per
 * result, referencing the file and the product (why a metaobject: operations/metaobjects.ts).
 * The merchant reads it in Content > Metaobjects. The type and its fields are declared in
 * shopify.app.toml (`[metaobjects.app.ai_provenance]`), which Shopify keeps on every shop with the
 * app: nothing defines it at run time, and no read checks it first (it would cost a query per
 * result for what the upsert's own refusal, UNDEFINED_OBJECT_TYPE, already says, logged below).
 *
 * Admin cost per result: one `metaobjectUpsert` (10 points). The entry's handle is the file's
 * name, claimed for the generation (file-names.ts), so
 * a repeat of attach after a crash writes the same entry again, never a second one. A refusal is
 * logged (`provenance entry refused`) and the result still published: an image carries the same
 * facts in its XMP; a failure to reach Shopify throws, so the stage tries again.
 */
import type { Logger } from '../../platform/logger.ts';
import { ShopifyUserErrors } from '../../shopify/admin-errors.ts';
import { METAOBJECT_UPSERT } from '../../shopify/operations/metaobjects.ts';
import type { AdminGraphql } from '../sources/admin-graphql.ts';
import { TOOL_NAME, type Provenance } from './provenance.ts';

export const PROVENANCE_TYPE = '$app:ai_provenance';

/** The fields the type declares (shopify.app.toml), in its order. */
const FIELD_KEYS = [
  'media',
  'product',
  'tool',
  'model',
  'prompt',
  'productai_job_id',
  'generated_at',
  'digital_source_type',
] as const;

interface UserError {
  code?: string | null;
  message: string;
}

export interface ProvenanceEntry {
  /** The entry's handle: the file's name without its extension. */
  handle: string;
  fileId: string;
  productId: string;
  provenance: Provenance;
}

export interface MediaProvenance {
  /** Creates or updates the result's entry; refusals are logged, not thrown. */
  record(shop: string, admin: AdminGraphql, entry: ProvenanceEntry): Promise<void>;
}

export function createMediaProvenance(logger: Logger): MediaProvenance {
  return {
    async record(shop, admin, entry) {
      const refused = await upsert(admin, entry);
      if (refused.length === 0) return;
      const reasons = refused.map((error) => error.message).join('; ');
      logger.warn({ shop, fileId: entry.fileId, refused: reasons }, 'provenance entry refused');
    },
  };
}

/** The entry's fields; those without a value (an upscale's prompt, a job id) are left out. */
export function provenanceFields(entry: ProvenanceEntry): { key: string; value: string }[] {
  const { provenance } = entry;
  const values: Record<(typeof FIELD_KEYS)[number], string | null> = {
    media: entry.fileId,
    product: entry.productId,
    tool: TOOL_NAME,
    model: provenance.model,
    prompt: provenance.prompt,
    productai_job_id: provenance.productAiJobId === null ? null : String(provenance.productAiJobId),
    // Shopify's date_time: ISO 8601 to the second.
    generated_at: `${provenance.generatedAt.slice(0, 19)}Z`,
    digital_source_type: provenance.digitalSourceType,
  };
  return FIELD_KEYS.flatMap((key) => {
    const value = values[key];
    return value ? [{ key, value }] : [];
  });
}

async function upsert(admin: AdminGraphql, entry: ProvenanceEntry): Promise<UserError[]> {
  return userErrorsOf(async () => {
    const data = await admin.request(METAOBJECT_UPSERT, {
      handle: { type: PROVENANCE_TYPE, handle: entry.handle },
      metaobject: { fields: provenanceFields(entry) },
    });
    return data.metaobjectUpsert?.userErrors ?? [];
  });
}

/** A payload's userErrors, whether the Admin client left them in the data or threw them. */
async function userErrorsOf(run: () => Promise<UserError[]>): Promise<UserError[]> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ShopifyUserErrors) return error.userErrors;
    throw error;
  }
}
