/**
 * A shop's opaque id: a random id stored under the shop's prefix (`pai:{<shop>}:ref`), so it is
 * erased with the shop's data and nothing left behind can be traced back to the shop. Queue job
 * ids carry it instead of the shop's domain (BullMQ keeps job ids in its events stream and sets,
 * outside the shop's prefix). Not a hash of the domain: anyone holding the domain could compute
 * that one, erased or not.
 */
import { randomBytes } from 'node:crypto';
import { shopKeyspace } from '../keys.ts';
import type { Redis } from '../redis/connection.ts';

const refs = shopKeyspace('ref');
const refKey = (shop: string) => refs.key(shop, 'id');

/** The shop's opaque id, created on first use (one round trip: SET NX GET). */
export async function shopRef(redis: Redis, shop: string): Promise<string> {
  const fresh = randomBytes(12).toString('base64url');
  // SET … NX GET answers the id already there, or null when `fresh` was stored.
  const existing = (await redis.call('SET', refKey(shop), fresh, 'NX', 'GET')) as string | null;
  return existing ?? fresh;
}

/** The shop's opaque id if it has one (the erase reads it, and must not create one). */
export async function existingShopRef(redis: Redis, shop: string): Promise<string | null> {
  return redis.get(refKey(shop));
}
