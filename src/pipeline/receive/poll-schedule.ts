/**
 * When the await stage asks ProductAI about a generation's job next.
 *
 * Two schedules, chosen at each poll by whether the shop's ProductAI webhook is connected
 * (settings `webhookConnectedAt`, set when ProductAI's validation call reached the shop's URL):
 *
 * - Connected: the slow fallback. The first poll after the typical completion time
 *   (`firstPollMs`: a minute for images, three for video), so a working webhook normally wins
 *   and the poll costs one Redis read; then `intervalMs` growing by `backoff` up to
 *   `maxIntervalMs`.
 * - Not connected (the README connects the webhook only at its step 5, so a new merchant's first
 *   photos come this way): ProductAI's recommended cadence from the start (`eager.intervalMs`:
 *   2 s for images, the quick end of the spec's 2-5 s; 15 s for video, "less often") for
 *   `eager.forMs` after submission (2 minutes for images, twice their typical 15-60 s; 6 for
 *   video, past their 1-5 min), then the slow schedule. Never later than the slow schedule
 *   would poll (compressed test configs poll faster than either). Each eager poll reads the
 *   job's progress (job-progress.ts) and places the next one at the job's expected end
 *   (`pacedDelay`): at a plain 2 s cadence the poll came on average a second after the job's
 *   end, which was what the first photo lost without the webhook (bench/first-photo.ts, 5 s
 *   jobs, load 12-22: click to photo p50 4.03 s at the plain cadence, 2.66 s paced; with the
 *   webhook 1.84-2.09 s).
 *
 * The read budget: ProductAI publishes no limit for job reads, and the rate limiter
 * (limits/rate-limiter.ts) holds only the generation budget, so no read budget is shared there.
 * Job reads are bounded by construction instead, with no per-shop Redis state: a generation
 * polls eagerly only during its `eager.forMs`, and generations start no faster than the
 * app-wide generation budget (`limiter.limit` per `limiter.windowMs`, 15 a minute). So at most
 * 15/min x 2 min = 30 image generations poll eagerly at once, 30 / 2 s = 15 job reads a second
 * app-wide (video: 15/min x 6 min / 15 s = 6 a second; a paced poll never comes sooner than the
 * cadence, and reads the result once more when the job has ended: 15 a minute more at most; a
 * poll that could not read the progress reads the result instead, and the next waits twice),
 * and one shop, which can take at most the whole generation budget, stays under the same
 * figure. After the eager window each generation
 * is back on the slow schedule (at most one read per `intervalMs`, backing off to one per
 * 2 minutes). Raising PIPELINE_RATE_LIMIT raises this bound in proportion.
 */
import type { Generation } from '../generations/generation.ts';
import type { PipelineContext } from '../context.ts';
import { unreachableMs } from './productai-outage.ts';

/** What the poll's schedule reads: the clock, the polling settings, the shop's webhook. */
export type PollContext = Pick<PipelineContext, 'clock' | 'config' | 'settings'>;

function sinceSubmission(ctx: PollContext, generation: Generation): number {
  return ctx.clock.now() - Date.parse(generation.submittedAt ?? generation.createdAt);
}

/**
 * How long `generation` may still wait for its result before it fails (0 or less: past it). The
 * deadline counts only time ProductAI answered: it moves by the time its reads went unanswered
 * (productai-outage.ts).
 */
export function untilDeadline(ctx: PollContext, generation: Generation): number {
  const answeredFor = sinceSubmission(ctx, generation) - unreachableMs(ctx.clock.now(), generation);
  return ctx.config.polling.deadlineMs[generation.kind] - answeredFor;
}

/**
 * The cadence `generation` polls at now when that is ProductAI's recommended one (webhook not
 * connected, within the eager window); null on the slow schedule.
 */
export async function eager(ctx: PollContext, generation: Generation): Promise<number | null> {
  const { intervalMs, forMs } = ctx.config.polling.eager;
  if (sinceSubmission(ctx, generation) >= forMs[generation.kind]) return null;
  if (await ctx.settings.webhookConnected(generation.shop)) return null;
  return intervalMs[generation.kind];
}

/** The delay before the first poll of a generation that just got its job. */
export async function firstPollDelay(ctx: PollContext, generation: Generation): Promise<number> {
  const elapsed = generation.submittedAt ? ctx.clock.now() - Date.parse(generation.submittedAt) : 0;
  const slow = Math.max(0, ctx.config.polling.firstPollMs[generation.kind] - elapsed);
  const fast = await eager(ctx, generation);
  return fast === null ? slow : Math.min(fast, slow);
}

/**
 * The wait before the poll after poll number `polls` (1 = the first), never past the deadline;
 * null once the deadline has passed.
 */
export async function nextPollDelay(
  ctx: PollContext,
  generation: Generation,
  polls: number,
): Promise<number | null> {
  const { intervalMs, backoff, maxIntervalMs } = ctx.config.polling;
  const left = untilDeadline(ctx, generation);
  if (left <= 0) return null;
  const slow = Math.min(
    intervalMs[generation.kind] * backoff ** Math.max(0, polls - 1),
    maxIntervalMs,
  );
  const fast = await eager(ctx, generation);
  return Math.min(fast === null ? slow : Math.min(fast, slow), left);
}

/**
 * While polling eagerly, the wait before the next poll of a job expected to end in `endsInMs`
 * (job-progress.ts): never shorter than the cadence, and placed so that a poll lands just after
 * the expected end (PACE_MARGIN_MS), the polls before it at most two intervals apart. Without
 * an expected end, the cadence.
 */
export function pacedDelay(intervalMs: number, endsInMs: number | null): number {
  if (endsInMs === null) return intervalMs;
  const toEnd = endsInMs + PACE_MARGIN_MS;
  if (toEnd <= intervalMs) return intervalMs;
  return Math.round(intervalMs + ((toEnd - intervalMs) % intervalMs));
}

/** After the expected end: ProductAI's progress is a whole percent, so the end may come a little later. */
const PACE_MARGIN_MS = 100;
