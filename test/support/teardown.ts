/**
 * Teardown for the test file that is running, registered from wherever a helper starts
 * something: at the top of the file, in a `beforeAll` or in a test (like fastify's `t.after`).
 * vitest drops an `afterAll` registered once the file's hooks run, without a word: the app,
 * emulators and workers a helper started in a `beforeAll` were never stopped, which the end of
 * the file's process hid, but a worker that runs file after file (`isolate: false`) kept them
 * all (33 more Redis connections, and their pollers, per file). test/support/file-setup.ts
 * runs these after the file's own `afterAll` hooks, the last registered first.
 */
type Teardown = () => unknown;

const teardowns: Teardown[] = [];

/** Runs `teardown` once the current test file's tests and `afterAll` hooks are done. */
export function afterFile(teardown: Teardown): void {
  teardowns.push(teardown);
}

/** Runs and forgets the current file's teardowns, the last registered first; rethrows failures. */
export async function runFileTeardowns(): Promise<void> {
  const errors: unknown[] = [];
  for (let teardown = teardowns.pop(); teardown; teardown = teardowns.pop()) {
    try {
      await teardown();
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new AggregateError(errors, 'teardowns of the test file failed');
}
