/**
 * Creates a result's file under its claimed name (file-names.ts): a repeat after a crash finds
 * the file its crashed attempt made; a name a file outside the app holds (made before the claim,
 * or with other alt text) is given up for the next one.
 */
import { extname } from 'node:path';
import type { GenerationKind } from '../../app-api/contract.ts';
import { PRODUCT_HANDLE } from '../../shopify/operations/products.ts';
import type { AdminGraphql } from '../sources/admin-graphql.ts';
import { CLAIM_CLOCK_LEEWAY_MS, fileNameBase, slug, type FileNames } from './file-names.ts';
import type { PreparedResult } from './prepare-result.ts';
import type { NewFileState, ShopifyFiles } from './shopify-files.ts';

/** The name a result's file starts from: the product's handle (else its title) and the scene. */
export async function fileNameBaseFor(
  admin: AdminGraphql,
  generation: {
    productId: string;
    productTitle: string;
    kind: GenerationKind;
    params: { prompt?: string };
  },
): Promise<string> {
  const data = await admin.request(PRODUCT_HANDLE, { id: generation.productId });
  const handle = data.product?.handle ?? slug(generation.productTitle);
  return fileNameBase(handle, { kind: generation.kind, prompt: generation.params.prompt });
}

export async function createNamedFile(
  files: ShopifyFiles,
  names: FileNames,
  request: {
    shop: string;
    generationId: string;
    base: string;
    prepared: PreparedResult;
    alt: string;
  },
): Promise<{ file: NewFileState; name: string; filename: string }> {
  const { shop, generationId, base, prepared } = request;
  const extension = extname(prepared.filename);
  for (let position = 1; ; position += 1) {
    const claim = await names.claim(shop, base, generationId, position);
    position = claim.position;
    const filename = `${claim.name}${extension}`;
    const created = await files.create({ ...prepared, filename, alt: request.alt });
    if (created) return { file: created, name: claim.name, filename };
    const found = await files.findByFilename(filename);
    // The name is taken but the file is not visible yet: let the queue try again shortly.
    if (!found) throw new Error(`File ${filename} exists but cannot be found yet`);
    // Ours (made by a crashed attempt): made since the claim, with the alt text we give it.
    const sinceClaim = Date.parse(found.createdAt) >= claim.claimedAtMs - CLAIM_CLOCK_LEEWAY_MS;
    if (sinceClaim && found.alt === request.alt) return { file: found, name: claim.name, filename };
    await names.markTaken(shop, base, claim.name);
  }
}
