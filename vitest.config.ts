import { defineConfig } from 'vitest/config';

// Every test talks to real servers (Redis, the two emulators, the app) on free ports, so files
// run in parallel processes; the timeouts cover a cold start of those servers on a 2-core machine.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    pool: 'forks',
    // Three files at once on the 2-core machine (vitest's default is cores - 1: one). Files wait
    // as well as compute (ProductAI's jobs, Shopify's processing, a killed worker's recovery), so
    // two at once left the cores ~35 % idle: whole suite on this machine, nothing else running,
    // two at once 655 s (one test red, since mended), three at once 562 s then, and 499 s once
    // axe ran in the app's document (test/browser/support/axe.ts) and the Shopify emulator
    // validated a query once: 1,569 of 1,569 green at load 7-11, the cores ~95 % busy (950 s
    // of CPU). A slower machine earlier ran 7 tests out of time at three, before the suite lost
    // a sixth of its CPU.
    maxWorkers: 3,
    // Files share their worker's process and module cache instead of each starting a fresh one:
    // every file imported the app anew, 47% of the run's time in the fast folders (46 files:
    // 45 s isolated, 12 s not). Whole suite, same machine: 880 s of CPU isolated, 684 s not,
    // 1,504 tests green either way. Tests isolate themselves by shop, queue prefix and server,
    // never by module state (file-setup.ts still runs per file); a global a test must set is
    // set with vi.stubGlobal and removed after it.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // `expect.poll` waits on a state the app reaches in its own time (a webhook's job run, a
    // generation made); its default patience, one second, ran out at load 30-50 (a rule's
    // product created in the emulator and not yet taken after 1 s). The patience is never a
    // duration a test depends on, so it is the test's, less its set-up.
    expect: { poll: { timeout: 30_000 } },
    globalSetup: ['test/support/global-setup.ts'],
    // Each file's helpers' teardowns (test/support/teardown.ts), after the file's own afterAll.
    setupFiles: ['test/support/file-setup.ts'],
    // The app processes the tests start (the browser stack, worker processes) run without the
    // fidelity check; the tests about it give theirs (see src/pipeline/publish/fidelity-step.ts).
    env: { FIDELITY_THREADS: '0' },
  },
});
