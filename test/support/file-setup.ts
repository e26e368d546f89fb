/** Runs before every test file (vitest.config.ts `setupFiles`): its helpers' teardowns after it. */
import { afterAll } from 'vitest';
import { runFileTeardowns } from './teardown.ts';

afterAll(runFileTeardowns);
