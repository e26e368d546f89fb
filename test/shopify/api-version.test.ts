import { ApiVersion } from '@shopify/shopify-api';
import { describe, expect, it } from 'vitest';
import { ADMIN_API_VERSION } from '../../src/shopify/api-version.ts';
import { pinnedApiVersion } from '../../src/shopify/shopify-api.ts';

describe('pinned Admin API version', () => {
  it('is the newest stable version @shopify/shopify-api knows', () => {
    const stable = Object.values(ApiVersion).filter((version) => /^\d{4}-\d{2}$/.test(version));
    expect(ADMIN_API_VERSION).toBe(stable.sort().at(-1));
    expect(pinnedApiVersion()).toBe(ADMIN_API_VERSION);
  });
});
