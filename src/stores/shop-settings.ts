/**
 * A shop's settings: generation defaults, review mode, media position, the fidelity guard, the
 * channels its results are checked for, alt-text template, prompt presets, the ProductAI API
 * key, the shop's ProductAI webhook token and the "work paused" flag.
 *
 * The API key is sealed at rest (AES-256-GCM, bound to the shop) and only its masked form ever
 * leaves this module in `get()`; `getApiKey()` is for the server's own calls to ProductAI.
 *
 * A key the merchant replaces is kept, sealed the same way, under its fingerprint, for
 * `keepReplacedKeysMs` (the composition root passes the longest time a generation sent with it
 * can still await its result): ProductAI shows a job only to the account that made it, so a
 * generation sent with the old key is read with that key (`getApiKeys`). Removing the key
 * (the merchant's choice, or uninstall) removes the replaced ones too; erasing the shop erases
 * them with its prefix.
 * Every field is its own hash field, so concurrent updates of different settings never
 * overwrite each other (no read-modify-write).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { systemClock, type Clock } from '../platform/clock.ts';
import type { Redis } from '../platform/redis/connection.ts';
import type { SecretBox } from '../platform/crypto.ts';
import { shopKeyspace } from '../platform/keys.ts';
import { luaScript } from '../platform/redis/lua-script.ts';
import {
  UpdateSettingsRequest,
  DEFAULT_FIDELITY_RETRIES,
  type ChannelId,
  type FidelityGuard,
  type PromptPreset,
} from '../app-api/contract.ts';
import { DEFAULT_CHANNELS } from '../channels/channel-ids.ts';
import type {
  ImageAspectRatio,
  ImageModelId,
  ImageResolution,
  OutputFormat,
} from '../productai/catalogue.ts';
import { createShopStyleStore, type ShopStyleStore } from './shop-style.ts';

const settingsKeys = shopKeyspace('settings');

export type ApiKeyState = 'missing' | 'valid' | 'invalid';
export type MediaPosition = 'append' | 'featured';

export interface GenerationDefaults {
  model: string;
  aspectRatio: string;
  resolution: string;
  outputFormat: OutputFormat;
}

export interface ShopSettings {
  apiKey: { masked: string | null; state: ApiKeyState };
  defaults: GenerationDefaults;
  reviewMode: boolean;
  mediaPosition: MediaPosition;
  /** Which fidelity verdicts wait for a person whatever else says publish (contract.ts). */
  fidelityGuard: FidelityGuard;
  /** How many times a `changed` result is made again (0-3; contract.ts `FidelityRetries`). */
  fidelityRetries: number;
  /** The channels its results are checked for (src/channels); the storefront alone by default. */
  channels: ChannelId[];
  /** Placeholders: `{productTitle}`, `{scene}` (the kind of image), `{prompt}` (alt-text.ts). */
  altTemplate: string;
  presets: PromptPreset[];
  /** The secret in the shop's ProductAI webhook URL, and when ProductAI's validation call came. */
  webhook: { token: string; connectedAt: string | null };
  /** Set while the shop's pending work is paused (out of credits, invalid key). */
  paused: { reason: string; since: string } | null;
}

export const DEFAULT_GENERATION: {
  model: ImageModelId;
  aspectRatio: ImageAspectRatio;
  resolution: ImageResolution;
  outputFormat: OutputFormat;
} = {
  // The catalogue's recommended balance of quality, speed and cost.
  model: 'nanobanana2',
  aspectRatio: 'SQUARE',
  resolution: '2K',
  outputFormat: 'png',
};

export const DEFAULT_ALT_TEMPLATE = '{productTitle} {scene}';

