/**
 * The settings part of the JSON contract: the shop's API key, defaults, publishing, checks,
 * presets and style. Browser-safe: zod only.
 */
import { z } from 'zod';
import { CodedText } from './api-error.ts';
import { CHANNEL_IDS } from '../channels/channel-ids.ts';
import { PresetId } from './ids.ts';
import { PROMPT_MAX_LENGTH } from './prompt-limits.ts';
import { ChannelId } from './result-checks.ts';
import { ShopStyleView, StylePhrase } from './shop-style.ts';

export const PromptPreset = z.object({
  id: PresetId,
  name: z.string().min(1).max(60),
  prompt: z.string().min(1).max(PROMPT_MAX_LENGTH),
});
export type PromptPreset = z.infer<typeof PromptPreset>;

/**
 * Which results the fidelity check keeps from going live without a person, whatever the review
 * setting, rules, Flow or campaigns say: `changed` (the default), `check_it` (also the doubtful
 * ones), or `off` (the check still runs and reports, the shop's settings decide).
 */
export const FidelityGuard = z.enum(['changed', 'check_it', 'off']);
export type FidelityGuard = z.infer<typeof FidelityGuard>;

/**
 * How many times a result the fidelity check calls `changed` is made again, each a new request
 * charged like any other (publish/fidelity-retry.ts): 0 to 3, 1 by default.
 */
export const FidelityRetries = z.number().int().min(0).max(3);
export const DEFAULT_FIDELITY_RETRIES = 1;
export const ChannelChoice = z
  .array(ChannelId)
  .max(CHANNEL_IDS.length)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'Each channel at most once.' });

/** Why the shop's work is paused: `reasonText` is `reason` coded (error-codes.ts). */
export const ShopPaused = z.object({
  reason: z.string(),
  reasonText: CodedText.nullable(),
  since: z.string(),
});

export const SettingsView = z.object({
  apiKey: z.object({
    masked: z.string().nullable(),
    state: z.enum(['missing', 'valid', 'invalid']),
  }),
  defaults: z.object({
    model: z.string(),
    aspectRatio: z.string(),
    resolution: z.string(),
    outputFormat: z.enum(['png', 'jpg']),
  }),
  reviewMode: z.boolean(),
  mediaPosition: z.enum(['append', 'featured']),
  fidelityGuard: FidelityGuard,
  fidelityRetries: FidelityRetries,
  channels: z.array(ChannelId),
  altTemplate: z.string(),
  presets: z.array(PromptPreset),
  webhook: z.object({ url: z.string(), connectedAt: z.string().nullable() }),
  paused: ShopPaused.nullable(),
  style: ShopStyleView,
});
export type SettingsView = z.infer<typeof SettingsView>;

export const UpdateSettingsRequest = z
  .object({
    defaults: SettingsView.shape.defaults.partial(),
    reviewMode: z.boolean(),
    mediaPosition: z.enum(['append', 'featured']),
    fidelityGuard: FidelityGuard,
    fidelityRetries: FidelityRetries,
    channels: ChannelChoice,
    altTemplate: z.string().max(512),
    presets: z.array(PromptPreset).max(50),
    /** The reference image has routes of its own (it is bytes, not JSON). */
    style: z.object({ phrase: StylePhrase }),
  })
  .partial();
export type UpdateSettingsRequest = z.infer<typeof UpdateSettingsRequest>;

export const SaveApiKeyRequest = z.object({ apiKey: z.string().trim().min(1).max(200) });
