/**
 * A shop's style, kept with its settings: the style phrase, the style reference image
 * (its bytes, a thumbnail and where it came from) and, per ProductAI account, the hosted copy
 * upload-asset made of it.
 *
 * The image's bytes are kept only while it is the shop's reference: they are what is uploaded
 * again when the hosted copy is too old or the shop's key (so its account) changes. Replacing
 * or removing the reference deletes them and every hosted record with them; erasing the shop
 * erases these keys with the rest of its settings (same keyspace).
 */
import { createHash } from 'node:crypto';
import type { Redis } from '../platform/redis/connection.ts';
import { shopKeyspace } from '../platform/keys.ts';
import type { ShopStyleView, StyleReferenceView } from '../app-api/contract.ts';

const styleKeys = shopKeyspace('settings');

/** What is kept of the reference besides its bytes. */
export type StyleReferenceMeta = Omit<StyleReferenceView, 'thumbnail'> & {
  contentType: string;
  thumbnail: string;
};

export interface StyleReferenceImage {
  meta: StyleReferenceMeta;
  bytes: Buffer;
}

/** upload-asset's answer for one account, for one reference (by its hash). */
export interface HostedReference {
  hash: string;
  url: string;
  /** Epoch ms. */
  uploadedAt: number;
}

export interface ShopStyleStore {
  getStyle(shop: string): Promise<ShopStyleView>;
  setStylePhrase(shop: string, phrase: string): Promise<void>;
  /** Replaces the reference (and forgets every hosted copy of the one before). */
  setStyleReference(
    shop: string,
    image: {
      bytes: Buffer;
      contentType: string;
      thumbnail: string;
      source: StyleReferenceView['source'];
      generationId: string | null;
      setAt: string;
    },
  ): Promise<void>;
  removeStyleReference(shop: string): Promise<void>;
  getStyleReferenceImage(shop: string): Promise<StyleReferenceImage | null>;
  getHostedReference(shop: string, account: string): Promise<HostedReference | null>;
  saveHostedReference(shop: string, account: string, hosted: HostedReference): Promise<void>;
}

/** The reference's identity: what generations record and hosted copies are checked against. */
export function styleReferenceHash(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 16);
}

export function createShopStyleStore(redis: Redis): ShopStyleStore {
  const styleOf = (shop: string) => styleKeys.key(shop, 'style');
  const hostedOf = (shop: string) => styleKeys.key(shop, 'style-hosted');

  async function meta(shop: string): Promise<StyleReferenceMeta | null> {
    const json = await redis.hget(styleOf(shop), 'referenceMeta');
    return json ? (JSON.parse(json) as StyleReferenceMeta) : null;
  }

  return {
    async getStyle(shop) {
      const [phrase, json] = await redis.hmget(styleOf(shop), 'phrase', 'referenceMeta');
      const reference = json ? (JSON.parse(json) as StyleReferenceMeta) : null;
      return {
        phrase: phrase ?? '',
        reference: reference && {
          hash: reference.hash,
          source: reference.source,
          generationId: reference.generationId,
          setAt: reference.setAt,
          thumbnail: reference.thumbnail,
        },
      };
    },
    async setStylePhrase(shop, phrase) {
      if (phrase === '') await redis.hdel(styleOf(shop), 'phrase');
      else await redis.hset(styleOf(shop), 'phrase', phrase);
    },
    async setStyleReference(shop, image) {
      const reference: StyleReferenceMeta = {
        hash: styleReferenceHash(image.bytes),
        source: image.source,
        generationId: image.generationId,
        setAt: image.setAt,
        contentType: image.contentType,
        thumbnail: image.thumbnail,
      };
      await redis
        .multi()
        .hset(styleOf(shop), {
          referenceMeta: JSON.stringify(reference),
          referenceBytes: image.bytes,
        })
        .unlink(hostedOf(shop))
        .exec();
    },
    async removeStyleReference(shop) {
      await redis
        .multi()
        .hdel(styleOf(shop), 'referenceMeta', 'referenceBytes')
        .unlink(hostedOf(shop))
        .exec();
    },
    async getStyleReferenceImage(shop) {
      const [reference, bytes] = await Promise.all([
        meta(shop),
        redis.hgetBuffer(styleOf(shop), 'referenceBytes'),
      ]);
      return reference && bytes ? { meta: reference, bytes } : null;
    },
    async getHostedReference(shop, account) {
      const json = await redis.hget(hostedOf(shop), account);
      return json ? (JSON.parse(json) as HostedReference) : null;
    },
    async saveHostedReference(shop, account, hosted) {
      await redis.hset(hostedOf(shop), account, JSON.stringify(hosted));
    },
  };
}
