/**
 * The app's API with the real pipeline behind it (test/pipeline/publish's harness), started
 * before a test file's tests. Call at the top of the file: `const harness = apiHarness();`.
 */
import { beforeAll } from 'vitest';
import { startPublishHarness, type PublishHarness } from '../../support/publish-stack.ts';

export type { TestShop } from '../../support/publish-stack.ts';

export function apiHarness(options?: Parameters<typeof startPublishHarness>[0]): PublishHarness {
  let started: PublishHarness | undefined;
  beforeAll(async () => {
    started = await startPublishHarness(options);
  });
  // The harness exists only once beforeAll has run; the file's top level holds this stand-in,
  // which forwards to it, so tests read `harness.newShop()` as with the harness itself.
  return new Proxy({} as PublishHarness, {
    get(_target, key) {
      if (!started) throw new Error('The API harness starts before the tests; use it in them.');
      return Reflect.get(started, key) as unknown;
    },
  });
}
