/** The scopes of shopify.app.toml are the one list the app, the dev stack and the emulator use. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCOPES } from '../../emulators/shopify/index.ts';
import { declaredScopes, declaredScopesOfApp } from '../../src/shopify/declared-scopes.ts';

describe('declared scopes', () => {
  it('reads [access_scopes] scopes of shopify.app.toml, the pixel’s two included', () => {
    expect(declaredScopesOfApp()).toEqual([
      'write_products',
      'write_files',
      'write_pixels',
      'read_customer_events',
      'read_locales',
      'write_translations',
    ]);
  });

  it('are what the Shopify emulator grants by default', () => {
    expect(DEFAULT_SCOPES).toEqual(declaredScopesOfApp());
  });

  it('trims each scope and refuses a TOML without them', () => {
    expect(declaredScopes('[access_scopes]\nscopes = " a, b ,c"\n')).toEqual(['a', 'b', 'c']);
    expect(() => declaredScopes('[build]\n')).toThrow(/no \[access_scopes\] scopes/);
  });
});
