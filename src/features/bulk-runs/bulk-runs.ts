/**
 * The merchant's operations on bulk runs: estimate, start, pause, resume, cancel, and the view
 * the app shows (progress counts by state from the generation store's per-run counters).
 *
 * Pause stops new submissions: the run stops expanding (no credit can be reserved while it is
 * not running) and its waiting generations move to `paused` (pausedBy 'bulk-run', which the
 * shop's resume leaves alone); resume puts them back in line where they were and restarts
 * expansion. Cancel stops new submissions for good: waiting generations are cancelled (their
 * reserved credits released); work already submitted to ProductAI still lands.
 *
 * Code: each operation is a file of runs/ (as the generation store lays out its operations), a
 * function that takes the part of the deps it uses and answers the method, so this factory only
 * assembles them. Shared by several: runs/types.ts (the interface and the deps, re-exported
 * here), runs/plan.ts (what estimate shows and start creates), runs/waiting.ts (the generations
 * pause, resume and cancel move).
 */
import { cancel } from './runs/cancel.ts';
import { estimate } from './runs/estimate.ts';
import { pause } from './runs/pause.ts';
import { resume } from './runs/resume.ts';
import { start } from './runs/start.ts';
import { view } from './runs/view.ts';
import type { BulkRuns, BulkRunsDeps } from './runs/types.ts';

export { BulkRequestError, type BulkProblem } from './runs/bulk-request-error.ts';
export type { BulkRuns, BulkRunsDeps } from './runs/types.ts';

export function createBulkRuns(deps: BulkRunsDeps): BulkRuns {
  return {
    estimate: estimate(deps),
    start: start(deps),
    pause: pause(deps),
    resume: resume(deps),
    cancel: cancel(deps),
    view: view(deps),
  };
}
