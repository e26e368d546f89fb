/**
 * A result's file name, for search: the product's handle and the scene, `leather-boot-marble-
 * countertop.png`, never a random name. Search engines and shopping agents read image file
 * names; Shopify keeps a file's name in its CDN URL.
 *
 * Unique and crash-exact: file names are unique in a shop's Files, and attach creates its file
 * with duplicateResolutionMode RAISE_ERROR, so that a repeat after a crash finds the file the
 * crashed attempt made instead of adding a second one. So each generation claims its name first,
 * atomically, in a per-shop Redis hash name -> `generationId@claimedAtMs` (HSETNX): the first
 * free of `base`, `base-2`, `base-3`, ... A repeat finds its own claim again, the same name. A
 * name some file outside the app already has (the merchant's own upload) is found when
 * `fileCreate` refuses it and the file found was created before the claim (a minute's leeway
 * for the clocks) or has other alt text than ours: it is marked taken and the next name claimed.
 *
 * One hash per shop and base, under the shop's prefix (erased with the shop), that expires
 * `CLAIMS_KEPT_MS` after its last claim, so what the names keep stays flat as history grows
 * (one hash per product and scene named in the last month, about 80 bytes per result in it),
 * and a claim reads only its own base's names. A claim is needed only while its generation may
 * still repeat attach (minutes, at most the retries of one job); once forgotten, Shopify's
 * refusal of a name its Files hold is the record, at the cost of one more fileCreate for each
 * name still held when the base is used again.
 */
import type { GenerationKind } from '../../app-api/contract.ts';
import type { Clock } from '../../platform/clock.ts';
import { shopKeyspace } from '../../platform/keys.ts';
import type { Redis } from '../../platform/redis/connection.ts';

const keys = shopKeyspace('file-names');

/** How much earlier than the claim Shopify's clock may date our own file (clock skew). */
export const CLAIM_CLOCK_LEEWAY_MS = 60_000;
/** Longest name before its `-n` and extension (Shopify keeps 255; URLs stay readable). */
const MAX_BASE_LENGTH = 80;
const TAKEN = 'taken';
/** How long a base's claims are kept after its last one (see the header). */
export const CLAIMS_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

export interface NameClaim {
  /** The file's name without its extension. */
  name: string;
  /** Its position among the candidates (1 for `base`, 2 for `base-2`, ...). */
  position: number;
  claimedAtMs: number;
}

export interface FileNames {
  /** The first name from `position` on that is free or already this generation's. */
  claim(shop: string, base: string, generationId: string, position?: number): Promise<NameClaim>;
  /** A file outside the app holds this name (of `base`'s): no generation may claim it. */
  markTaken(shop: string, base: string, name: string): Promise<void>;
}

export function createFileNames(redis: Redis, clock: Clock): FileNames {
  return {
    async claim(shop, base, generationId, position = 1) {
      const key = keys.key(shop, base);
      for (let n = position; ; n += 1) {
        const name = n === 1 ? base : `${base}-${n}`;
        const claimedAtMs = clock.now();
        if ((await redis.hsetnx(key, name, `${generationId}@${claimedAtMs}`)) === 1) {
          await redis.pexpire(key, CLAIMS_KEPT_MS);
          return { name, position: n, claimedAtMs };
        }
        const holder = (await redis.hget(key, name)) ?? TAKEN;
        const [owner, at] = holder.split('@');
        if (owner === generationId) return { name, position: n, claimedAtMs: Number(at) };
      }
    },
    async markTaken(shop, base, name) {
      const key = keys.key(shop, base);
      await redis.hset(key, name, TAKEN);
      await redis.pexpire(key, CLAIMS_KEPT_MS);
    },
  };
}

/** Placement words: the scene is what follows the first of them ("on a marble countertop"). */
const PLACEMENT = /\b(?:on|in|at|against|beside|by|under|over|near|inside|atop|onto|among)\s+/i;
const FILLER = new Set(['a', 'an', 'the', 'of', 'and', 'with', 'your', 'its', 'product', 'item']);
const SCENE_WORDS = 4;

/**
 * `<handle>-<scene>`: the scene from the prompt's first sentence, the words after its first
 * placement word up to the next one (or "with"), without articles, at most four; else its first
 * words; an upscale is
 * `<handle>-upscaled`, a result without a prompt `<handle>-ai-photo` / `-ai-video`.
 */
export function fileNameBase(
  handle: string,
  generation: { kind: GenerationKind; prompt: string | undefined },
): string {
  const scene =
    generation.kind === 'upscale'
      ? 'upscaled'
      : sceneWords(generation.prompt ?? '') ||
        (generation.kind === 'video' ? 'ai-video' : 'ai-photo');
  const product = slug(handle).slice(0, MAX_BASE_LENGTH - scene.length - 1) || 'product';
  return `${product.replace(/-+$/, '')}-${scene}`;
}

function sceneWords(prompt: string): string {
  const sentence = (prompt.split(/[.!?;,\n]/)[0] ?? '').trim();
  const placed = PLACEMENT.exec(sentence);
  const after = placed ? sentence.slice(placed.index + placed[0].length) : sentence;
  // "a mossy rock in a sunlit forest": the place is what comes before the next placement word.
  const phrase = after.split(
    /\s+(?:with|and)\s+|\s+(?=(?:on|in|at|against|beside|by|under|over|near|inside|atop|onto|among)\s)/i,
  )[0]!;
  const words = slug(phrase)
    .split('-')
    .filter((word) => word !== '' && !FILLER.has(word));
  return words.slice(0, SCENE_WORDS).join('-');
}

/** Lower case ASCII words joined by hyphens (accents dropped: "Crème" gives "creme"). */
export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