/** A starter library for product photography; merchants edit it in settings. */
export const DEFAULT_PRESETS: PromptPreset[] = [
  {
    id: 'studio-white',
    name: 'Studio white',
    prompt:
      'The product on a seamless pure white studio background, soft even lighting, gentle natural shadow beneath, sharp focus, e-commerce catalogue photo',
  },
  {
    id: 'marble-counter',
    name: 'Marble counter',
    prompt:
      'The product standing on a polished white marble countertop, soft morning window light from the left, blurred minimal kitchen in the background',
  },
  {
    id: 'warm-wood',
    name: 'Warm wood',
    prompt:
      'The product on a warm oak wooden table, late afternoon golden light, cosy lifestyle setting with shallow depth of field',
  },
  {
    id: 'outdoor-nature',
    name: 'Outdoor nature',
    prompt:
      'The product placed on a mossy rock in a sunlit forest clearing, dappled light, fresh green tones, natural lifestyle shot',
  },
  {
    id: 'pastel-flatlay',
    name: 'Pastel flat lay',
    prompt:
      'Top-down flat lay of the product on a soft pastel paper background with a few simple geometric props, bright diffused light, modern and clean',
  },
  {
    id: 'dark-luxury',
    name: 'Dark luxury',
    prompt:
      'The product on a matte black pedestal against a deep charcoal background, dramatic rim lighting, subtle reflections, premium luxury look',
  },
];

/** The shop's style (phrase, reference image, its hosted copies) is kept here too: shop-style.ts. */
export interface ShopSettingsStore extends ShopStyleStore {
  /** The settings with defaults filled in; creates the webhook token on first read. */
  get(shop: string): Promise<ShopSettings>;
  /** Applies a partial update (validated against the API contract). */
  update(shop: string, patch: UpdateSettingsRequest): Promise<ShopSettings>;
  /** Stores a key the caller has checked with ProductAI; its state becomes `valid`. */
  saveApiKey(shop: string, apiKey: string): Promise<ShopSettings>;
  removeApiKey(shop: string): Promise<void>;
  /** The plaintext key for the server's calls to ProductAI; never send it to a browser. */
  getApiKey(shop: string): Promise<string | null>;
  /**
   * Every key jobs of the shop may still be read with: the saved key first (when there is one),
   * then the keys it replaced less than `keepReplacedKeysMs` ago. Plaintext, as `getApiKey`.
   */
  getApiKeys(shop: string): Promise<string[]>;
  /**
   * Marks the key invalid after ProductAI rejected it (401/403) — only if it is still the key
   * that failed, so a key the merchant replaced meanwhile is not marked invalid.
   */
  markApiKeyInvalid(shop: string, failedApiKey: string): Promise<boolean>;
  /** Timing-safe check of a token presented on the shop's ProductAI webhook URL. */
  verifyWebhookToken(shop: string, token: string): Promise<boolean>;
  markWebhookConnected(shop: string, at: Date): Promise<void>;
  /** Whether ProductAI's validation call has reached the shop's webhook URL (one field read). */
  webhookConnected(shop: string): Promise<boolean>;
  pause(shop: string, reason: string, since: Date): Promise<void>;
  resume(shop: string): Promise<void>;
}

type Field =
  | 'defaults.model'
  | 'defaults.aspectRatio'
  | 'defaults.resolution'
  | 'defaults.outputFormat'
  | 'reviewMode'
  | 'mediaPosition'
  | 'fidelityGuard'
  | 'fidelityRetries'
  | 'channels'
  | 'altTemplate'
  | 'presets'
  | 'apiKey'
  | 'apiKeyMask'
  | 'apiKeyFingerprint'
  | 'apiKeyState'
  | 'webhookToken'
  | 'webhookConnectedAt'
  | 'pausedReason'
  | 'pausedSince';

const ALL_FIELDS: Field[] = [
  'defaults.model',
  'defaults.aspectRatio',
  'defaults.resolution',
  'defaults.outputFormat',
  'reviewMode',
  'mediaPosition',
  'fidelityGuard',
  'fidelityRetries',
  'channels',
  'altTemplate',
  'presets',
  'apiKeyMask',
  'apiKeyState',
  'webhookToken',
  'webhookConnectedAt',
  'pausedReason',
  'pausedSince',
];
const API_KEY_FIELDS: Field[] = ['apiKey', 'apiKeyMask', 'apiKeyFingerprint', 'apiKeyState'];

