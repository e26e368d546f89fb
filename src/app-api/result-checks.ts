/**
 * What the app measured on a result before it was offered or published: the fidelity check
 * (src/fidelity: is the product still the product?) and the shop's chosen channels' rules
 * (src/channels). Part of the generation and of the settings. Browser-safe: zod only.
 */
import { z } from 'zod';
import { CodedText } from './api-error.ts';
import { CHANNEL_IDS } from '../channels/channel-ids.ts';

/** The fidelity check's verdict on a result (src/fidelity): is the product still the product? */
export const FidelityVerdict = z.enum(['faithful', 'check_it', 'changed']);
export type FidelityVerdict = z.infer<typeof FidelityVerdict>;

/**
 * What the fidelity check found on a result, for badges and the viewer's highlight. `not_checked`:
 * a video (the check reads still images only); `findings` says so in plain words.
 */
export const FidelityView = z.object({
  verdict: z.enum(['faithful', 'check_it', 'changed', 'not_checked']),
  /**
   * Plain English, one wording each (pipeline/generations/plain-findings.ts), e.g. "the white
   * part has another colour".
   */
  findings: z.array(z.string()),
  /**
   * `findings` coded, in the same order (`finding_*`, error-codes.ts): what the pages translate.
   * Null for a finding the server has no code for (a wording of a report stored long ago); absent
   * from a server older than the codes.
   */
  findingTexts: z.array(CodedText.nullable()).optional(),
  /** The figures behind the verdict (each present when that measure ran). */
  checks: z.object({
    colour: z.object({ deltaE: z.number(), where: z.string() }).optional(),
    structure: z.object({ score: z.number() }).optional(),
    text: z.object({ expected: z.array(z.string()), missing: z.array(z.string()) }).optional(),
    located: z.boolean().optional(),
  }),
  /** The product as located in the result, or the part that changed: fractions (0..1) of it. */
  region: z
    .object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() })
    .nullable(),
});
export type FidelityView = z.infer<typeof FidelityView>;

export const FidelityTries = z.object({
  number: z.number().int().min(1),
  of: z.number().int().min(1),
  first: z.string(),
  previous: z.string().nullable(),
  next: z.string().nullable(),
});
export type FidelityTries = z.infer<typeof FidelityTries>;

/**
 * The channels the shop shows its product images on (src/channels: their profiles and rules). A
 * result that fails a chosen channel's rules is never made the featured image. Each id once; an
 * empty list checks nothing.
 */
export const ChannelId = z.enum(CHANNEL_IDS);
export type ChannelId = z.infer<typeof ChannelId>;

/**
 * How a result measured against the shop's chosen channels (src/channels), once, before it was
 * offered or published: per channel pass, or the rules it fails in plain English. A result
 * failing any is never made the featured image.
 */
export const ChannelChecksView = z.object({
  verdicts: z.array(
    z.object({
      channel: ChannelId,
      pass: z.boolean(),
      failed: z.array(
        z.object({
          rule: z.string(),
          words: z.string(),
          /** `words` coded (error-codes.ts); absent on a result checked before codes. */
          text: CodedText.optional(),
        }),
      ),
    }),
  ),
});
export type ChannelChecksView = z.infer<typeof ChannelChecksView>;
