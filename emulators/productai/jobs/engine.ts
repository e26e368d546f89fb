/**
 * The jobs engine and its state machine (current-interface names; the earlier interface maps
 * NOT_STARTED→pending, RUNNING→processing, COMPLETED→completed, ERROR→failed):
 *
 *   submit ─► RUNNING ──(job duration elapsed AND render finished)──► COMPLETED
 *     │          └──────(render failed, or the failNextJob fault)────► ERROR
 *     └─(queueNextJob fault)─► NOT_STARTED ──(one job duration)──► RUNNING ─► …
 *
 * The route charges credits before calling `submit`; COMPLETED and ERROR are final and call
 * `onSettled` exactly once (refund on ERROR, webhook delivery). A job's result is the render's
 * hosted file; the render starts when the job starts and runs alongside the job's clock.
 */
import type { Clock } from '../../../src/platform/clock.ts';
import type { Faults } from '../faults.ts';
import type { ProductChanges } from '../product-changes.ts';
import type { RenderPlan } from '../render/plan.ts';
import type { Renderer } from '../render/renderer.ts';
import type { Job, JobKind } from './job.ts';

export interface JobEngineOptions {
  clock: Clock;
  faults: Faults;
  changes: ProductChanges;
  renderer: Renderer;
  durationMs: (kind: JobKind) => number;
  resultUrl: (fileName: string) => string;
  onSettled: (job: Job) => void;
}

export interface Submission {
  accountKey: string;
  kind: JobKind;
  model: string;
  prompt: string;
  credits: number;
  plan: RenderPlan;
  /** When the request arrived. */
  receivedAt: number;
}

function referenceCount(plan: RenderPlan): number {
  if (plan.kind === 'upscale') return 1;
  return plan.images.length + (plan.kind === 'image' && plan.style ? 1 : 0);
}

/** The message of a job failed by the failNextJob fault, as the service would phrase it. */
const GENERATION_FAILED = 'The model failed to generate a result. Please try again.';

export class JobEngine {
  private readonly jobs = new Map<number, Job>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly options: JobEngineOptions;
  private nextId = 100_001;
  private closed = false;

  constructor(options: JobEngineOptions) {
    this.options = options;
  }

  submit(submission: Submission): Job {
    const { clock, faults, durationMs } = this.options;
    const job: Job = {
      id: this.nextId++,
      accountKey: submission.accountKey,
      kind: submission.kind,
      model: submission.model,
      prompt: submission.prompt,
      status: 'NOT_STARTED',
      credits: submission.credits,
      durationMs: durationMs(submission.kind),
      receivedAt: submission.receivedAt,
      createdAt: clock.now(),
      startedAt: null,
      completedAt: null,
      failedAt: null,
      result: null,
      error: null,
      change: null,
      images: referenceCount(submission.plan),
      styleReference: submission.plan.kind === 'image' && submission.plan.style !== undefined,
      reads: [],
    };
    this.jobs.set(job.id, job);
    const doomed = faults.take('failNextJob');
    // A job that fails changes nothing, so it leaves the account's ordered changes alone.
    job.change = doomed ? null : this.options.changes.take(job.accountKey, job.kind);
    const plan: RenderPlan =
      job.change && submission.plan.kind !== 'video'
        ? { ...submission.plan, change: job.change }
        : submission.plan;
    if (faults.take('queueNextJob')) {
      this.after(job.durationMs, () => this.start(job, plan, doomed));
    } else {
      this.start(job, plan, doomed);
    }
    return job;
  }

  /**
   * The account's job with this id, as the path gives it; undefined for text that is no id, an
   * unknown id, or another account's job (which is not found, never forbidden).
   */
  ownedBy(accountKey: string, id: string): Job | undefined {
    const job = /^\d+$/.test(id) ? this.jobs.get(Number(id)) : undefined;
    return job?.accountKey === accountKey ? job : undefined;
  }

  /** Every job, newest first (optionally one account's). */
  list(accountKey?: string): Job[] {
    const all = [...this.jobs.values()].reverse();
    return accountKey === undefined ? all : all.filter((job) => job.accountKey === accountKey);
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private start(job: Job, plan: RenderPlan, doomed: boolean): void {
    job.status = 'RUNNING';
    job.startedAt = this.options.clock.now();
    const elapsed = new Promise<void>((resolve) => this.after(job.durationMs, resolve));
    const rendered = doomed
      ? Promise.reject(new Error(GENERATION_FAILED))
      : this.options.renderer.render(plan);
    Promise.all([rendered, elapsed]).then(
      ([result]) => {
        job.result = { ...result, url: this.options.resultUrl(result.file) };
        this.settle(job, 'COMPLETED');
      },
      (error: unknown) => {
        // A failure still takes the job's time, as a real model run would.
        void elapsed.then(() => {
          job.error = doomed ? GENERATION_FAILED : describeRenderFailure(error);
          this.settle(job, 'ERROR');
        });
      },
    );
  }

  private settle(job: Job, status: 'COMPLETED' | 'ERROR'): void {
    if (this.closed) return;
    job.status = status;
    const now = this.options.clock.now();
    if (status === 'COMPLETED') job.completedAt = now;
    else job.failedAt = now;
    this.options.onSettled(job);
  }

  private after(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
  }
}

function describeRenderFailure(error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `The generation failed while processing the input: ${reason}`;
}
