/**
 * Asking ProductAI about jobs the app has no record of, for reconciliation (reconcile.ts).
 *
 * The current interface's GET job gives a job's status, result and prompt; the earlier
 * interface gives its model and `created_at` (GET /v1/jobs/{id}) and lists the account's jobs
 * (GET /v1/jobs). Together they give a job's fingerprint (limits/submission-claims.ts) and
 * creation time, which is all that can tie a job to a submission.
 *
 * Assumptions where the spec says nothing (each one makes the app wait or ask, never guess):
 *  - the earlier interface's job ids are the current interface's, as decimal text, and its
 *    `model` is the identifier the request named (the emulator does both);
 *  - the job list is newest first. This is checked on every page: a list in another order
 *    raises, so no "not found" is ever concluded from a list read the wrong way.
 */
import type { ProductAiClient } from '../../productai/client.ts';
import { isProductAiError } from '../../productai/errors.ts';
import type { Job } from '../../productai/schemas.ts';
import { jobFingerprint, type Fingerprint } from '../limits/submission-claims.ts';

export interface JobFacts {
  jobId: number;
  fingerprint: Fingerprint;
  /** ProductAI's `created_at`, ms since the epoch. */
  createdAt: number;
  job: Job;
}

function sameFingerprint(a: Fingerprint, b: Fingerprint): boolean {
  return a.account === b.account && a.model === b.model && a.prompt === b.prompt;
}

/** What ProductAI says about one job; null when it is not this account's (`client`'s key). */
export async function describeJob(
  client: ProductAiClient,
  account: string,
  jobId: number,
): Promise<JobFacts | null> {
  try {
    const [job, legacy] = await Promise.all([
      client.getJob(jobId),
      client.getLegacyJob(String(jobId)),
    ]);
    return {
      jobId,
      fingerprint: jobFingerprint(account, legacy.model ?? '', job.prompt ?? ''),
      createdAt: Date.parse(legacy.created_at),
      job,
    };
  } catch (error) {
    if (isProductAiError(error, 'job_not_found') || isProductAiError(error, 'not_found'))
      return null;
    throw error;
  }
}

/**
 * The account's jobs created in [from, to] (ProductAI's clock) with this fingerprint that
 * `isKnown` does not claim. Walks the job list from the newest until it passes `from`.
 */
export async function findJobs(
  client: ProductAiClient,
  fingerprint: Fingerprint,
  window: { from: number; to: number },
  isKnown: (jobId: number) => Promise<boolean>,
): Promise<JobFacts[]> {
  const found = new Map<number, JobFacts>();
  let previous = Infinity;
  for await (const summary of client.iterateJobs()) {
    const createdAt = Date.parse(summary.created_at);
    if (createdAt > previous) throw new Error('ProductAI job list is not newest first');
    previous = createdAt;
    if (createdAt < window.from) break;
    if (createdAt > window.to) continue;
    const jobId = Number(summary.job_id);
    // Offset pages shift when a job is created meanwhile: an item may come twice.
    if (found.has(jobId)) continue;
    // Cheap filters first: the model is in the list, the prompt needs a call per job.
    const model = jobFingerprint(fingerprint.account, summary.model ?? '', fingerprint.prompt);
    if (model.model !== fingerprint.model || (await isKnown(jobId))) continue;
    const facts = await describeJob(client, fingerprint.account, jobId);
    if (facts && sameFingerprint(facts.fingerprint, fingerprint)) found.set(jobId, facts);
  }
  return [...found.values()];
}
