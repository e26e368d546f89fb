/**
 * The app embed inlines its script from a snippet that the Shopify CLI uploads as committed
 * (extensions/build.ts): the snippet must be the minified build of its source asset, or the
 * storefront would run something else than the source says.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from 'vitest';
import { themeScriptSnippet } from '../../extensions/build.ts';

test('the embed snippet is the current build of assets/experiments.js (else: node extensions/build.ts)', async () => {
  const committed = await readFile(
    new URL(
      '../../extensions/experiments-embed/snippets/experiments-script.liquid',
      import.meta.url,
    ),
    'utf8',
  );
  expect(committed).toBe(await themeScriptSnippet('experiments-embed', 'experiments'));
});
