/**
 * Redis key layout. Every piece of a shop's state lives under `pai:{<shop>}:<concern>:...`:
 *  - tenant isolation by construction: the only way to build a tenant key is with a validated
 *    shop domain, so a handler cannot read or write "no shop's" or a malformed shop's data;
 *  - erasing a shop is one prefix scan (`shopKeyPattern`), whatever concerns exist by then;
 *  - the braces keep a shop's keys together (a hash tag). That does not make the app Redis
 *    Cluster-ready: app-wide keys and BullMQ's queues span slots and no test runs on a cluster,
 *    so the app runs on a single primary (docs/operations.md, Deploy).
 *
 * The only keys outside a shop are app-wide state that belongs to no tenant (the shared
 * ProductAI rate limiter, the job-id index whose values name the shop); they are built with
 * `appWideKey`, and whoever stores a shop's data there registers an erase hook for it.
 */

export const KEY_PREFIX = 'pai';

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;
const CONCERN = /^[a-z][a-z0-9-]*$/;

/** True for a canonical shop domain (`name.myshopify.com`, lower case). */
export function isShopDomain(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 255 && SHOP_DOMAIN.test(value);
}

export class InvalidShopDomainError extends Error {
  constructor(value: unknown) {
    super(`Not a shop domain: ${JSON.stringify(value)}`);
    this.name = 'InvalidShopDomainError';
  }
}

export function assertShopDomain(value: unknown): string {
  if (!isShopDomain(value)) throw new InvalidShopDomainError(value);
  return value;
}

export type KeyPart = string | number;

/** Builds the keys of one concern; every key needs the shop it belongs to. */
export interface ShopKeyspace {
  readonly concern: string;
  key(shop: string, ...parts: KeyPart[]): string;
  /** SCAN pattern for this concern's keys of one shop. */
  pattern(shop: string): string;
}

export function shopKeyspace(concern: string): ShopKeyspace {
  if (!CONCERN.test(concern)) throw new Error(`Bad key concern name: ${concern}`);
  return {
    concern,
    key: (shop, ...parts) => [shopPrefix(shop), concern, ...parts.map(keyPart)].join(':'),
    pattern: (shop) => `${shopPrefix(shop)}:${concern}:*`,
  };
}

/** SCAN pattern that matches every key of a shop, of every concern. */
export function shopKeyPattern(shop: string): string {
  return `${shopPrefix(shop)}:*`;
}

/** The shop a key belongs to, or null for app-wide and foreign keys. */
export function shopOfKey(key: string): string | null {
  const match = /^pai:\{([^}]+)\}:/.exec(key);
  return match && isShopDomain(match[1]) ? match[1] : null;
}

/** A key for state that belongs to no shop (see the header comment before using it). */
export function appWideKey(concern: string, ...parts: KeyPart[]): string {
  if (!CONCERN.test(concern)) throw new Error(`Bad key concern name: ${concern}`);
  return [KEY_PREFIX, 'app', concern, ...parts.map(keyPart)].join(':');
}

function shopPrefix(shop: string): string {
  // Shop domains are [a-z0-9.-] only, so the pattern needs no glob escaping.
  return `${KEY_PREFIX}:{${assertShopDomain(shop)}}`;
}

function keyPart(part: KeyPart): string {
  const text = String(part);
  // Parts are ids and names; a part that could break the layout (or a SCAN pattern) is a bug.
  if (text === '' || /[\s{}*?[\]\\]/.test(text))
    throw new Error(`Bad key part: ${JSON.stringify(text)}`);
  return text;
}
