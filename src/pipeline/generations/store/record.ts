/**
 * How a generation sits in Redis: a hash with one field per record field, JSON-encoded (so a
 * patch never rewrites fields it does not name) plus one counter field per stage attempt, and
 * beside it a list of its transitions.
 */
import {
  GenerationNotFoundError,
  type Generation,
  type GenerationPatch,
  type TransitionRecord,
} from '../generation.ts';

/** Stage attempt counters are hash fields of their own (`attempt:<stage>`), counted atomically. */
export const ATTEMPT_FIELD = 'attempt:';

/** Record fields stored in the hash (besides the attempt counters; transitions are a list). */
export const FIELDS = [
  'id',
  'shop',
  'kind',
  'state',
  'reason',
  'action',
  'reasonText',
  'actionText',
  'pausedBy',
  'productId',
  'productTitle',
  'productImageUrl',
  'sourceMediaIds',
  'sourceImageUrls',
  'params',
  'estimatedCredits',
  'chargedCredits',
  'bulkRunId',
  'priority',
  'retryOf',
  'optionGroup',
  'origin',
  'productAiJobId',
  'resultUrl',
  'fileId',
  'fileUrl',
  'mediaId',
  'previousFeaturedMediaId',
  'fidelity',
  'channels',
  'provenanceKept',
  'altBackdrop',
  'variant',
  'style',
  'waitingFor',
  'productAiUnreachableMs',
  'submittedAt',
  'productAiAccount',
  'tries',
  'retriedBy',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof Generation)[];

/** Fields fixed at creation: the indexes are built from them, so a patch may not change them. */
const IMMUTABLE = new Set<string>([
  'id',
  'shop',
  'kind',
  'productId',
  'bulkRunId',
  'optionGroup',
  'origin',
  'priority',
  'createdAt',
]);

/** A patch as the scripts take it: field, JSON value, field, JSON value, ... */
export function encodePatch(patch: GenerationPatch): string[] {
  const args: string[] = [];
  for (const [field, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (IMMUTABLE.has(field) || !(FIELDS as readonly string[]).includes(field)) {
      throw new Error(`Generation field ${field} cannot be patched`);
    }
    args.push(field, JSON.stringify(value));
  }
  return args;
}

/** The record from its hash (HGETALL's field, value, field, value...) and its transitions. */
export function decodeRecord(flatFields: string[], history: string[]): Generation {
  const attempts: Record<string, number> = {};
  const record: Record<string, unknown> = { attempts };
  for (let i = 0; i < flatFields.length; i += 2) {
    const field = flatFields[i]!;
    if (field.startsWith(ATTEMPT_FIELD)) {
      attempts[field.slice(ATTEMPT_FIELD.length)] = Number(flatFields[i + 1]);
    } else record[field] = JSON.parse(flatFields[i + 1]!);
  }
  record.transitions = history.map((entry) => JSON.parse(entry) as TransitionRecord);
  record.origin ??= null; // records made before origins existed
  record.fidelity ??= null; // not checked yet (or made before the check existed)
  record.variant ??= null; // made before sets per variant existed
  record.channels ??= null; // not checked yet (or made before channel checks existed)
  record.provenanceKept ??= null; // not read yet
  record.altBackdrop ??= null; // a scene, or saved before the alt text was translated
  record.fileUrl ??= null; // not READY yet (or saved before it was kept)
  record.style ??= null; // not sent yet (or made before the shop style existed)
  record.tries ??= null; // never made again (or made before tries existed)
  record.retriedBy ??= null;
  record.waitingFor ??= null; // never waited for Shopify (or made before the wait existed)
  record.productAiUnreachableMs ??= 0; // ProductAI always answered (or made before it was counted)
  record.reasonText ??= null; // English only (or written before reasons had codes)
  record.actionText ??= null;
  return record as unknown as Generation;
}

/**
 * The record a script that changed it read back in the same round trip
 * (lua/includes/generation-read-back.lua: {status, hash fields..., '\n', transitions...});
 * throws GenerationNotFoundError when the script answered `missing`.
 */
export function decodeReadBack(reply: unknown): Generation {
  const items = reply as string[];
  if (items[0] === 'missing') throw new GenerationNotFoundError();
  const split = items.indexOf('\n');
  return decodeRecord(items.slice(1, split), items.slice(split + 1));
}
