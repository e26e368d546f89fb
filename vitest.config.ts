import { defineConfig } from 'vitest/config';

// Every test talks to real servers (Redis, the two emulators, the app) on free ports, so files
// run in parallel processes; the timeouts cover a cold start of those servers on a 2-core machine.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    pool: 'forks',
    // Two files at once on the 2-core machine (vitest's default is cores - 1: one). The suite now
    // computes more than it waits: a clean clone's `.ci/run` (195 files, quiet machine) took 1,679 s
    // of CPU, install and static checks included; with two at once vitest took 1,139 s at load
    // 7-9 and one test failed, on a race of its own (since mended); with three at once 1,151 s at
    // load 12-14, and 7 tests ran out of time waiting. Chromium was the largest consumer: 1,359 s of
    // a whole run in the full browser, 736 s in its headless shell (test/support/chromium.ts), the
    // test processes with their emulators 718 s, the app's processes 389 s.
    maxWorkers: 2,
    // Files share their worker's process and module cache instead of each starting a fresh one:
    // every file imported the app anew, 47% of the run's time in the fast folders (46 files:
    // 45 s isolated, 12 s not). Whole suite, same machine: 880 s of CPU isolated, 684 s not,
    // 1,504 tests green either way. Tests isolate themselves by shop, queue prefix and server,
    // never by module state (file-setup.ts still runs per file); a global a test must set is
    // set with vi.stubGlobal and removed after it.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    globalSetup: ['test/support/global-setup.ts'],
    // Each file's helpers' teardowns (test/support/teardown.ts), after the file's own afterAll.
    setupFiles: ['test/support/file-setup.ts'],
    // The app processes the tests start (the browser stack, worker processes) run without the
    // fidelity check; the tests about it give theirs (see src/pipeline/publish/fidelity-step.ts).
    env: { FIDELITY_THREADS: '0' },
  },
});
