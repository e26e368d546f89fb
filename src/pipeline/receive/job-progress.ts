/**
 * How far a running ProductAI job is, for the eager poll (poll-schedule.ts): the earlier
 * interface's GET /v1/jobs/{id} gives `progress` (0-100) and `started_at`, from which the job's
 * end is expected at started + elapsed x 100 / progress. The poll asks this first, so that its
 * next read lands when the job should have ended instead of anywhere in a 2 s interval (on
 * average a second after the end); the result itself is still read only from the current
 * interface's job endpoint (job-check.ts), once this says the job has ended.
 *
 * Assumptions where the spec says nothing (each one only makes a poll come at the plain cadence):
 * the earlier interface knows the current interface's jobs by the same ids (as job-lookup.ts
 * assumes), and its progress grows about evenly with time (the emulator's does exactly). Our
 * clock and ProductAI's `started_at` are taken to agree within the poll's margin.
 */
import type { Generation } from '../generations/generation.ts';
import type { PipelineContext } from '../context.ts';
import { submissionKey } from './submission-key.ts';

export type JobProgress =
  | { state: 'ended' }
  /** `endsInMs`: when the job should end from now, if its progress says so yet. */
  | { state: 'running'; endsInMs: number | null };

/** What ProductAI's earlier interface says of the job; null when it could not say. */
export async function jobProgress(
  ctx: Pick<PipelineContext, 'settings' | 'productAi' | 'clock' | 'logger'>,
  generation: Generation & { productAiJobId: number },
): Promise<JobProgress | null> {
  const apiKey = await submissionKey(ctx.settings, generation);
  if (!apiKey) return null;
  let job;
  try {
    job = await ctx.productAi(apiKey).getLegacyJob(String(generation.productAiJobId));
  } catch (error) {
    ctx.logger.debug({ err: error, jobId: generation.productAiJobId }, 'job progress unknown');
    return null;
  }
  if (job.status === 'completed' || job.status === 'failed') return { state: 'ended' };
  if (job.status !== 'pending' && job.status !== 'processing') return null;
  const started = job.started_at ? Date.parse(job.started_at) : NaN;
  const progress = job.progress ?? 0;
  if (!Number.isFinite(started) || progress <= 0 || progress >= 100)
    return { state: 'running', endsInMs: null };
  const elapsed = Math.max(0, ctx.clock.now() - started);
  return { state: 'running', endsInMs: (elapsed * (100 - progress)) / progress };
}
