import { describe, expect, it } from 'vitest';
import {
  appWideKey,
  InvalidShopDomainError,
  shopKeyPattern,
  shopKeyspace,
  shopOfKey,
} from '../../src/platform/keys.ts';

const sessions = shopKeyspace('session');

describe('Redis keys', () => {
  it('scope every key by shop and concern', () => {
    expect(sessions.key('acme.myshopify.com', 'offline')).toBe(
      'pai:{acme.myshopify.com}:session:offline',
    );
    expect(sessions.pattern('acme.myshopify.com')).toBe('pai:{acme.myshopify.com}:session:*');
    expect(shopKeyPattern('acme.myshopify.com')).toBe('pai:{acme.myshopify.com}:*');
  });

  it.each([
    '',
    'acme',
    'ACME.myshopify.com',
    'acme.example.com',
    'a*.myshopify.com',
    '{x}.myshopify.com',
  ])('refuse to build a key for %j', (shop) => {
    expect(() => sessions.key(shop, 'offline')).toThrow(InvalidShopDomainError);
    expect(() => shopKeyPattern(shop)).toThrow(InvalidShopDomainError);
  });

  it('refuse key parts that would break the layout or a SCAN pattern', () => {
    expect(() => sessions.key('acme.myshopify.com', 'a*')).toThrow('Bad key part');
    expect(() => sessions.key('acme.myshopify.com', '')).toThrow('Bad key part');
    expect(() => shopKeyspace('Bad Concern')).toThrow('Bad key concern');
  });

  it('tell which shop a key belongs to', () => {
    expect(shopOfKey(sessions.key('acme.myshopify.com', 'offline'))).toBe('acme.myshopify.com');
    expect(shopOfKey(appWideKey('rate-limit', 'productai'))).toBeNull();
    expect(appWideKey('rate-limit', 'productai')).toBe('pai:app:rate-limit:productai');
  });
});
