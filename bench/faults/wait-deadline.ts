/**
 * The fault bench's compressed wait deadline (PIPELINE_POLL_DEADLINE_MS; 15 min for photos in
 * production), sized from what this machine does now instead of a fixed 60 s: at load 8-12 the
 * ProductAI emulator's renders of a 60-product run outlasted 60 s of answered time, and 59 paid
 * results failed "ProductAI did not deliver a result within 1 minute": the bench's compression,
 * not a fault of the app's.
 *
 * Measured before the run, on the stack's own ProductAI emulator (same process, same niceness,
 * the run's product photos and model): one burst of the app's rate limit's worth of jobs (what
 * the app's limiter lets through in one window), each read until it ends. Their render rate
 * (jobs a second beyond the job's own duration) and the rate the app submits at (the limit per
 * window) give the turnaround of the run's last job: when renders are slower than submissions,
 * the backlog grows for every job the run submits, and the last waits for all of it. The
 * deadline is a margin times that (the load moves during a run), and never under the bench's
 * old 60 s.
 */
import type { Stack } from '../../dev/stack.ts';
import { isImageModelId } from '../../src/productai/catalogue.ts';
import { createProductAiClient } from '../../src/productai/client.ts';
import { productMedia, productsWithImages } from '../../test/browser/support/merchant.ts';
import { productAiControlAt } from '../../test/support/productai-accounts.ts';
import { setTimeout as delay } from 'node:timers/promises';

/** The load moves during a run (8-12 at the start, 15-20 later on this machine). */
const MARGIN = 3;
const FLOOR_MS = 60_000;
const CALIBRATION_KEY = 'wait-deadline-calibration-key';

export interface SizedDeadline {
  deadlineMs: number;
  /** What it was sized from, to print. */
  why: string;
}

export async function sizeWaitDeadline(options: {
  stack: Stack;
  model: string;
  prompt: string;
  jobMs: number;
  /** The app's generation rate limit: `limit` per `windowMs` (PIPELINE_RATE_LIMIT). */
  limit: number;
  windowMs: number;
  /** Jobs the run submits while the limiter is full (the bulk run's, the flood's). */
  jobs: number;
}): Promise<SizedDeadline> {
  const { stack, jobMs, limit, windowMs, jobs } = options;
  if (!isImageModelId(options.model)) throw new Error(`not an image model: ${options.model}`);
  const model = options.model;
  await productAiControlAt(stack.productAi.url)('POST', '/accounts', {
    key: CALIBRATION_KEY,
    credits: 1_000_000,
  });
  const client = createProductAiClient({ apiKey: CALIBRATION_KEY, baseUrl: stack.productAi.url });
  const products = (await productsWithImages(stack)).slice(0, limit);
  const images = await Promise.all(
    products.map(async (product) => (await productMedia(stack, product.numericId))[0]!.url!),
  );
  const started = Date.now();
  const turnarounds = await Promise.all(
    Array.from({ length: limit }, async (_, i) => {
      const job = await client.generate({
        model,
        prompt: options.prompt,
        image_url: [images[i % images.length]!],
      });
      for (;;) {
        const read = await client.getJob(job.id);
        if (read.status === 'COMPLETED' || read.status === 'ERROR') return Date.now() - started;
        await delay(250);
      }
    }),
  );
  const spanMs = Math.max(...turnarounds);
  // Jobs rendered a second, beyond the job's own duration (the emulator's timer).
  const renderRate = limit / (Math.max(spanMs - jobMs, 1) / 1000);
  const submitRate = limit / (windowMs / 1000);
  const backlogMs = renderRate < submitRate ? (jobs / renderRate - jobs / submitRate) * 1000 : 0;
  const lastTurnaroundMs = Math.max(spanMs, jobMs + backlogMs);
  const deadlineMs = Math.max(FLOOR_MS, Math.ceil((MARGIN * lastTurnaroundMs) / 10_000) * 10_000);
  return {
    deadlineMs,
    why:
      `${limit} jobs at once ended within ${(spanMs / 1000).toFixed(1)} s (render rate ` +
      `${renderRate.toFixed(2)}/s, the app submits ${submitRate.toFixed(2)}/s): the last of ` +
      `${jobs} jobs ends ~${(lastTurnaroundMs / 1000).toFixed(0)} s after its submission; ` +
      `${MARGIN}× that, at least ${FLOOR_MS / 1000} s`,
  };
}