const SAVE_API_KEY = luaScript(new URL('./lua/save-api-key.lua', import.meta.url), {
  keys: ['settings', 'replaced'],
  args: ['sealed', 'mask', 'fingerprint', 'untilMs', 'keepMs'],
});

const MARK_INVALID_IF_SAME_KEY = luaScript(
  new URL('./lua/mark-api-key-invalid.lua', import.meta.url),
  { keys: ['settings'], args: ['fingerprint'] },
);

/** `••••••••abcd`: enough for the merchant to recognise the key, useless to anyone else. */
export function maskApiKey(apiKey: string): string {
  return `••••••••${apiKey.length >= 12 ? apiKey.slice(-4) : ''}`;
}

// A truncated hash of a high-entropy key identifies it without revealing it.
function fingerprint(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('hex').slice(0, 32);
}

/** How long a replaced key is kept when the caller does not say (the default await deadline). */
export const DEFAULT_KEEP_REPLACED_KEYS_MS = 30 * 60_000;

export function createShopSettingsStore(deps: {
  redis: Redis;
  secrets: SecretBox;
  clock?: Clock;
  /** How long a replaced API key is kept for jobs sent with it. */
  keepReplacedKeysMs?: number;
}): ShopSettingsStore {
  const { redis, secrets } = deps;
  const clock = deps.clock ?? systemClock;
  const keepMs = deps.keepReplacedKeysMs ?? DEFAULT_KEEP_REPLACED_KEYS_MS;
  const keyOf = (shop: string) => settingsKeys.key(shop, 'main');
  const replacedOf = (shop: string) => settingsKeys.key(shop, 'replaced-api-keys');
  const apiKeyContext = (shop: string) => `${shop}:settings:apiKey`;
  const webhookContext = (shop: string) => `${shop}:settings:webhookToken`;

  async function webhookToken(shop: string, sealed: string | null): Promise<string> {
    if (sealed) return secrets.open(sealed, webhookContext(shop));
    // HSETNX: when two first reads race, one token wins and both return it.
    const fresh = secrets.seal(randomBytes(24).toString('base64url'), webhookContext(shop));
    await redis.hsetnx(keyOf(shop), 'webhookToken', fresh);
    const stored = await redis.hget(keyOf(shop), 'webhookToken');
    return secrets.open(stored ?? fresh, webhookContext(shop));
  }

  async function get(shop: string): Promise<ShopSettings> {
    const values = await redis.hmget(keyOf(shop), ...ALL_FIELDS);
    const f = Object.fromEntries(ALL_FIELDS.map((name, i) => [name, values[i] ?? null])) as Record<
      Field,
      string | null
    >;
    return {
      apiKey: {
        masked: f.apiKeyMask,
        state: (f.apiKeyState as ApiKeyState | null) ?? 'missing',
      },
      defaults: {
        model: f['defaults.model'] ?? DEFAULT_GENERATION.model,
        aspectRatio: f['defaults.aspectRatio'] ?? DEFAULT_GENERATION.aspectRatio,
        resolution: f['defaults.resolution'] ?? DEFAULT_GENERATION.resolution,
        outputFormat:
          (f['defaults.outputFormat'] as OutputFormat | null) ?? DEFAULT_GENERATION.outputFormat,
      },
      reviewMode: f.reviewMode === 'true',
      mediaPosition: (f.mediaPosition as MediaPosition | null) ?? 'append',
      // A changed product never goes live unseen unless the merchant says otherwise.
      fidelityGuard: (f.fidelityGuard as FidelityGuard | null) ?? 'changed',
      fidelityRetries:
        f.fidelityRetries === null ? DEFAULT_FIDELITY_RETRIES : Number(f.fidelityRetries),
      channels: f.channels ? (JSON.parse(f.channels) as ChannelId[]) : [...DEFAULT_CHANNELS],
      altTemplate: f.altTemplate ?? DEFAULT_ALT_TEMPLATE,
      presets: f.presets ? (JSON.parse(f.presets) as PromptPreset[]) : DEFAULT_PRESETS,
      webhook: {
        token: await webhookToken(shop, f.webhookToken),
        connectedAt: f.webhookConnectedAt,
      },
      paused:
        f.pausedReason && f.pausedSince ? { reason: f.pausedReason, since: f.pausedSince } : null,
    };
  }

  return {
    ...createShopStyleStore(redis),
    get,
    async update(shop, patch) {
      const valid = UpdateSettingsRequest.parse(patch);
      const fields: Partial<Record<Field, string>> = {};
      for (const [name, value] of Object.entries(valid.defaults ?? {}))
        if (value !== undefined) fields[`defaults.${name}` as Field] = value;
      if (valid.reviewMode !== undefined) fields.reviewMode = String(valid.reviewMode);
      if (valid.mediaPosition !== undefined) fields.mediaPosition = valid.mediaPosition;
      if (valid.fidelityGuard !== undefined) fields.fidelityGuard = valid.fidelityGuard;
      if (valid.fidelityRetries !== undefined)
        fields.fidelityRetries = String(valid.fidelityRetries);
      if (valid.channels !== undefined) fields.channels = JSON.stringify(valid.channels);
      if (valid.altTemplate !== undefined) fields.altTemplate = valid.altTemplate;
      if (valid.presets !== undefined) fields.presets = JSON.stringify(valid.presets);
      if (Object.keys(fields).length > 0) await redis.hset(keyOf(shop), fields);
      return get(shop);
    },
    async saveApiKey(shop, apiKey) {
      await SAVE_API_KEY(
        redis,
        { settings: keyOf(shop), replaced: replacedOf(shop) },
        {
          sealed: secrets.seal(apiKey, apiKeyContext(shop)),
          mask: maskApiKey(apiKey),
          fingerprint: fingerprint(apiKey),
          untilMs: clock.now() + keepMs,
          keepMs,
        },
      );
      return get(shop);
    },
    async removeApiKey(shop) {
      await redis
        .multi()
        .hdel(keyOf(shop), ...API_KEY_FIELDS)
        .unlink(replacedOf(shop))
        .exec();
    },
    async getApiKey(shop) {
      const sealed = await redis.hget(keyOf(shop), 'apiKey');
      return sealed ? secrets.open(sealed, apiKeyContext(shop)) : null;
    },
    async getApiKeys(shop) {
      const [sealed, replaced] = await Promise.all([
        redis.hget(keyOf(shop), 'apiKey'),
        redis.hgetall(replacedOf(shop)),
      ]);
      const now = clock.now();
      const kept = Object.values(replaced)
        .map((entry) => JSON.parse(entry) as { sealed: string; untilMs: number })
        .filter((entry) => entry.untilMs > now)
        .map((entry) => entry.sealed);
      return (sealed ? [sealed, ...kept] : kept).map((one) =>
        secrets.open(one, apiKeyContext(shop)),
      );
    },
    async markApiKeyInvalid(shop, failedApiKey) {
      const changed = await MARK_INVALID_IF_SAME_KEY(
        redis,
        { settings: keyOf(shop) },
        { fingerprint: fingerprint(failedApiKey) },
      );
      return changed === 1;
    },
    async verifyWebhookToken(shop, token) {
      const sealed = await redis.hget(keyOf(shop), 'webhookToken');
      if (!sealed) return false;
      const expected = createHash('sha256')
        .update(secrets.open(sealed, webhookContext(shop)))
        .digest();
      return timingSafeEqual(expected, createHash('sha256').update(token).digest());
    },
    async markWebhookConnected(shop, at) {
      await redis.hset(keyOf(shop), 'webhookConnectedAt', at.toISOString());
    },
    async webhookConnected(shop) {
      return (await redis.hexists(keyOf(shop), 'webhookConnectedAt')) === 1;
    },
    async pause(shop, reason, since) {
      await redis.hset(keyOf(shop), { pausedReason: reason, pausedSince: since.toISOString() });
    },
    async resume(shop) {
      await redis.hdel(keyOf(shop), 'pausedReason', 'pausedSince');
    },
  };
}
