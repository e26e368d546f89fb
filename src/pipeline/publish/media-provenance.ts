/**
 * Keeps a result's provenance (model, prompt, ProductAI job id, date, IPTC digital source type)
 * with its media in Shopify: one metaobject entry of the app's type `$app:ai_provenance` per
 * result, referencing the file and the product (why a metaobject: operations/metaobjects.ts).
 * The merchant reads it in Content > Metaobjects; the definition gives the admin read access.
 *
 * Admin cost per result: one `metaobjectUpsert` (10 points). The definition is created once per
 * shop per worker process (10 points; after a restart Shopify answers TAKEN, which is what we
 * wanted). The entry's handle is the file's name, claimed for the generation (file-names.ts), so
 * a repeat of attach after a crash writes the same entry again, never a second one. A refusal is
 * logged (`provenance entry refused`) and the result still published: an image carries the same
 * facts in its XMP; a failure to reach Shopify throws, so the stage tries again.
 */
import type { Logger } from '../../platform/logger.ts';
import { ShopifyUserErrors } from '../../shopify/admin-errors.ts';
import {
  METAOBJECT_DEFINITION_CREATE,
  METAOBJECT_UPSERT,
} from '../../shopify/operations/metaobjects.ts';
import type { AdminGraphql } from '../sources/admin-graphql.ts';
import { TOOL_NAME, type Provenance } from './provenance.ts';

export const PROVENANCE_TYPE = '$app:ai_provenance';

const FIELDS = [
  { key: 'media', name: 'Media', type: 'file_reference' },
  { key: 'product', name: 'Product', type: 'product_reference' },
  { key: 'tool', name: 'Tool', type: 'single_line_text_field' },
  { key: 'model', name: 'Model', type: 'single_line_text_field' },
  { key: 'prompt', name: 'Prompt', type: 'multi_line_text_field' },
  { key: 'productai_job_id', name: 'ProductAI job id', type: 'single_line_text_field' },
  { key: 'generated_at', name: 'Generated at', type: 'date_time' },
  { key: 'digital_source_type', name: 'IPTC digital source type', type: 'url' },
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
  const defined = new Set<string>();
  return {
    async record(shop, admin, entry) {
      const refused = (defined.has(shop) ? [] : await defineOnce(admin)).concat(
        await upsert(admin, entry),
      );
      if (refused.length === 0) defined.add(shop);
      else {
        const reasons = refused.map((error) => error.message).join('; ');
        logger.warn({ shop, fileId: entry.fileId, refused: reasons }, 'provenance entry refused');
      }
    },
  };
}

/** The entry's fields; those without a value (an upscale's prompt, a job id) are left out. */
export function provenanceFields(entry: ProvenanceEntry): { key: string; value: string }[] {
  const { provenance } = entry;
  const values: Record<(typeof FIELDS)[number]['key'], string | null> = {
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
  return FIELDS.flatMap(({ key }) => {
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

/** The shop's definition; TAKEN (an earlier process made it) is what we wanted. */
async function defineOnce(admin: AdminGraphql): Promise<UserError[]> {
  const errors = await userErrorsOf(async () => {
    const data = await admin.request(METAOBJECT_DEFINITION_CREATE, {
      definition: {
        type: PROVENANCE_TYPE,
        name: 'AI provenance',
        description: `How ${TOOL_NAME} made an image or video on your products: model, prompt, ProductAI job id, date and IPTC digital source type.`,
        access: { admin: 'MERCHANT_READ' },
        fieldDefinitions: FIELDS.map((field) => ({ ...field })),
      },
    });
    return data.metaobjectDefinitionCreate?.userErrors ?? [];
  });
  return errors.filter((error) => error.code !== 'TAKEN');
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
