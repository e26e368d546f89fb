/**
 * How jobs and assets look on the wire. The current interface shows jobs as
 * `{ id, status, prompt, image_url? }`; the earlier one uses its own vocabulary and fields,
 * with the status mapping below. Timestamps are ISO 8601.
 */
import type { Asset } from './assets.ts';
import type { Job, JobStatus } from './jobs/job.ts';

export type EarlierJobStatus = 'pending' | 'processing' | 'completed' | 'failed';

export const EARLIER_STATUS: Record<JobStatus, EarlierJobStatus> = {
  NOT_STARTED: 'pending',
  RUNNING: 'processing',
  COMPLETED: 'completed',
  ERROR: 'failed',
};

export function currentJob(job: Job): Record<string, unknown> {
  return {
    id: job.id,
    status: job.status,
    prompt: job.prompt,
    ...(job.status === 'COMPLETED' && job.result ? { image_url: job.result.url } : {}),
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The earlier interface's job object; its fields depend on the status (see the spec). */
export function earlierJob(job: Job, now: number): Record<string, unknown> {
  const base = {
    job_id: String(job.id),
    status: EARLIER_STATUS[job.status],
    created_at: iso(job.createdAt),
    ...(job.startedAt !== null ? { started_at: iso(job.startedAt) } : {}),
    model: job.model,
    num_images: 1,
  };
  if (job.status === 'ERROR') {
    return {
      ...base,
      failed_at: iso(job.failedAt!),
      error: { code: 'generation_failed', message: job.error ?? 'The generation failed.' },
    };
  }
  if (job.status === 'COMPLETED' && job.result) {
    const { url, width, height } = job.result;
    return {
      ...base,
      progress: 100,
      completed_at: iso(job.completedAt!),
      images: [{ url, width, height }],
      tokens_used: job.credits,
    };
  }
  return { ...base, progress: progressOf(job, now) };
}

/** 0 while queued; while running, the share of the job's time elapsed, held below 100. */
function progressOf(job: Job, now: number): number {
  if (job.startedAt === null) return 0;
  return Math.min(99, Math.floor(((now - job.startedAt) / Math.max(1, job.durationMs)) * 100));
}

export function earlierJobListItem(job: Job): Record<string, unknown> {
  return {
    job_id: String(job.id),
    status: EARLIER_STATUS[job.status],
    model: job.model,
    num_images: 1,
    created_at: iso(job.createdAt),
    completed_at: job.completedAt !== null ? iso(job.completedAt) : null,
  };
}

/** An asset in a list: no file_size, format or updated_at. */
export function assetSummary(asset: Asset, cdnUrl: (name: string) => string) {
  return {
    asset_id: String(asset.id),
    name: asset.name,
    status: asset.status,
    url: cdnUrl(asset.file),
    thumbnail_url: cdnUrl(asset.thumbnail),
    width: asset.width,
    height: asset.height,
    tags: asset.tags,
    created_at: iso(asset.createdAt),
  };
}

/** The asset as returned on create (201): the summary plus file_size and format. */
export function assetCreated(asset: Asset, cdnUrl: (name: string) => string) {
  const { tags, created_at, ...rest } = assetSummary(asset, cdnUrl);
  return { ...rest, file_size: asset.fileSize, format: asset.format, tags, created_at };
}

/** The asset as returned on get: everything, including updated_at. */
export function assetDetail(asset: Asset, cdnUrl: (name: string) => string) {
  return { ...assetCreated(asset, cdnUrl), updated_at: iso(asset.updatedAt) };
}
