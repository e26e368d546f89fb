/**
 * The arms' metafield is declared in shopify.app.toml for the namespace and key the app writes
 * (`$app:experiments` is the `experiments` table of `product.metafields`), as json, readable by
 * the storefront (the theme extension's Liquid); the real CLI validates the block in
 * test/deploy/shopify-app-build.test.ts.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { APP_TOML_PATH } from '../../../src/shopify/declared-topics.ts';
import { ARMS_METAFIELD } from '../../../src/features/experiments/storefront-arms.ts';

/** The `key = "value"` lines of one TOML table, up to the next table. */
function table(toml: string, name: string): Record<string, string> {
  const start = toml.indexOf(`\n[${name}]\n`);
  if (start < 0) return {};
  const body = toml.slice(start + name.length + 4).split(/^\[/m)[0]!;
  return Object.fromEntries(
    [...body.matchAll(/^([\w.]+)\s*=\s*"([^"]*)"/gm)].map(([, key, value]) => [key!, value!]),
  );
}

it('declares the arms’ metafield, json, with storefront access', () => {
  const sub = ARMS_METAFIELD.namespace.replace(/^\$app:/, '');
  const declared = table(
    readFileSync(APP_TOML_PATH, 'utf8'),
    `product.metafields.${sub}.${ARMS_METAFIELD.key}`,
  );
  expect(ARMS_METAFIELD).toEqual({ namespace: '$app:experiments', key: 'live' });
  expect(declared).toMatchObject({ type: 'json', 'access.storefront': 'public_read' });
  // Admin access stays at its default, merchant_read: only the app writes the arms.
  expect(declared['access.admin']).toBeUndefined();
});
