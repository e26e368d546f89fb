/**
 * A shop style: a phrase added to every prompt the app sends and an
 * optional style reference image, sent as an extra reference image to the models that take
 * several. Browser-safe: zod only (the limits: style-limits.ts); contract.ts builds on these schemas.
 */
import { z } from 'zod';
import { CodedText } from './api-error.ts';
import { GenerationId } from './ids.ts';
import { STYLE_PHRASE_MAX_LENGTH } from './style-limits.ts';

export * from './style-limits.ts';

/** Letters, figures, punctuation and spaces on one line: it is read inside a prompt. */
export const StylePhrase = z
  .string()
  .trim()
  .max(
    STYLE_PHRASE_MAX_LENGTH,
    `Keep the style to ${STYLE_PHRASE_MAX_LENGTH} characters; nothing is cut.`,
  )
  // eslint-disable-next-line no-control-regex
  .regex(/^[^\u0000-\u001f\u007f]*$/, 'Write the style on one line, without control characters.');

/**
 * Whether a request follows the shop's style (the default, for clicks, bulk runs, rules, Flow
 * and campaigns alike) or is sent without it.
 */
export const StyleChoice = z.enum(['shop', 'none']);
export type StyleChoice = z.infer<typeof StyleChoice>;

/** The shop's style reference as Settings shows it. */
export const StyleReferenceView = z.object({
  /** SHA-256 of the stored image (hex, 16 characters): what generations record. */
  hash: z.string(),
  /** Uploaded on Settings, or a result the merchant liked ("Use as shop style"). */
  source: z.enum(['upload', 'result']),
  /** The generation whose result it is (source `result`); null otherwise. */
  generationId: z.string().nullable(),
  setAt: z.string(),
  /** A small JPEG of it (data: URL), for Settings to show without another request. */
  thumbnail: z.string(),
});
export type StyleReferenceView = z.infer<typeof StyleReferenceView>;

export const ShopStyleView = z.object({
  /** Empty when the shop has no style phrase. */
  phrase: z.string(),
  reference: StyleReferenceView.nullable(),
});
export type ShopStyleView = z.infer<typeof ShopStyleView>;

/** POST /api/settings/style/reference/from-generation: "Use as shop style" on a result. */
export const UseResultAsStyleRequest = z.object({ generationId: GenerationId });

/**
 * The style a generation was sent with (null: none, asked for or not set). `reference.sent`
 * false with its `reason`: the shop had one the request could not carry (a model that takes
 * one image, no room beside the product's images, or a video).
 */
export const StyleUsed = z.object({
  phrase: z.string().nullable(),
  reference: z
    .object({
      hash: z.string(),
      sent: z.boolean(),
      reason: z.string().nullable(),
      /** `reason` coded (error-codes.ts); absent on a generation made before codes. */
      reasonText: CodedText.nullable().optional(),
    })
    .nullable(),
});
export type StyleUsed = z.infer<typeof StyleUsed>;
