/**
 * What the attach and verify stages use of the pipeline's context (../stage-handlers.ts hands
 * each only its list). Both wait out Shopify's outages (shopify-outage.ts): its members are in
 * both.
 */
import type { PipelineContext } from '../context.ts';

/** Shopify's outage as both stages wait it out (shopify-outage.ts). */
const OUTAGE_USES = ['shopifyDown', 'shopifyBack', 'clock', 'config', 'logger'] as const;

/**
 * Attach: the result downloaded and prepared, checked (fidelity, channels), named, its alt text
 * written in the shop's language, saved as a file with its provenance, and verify armed.
 */
export const ATTACH_USES = [
  'generations',
  'settings',
  'admin',
  'images',
  'resultDownloads',
  'fidelity',
  'channels',
  'shopLocales',
  'fileNames',
  'mediaProvenance',
  'processingTimes',
  'enqueue',
  ...OUTAGE_USES,
] as const satisfies readonly (keyof PipelineContext)[];
export type AttachContext = Pick<PipelineContext, (typeof ATTACH_USES)[number]>;

/**
 * Verify: the file's processing waited for, its served copy read, its alt text translated, a
 * changed result tried again, and the result held, offered for review or published.
 */
export const VERIFY_USES = [
  'generations',
  'settings',
  'admin',
  'resultDownloads',
  'shopLocales',
  'altTranslationFailed',
  'processingTimes',
  'tries',
  'holds',
  'publishedResults',
  'enqueue',
  ...OUTAGE_USES,
] as const satisfies readonly (keyof PipelineContext)[];
export type VerifyContext = Pick<PipelineContext, (typeof VERIFY_USES)[number]>;
